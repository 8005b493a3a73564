package org.tsdbbench.tdengine;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.ModuleOption;

/**
 * The module's {@code --option}s, checked before anything connects, and what was chosen from
 * them once the server's version was known: the path (and whether the user or auto chose it),
 * the write mode, the server major that picks dialect and SQL limit, the SQL length limit.
 */
record TDengineSettings(ConnectionPath path, String pathChosenBy, WriteMode writeMode, int major, boolean majorOverridden,
                        int maxSqlBytes, String configDir, int nativePort, Integer replica) {

    static final ModuleOption<String> CONNECTION = ModuleOption.choice("connection", "auto",
            "The path to the server: native (libtaos, port 6030), rest (HTTP), ws (WebSocket, 3.3.6.0 on); auto takes ws where the server"
                    + " and driver can, else rest.",
            Stream.concat(Stream.of("auto"), Arrays.stream(ConnectionPath.values()).map(ConnectionPath::option)).toArray(String[]::new));
    static final ModuleOption<WriteMode> WRITE_MODE = ModuleOption.choice("writeMode", WriteMode.class, WriteMode.SQL,
            "How rows are sent: INSERT text (sql), parameter binding on the native path (stmt), schemaless line protocol (line).");
    static final ModuleOption<Integer> SERVER_MAJOR = ModuleOption.integer("serverMajor", null, 2, 3,
            "The server's major version for dialect, SQL limit and 2.x behaviours; none: the server's own.");
    static final ModuleOption<Integer> MAX_SQL_BYTES = ModuleOption.integer("maxSqlBytes", null, 1024, 64 * 1024 * 1024,
            "Longest INSERT the builder sends; none: the server major's default (1 MB on 3.x, 65,480 bytes on 2.x).");
    static final ModuleOption<String> CONFIG_DIR = ModuleOption.text("configDir", null,
            "The native client's config folder (taos.cfg); none: the client library's default.");
    static final ModuleOption<Integer> NATIVE_PORT = ModuleOption.integer("nativePort", 6030, 1, 65535,
            "taosd's native port, whose process the disk step reads the data folder of.");
    static final ModuleOption<Integer> REPLICA = ModuleOption.integer("replica", null, 1, 3,
            "REPLICA of the database the schema step creates (3 on a three-dnode cluster); none: the server's default.");
    /** The module's options, as its descriptor declares them. */
    static final List<ModuleOption<?>> OPTIONS = List.of(CONNECTION, WRITE_MODE, SERVER_MAJOR, MAX_SQL_BYTES, CONFIG_DIR, NATIVE_PORT, REPLICA);

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

        /** What the options ask for; a bad value (a session opened without the CLI's checks) is a DatabaseException naming it. */
        static Requested from(ConnectionOptions o) throws DatabaseException {
            try {
                return new Requested(ConnectionPath.parse(o.get(CONNECTION)), o.get(WRITE_MODE), o.get(SERVER_MAJOR), o.get(MAX_SQL_BYTES),
                        o.get(CONFIG_DIR), o.get(NATIVE_PORT), o.get(REPLICA));
            } catch (IllegalArgumentException e) {
                throw new DatabaseException(e.getMessage(), e);
            }
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
    }

    /** One line for the write table and the manifest: how the rows travelled. */
    String describePath() {
        return "connection=" + path.option() + " writeMode=" + writeMode.option();
    }
}
