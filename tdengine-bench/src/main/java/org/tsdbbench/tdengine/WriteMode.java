package org.tsdbbench.tdengine;

import java.util.Locale;

/**
 * How a request's rows reach TDengine ({@code --option writeMode=}). {@code sql}: one INSERT
 * spanning several sub-tables (the published tools' way). {@code stmt}: parameter binding, the
 * rows of each sub-table bound as columns (native path). {@code line}: schemaless InfluxDB line
 * protocol, the layout TDengine makes for it (its own super table with NCHAR tags).
 */
enum WriteMode {
    SQL, STMT, LINE;

    String option() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Why this mode cannot run on a path (and server major), or null when it can. */
    String refusal(ConnectionPath path, int serverMajor) {
        return switch (this) {
            case SQL -> null;
            case STMT -> path == ConnectionPath.NATIVE ? null
                    : "writeMode=stmt binds parameters through the native client library: use --option connection=native";
            case LINE -> path == ConnectionPath.REST && serverMajor < 3
                    ? "writeMode=line over REST needs taosAdapter (TDengine 3.x); TDengine " + serverMajor + ".x takes it on --option connection=native"
                    : null;
        };
    }
}
