package org.tsdbbench.tdengine;

import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.DatabaseException;

/**
 * The module's {@code --option}s, checked before anything connects, and what was chosen from
 * them once the server's version was known: the path (and whether the user or auto chose it),
 * the write mode, the server major that picks dialect and SQL limit, the SQL length limit.
 */
record TDengineSettings(ConnectionPath path, String pathChosenBy, WriteMode writeMode, int major, boolean majorOverridden,
                        int maxSqlBytes, String configDir, int nativePort, Integer replica) {

    /** The SQL length limits of the servers' defaults: 1 MB on 3.x, maxSQLLength 65,480 bytes on 2.x. */
    static int defaultMaxSqlBytes(int major) {
        return major >= 3 ? 1_048_576 : 65_480;
    }

    /**
     * What the options ask for, before the server is asked anything. {@code replica}: the REPLICA of
     * the database the session creates ({@code --option replica=3} on a three-dnode cluster), null
     * for the server's default.
     */
    record Requested(ConnectionPath path, WriteMode writeMode, Integer major, Integer maxSqlBytes, String configDir, int nativePort,
                     Integer replica) {

        static Requested from(ConnectionOptions o) throws DatabaseException {
            return new Requested(ConnectionPath.parse(o.extra("connection", "auto")), WriteMode.parse(o.extra("writeMode", "sql")),
                    optionalInt(o, "serverMajor", 2, 3), optionalInt(o, "maxSqlBytes", 1024, 64 * 1024 * 1024), o.extra("configDir", null),
                    optionalInt(o, "nativePort", 1, 65535) == null ? 6030 : optionalInt(o, "nativePort", 1, 65535),
                    optionalInt(o, "replica", 1, 3));
        }

        /** The settings once the server's version and the path are known; a write mode the path cannot take is an error. */
        TDengineSettings resolve(ConnectionPath chosen, ServerVersion server) throws DatabaseException {
            int effectiveMajor = major != null ? major : server.major();
            String refusal = writeMode.refusal(chosen, effectiveMajor);
            if (refusal != null) throw new DatabaseException("--option writeMode=" + writeMode.option() + ": " + refusal);
            String by = path != null ? "--option connection=" + path.option()
                    : "auto: " + (chosen == ConnectionPath.WS ? "server " + server + " takes WebSocket"
                    : ConnectionPath.webSocketRefusal(server, DriverInfo.major()) + "; REST instead");
            return new TDengineSettings(chosen, by, writeMode, effectiveMajor, major != null,
                    maxSqlBytes != null ? maxSqlBytes : defaultMaxSqlBytes(effectiveMajor), configDir, nativePort, replica);
        }

        private static Integer optionalInt(ConnectionOptions o, String key, int min, int max) throws DatabaseException {
            String v = o.extra(key, null);
            if (v == null) return null;
            try {
                int n = Integer.parseInt(v.strip());
                if (n >= min && n <= max) return n;
            } catch (NumberFormatException e) {
                // the message below says what is wanted
            }
            throw new DatabaseException("--option " + key + "=" + v + ": must be a whole number " + min + ".." + max);
        }
    }

    /** One line for the write table and the manifest: how the rows travelled. */
    String describePath() {
        return "connection=" + path.option() + " writeMode=" + writeMode.option();
    }
}
