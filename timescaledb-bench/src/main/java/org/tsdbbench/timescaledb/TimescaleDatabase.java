package org.tsdbbench.timescaledb;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.ModuleOption;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.db.WritePath;
import org.tsdbbench.common.devops.CpuOnlyWorkload;
import org.tsdbbench.common.iot.IotPublishedCells;
import org.tsdbbench.common.iot.IotWorkload;
import org.tsdbbench.common.query.Dialect;

/** TimescaleDB (PostgreSQL with the timescaledb extension) through the PostgreSQL JDBC driver. */
public final class TimescaleDatabase extends Database {

    static final ModuleOption<WriteMode> WRITE_MODE = ModuleOption.choice("writeMode", WriteMode.class, WriteMode.COPY,
            "How a request is sent: COPY ... FROM STDIN through the driver's CopyManager (copy, TSBS's way), one multi-row INSERT (multirow),"
                    + " or a JDBC batch of a prepared INSERT the driver rewrites into multi-row INSERTs (batch).");
    static final ModuleOption<Boolean> COMPRESS = ModuleOption.bool("compress", false,
            "Keep the rows in TimescaleDB's columnstore: the table is made with compression (segmentby devid) and every count first"
                    + " converts the chunks still in the row store (compress_chunk), so loads, disk and queries see compressed chunks.");
    static final ModuleOption<String> SSL_MODE = ModuleOption.choice("sslMode", "disable", "The driver's sslmode.",
            "disable", "allow", "prefer", "require", "verify-ca", "verify-full");

    private final TimescaleDialect dialect = new TimescaleDialect();

    public TimescaleDatabase() {
        // Port 5442: scripts/servers/timescaledb.sh keeps clear of Debian's default cluster on 5432.
        super(new DatabaseDescriptor("timescaledb", "TimescaleDB", 5442, "bench", "TIMESCALEDB_PASSWORD", WRITE_MODE, COMPRESS, SSL_MODE)
                // COPY, as TSBS's TimescaleDB loader writes (report C), is also the default: it costs the server a half to a third of multirow.
                .withWritePaths(WritePath.published("copy", Map.of("writeMode", "copy"), "devices", "iot"))
                .withWorkloads(DevicesWorkload.INSTANCE, IotWorkload.INSTANCE, CpuOnlyWorkload.INSTANCE)
                .withPublishedCells(IotPublishedCells.reportC()));
    }

    @Override
    public Dialect dialect() {
        return dialect;
    }

    @Override
    public Session open(ConnectionOptions o) throws DatabaseException {
        // Several -host addresses: the driver's multi-host URL, trying them in order.
        String url = "jdbc:postgresql://" + String.join(",", o.addresses().stream().map(ConnectionOptions.Address::toString).toList())
                + "/" + o.database();
        try {
            Connection c = DriverManager.getConnection(url, properties(o));
            return new TimescaleSession(c, o.get(WRITE_MODE), o.get(COMPRESS));
        } catch (SQLException e) {
            throw DatabaseException.unreachable(displayName(), o, e);
        }
    }

    /** The driver's settings for these options. */
    static Properties properties(ConnectionOptions o) {
        Properties p = new Properties();
        p.setProperty("user", o.user());
        p.setProperty("password", o.password().reveal());
        p.setProperty("sslmode", o.get(SSL_MODE));
        // The driver's timeouts are whole seconds: a timeout in milliseconds is rounded up.
        p.setProperty("connectTimeout", String.valueOf(seconds(o.connectTimeout())));
        // The socket timeout bounds every request's wait for an answer (and the login's): a stalled
        // server fails it, never hangs it.
        p.setProperty("socketTimeout", String.valueOf(seconds(o.requestTimeout())));
        // The "batch" write mode: the driver rewrites a JDBC batch of INSERTs into multi-row INSERTs.
        p.setProperty("reWriteBatchedInserts", "true");
        p.setProperty("ApplicationName", "tsdb-bench");
        return p;
    }

    private static long seconds(Duration d) {
        return Math.max(1, (d.toMillis() + 999) / 1000);
    }
}
