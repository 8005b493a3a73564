package org.tsdbbench.mysql;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
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

/** MySQL (or MariaDB) through Connector/J. */
public final class MySqlDatabase extends Database {

    static final ModuleOption<MySqlSession.WriteMode> WRITE_MODE = ModuleOption.choice("writeMode", MySqlSession.WriteMode.class,
            MySqlSession.WriteMode.MULTIROW, "How a request is sent: one multi-row INSERT (multirow), or a JDBC batch the driver rewrites (batch; the devices only).");
    static final ModuleOption<String> SSL_MODE = ModuleOption.choice("sslMode", "DISABLED", "Connector/J's sslMode.",
            "DISABLED", "PREFERRED", "REQUIRED", "VERIFY_CA", "VERIFY_IDENTITY");

    private final MySqlDialect dialect = new MySqlDialect();

    public MySqlDatabase() {
        // The published write test's matrix (the spec's workload.md).
        super(new DatabaseDescriptor("mysql", "MySQL", 3306, "bench", "MYSQL_PASSWORD", WRITE_MODE, SSL_MODE)
                .withPublishedWriteMatrix("1,10", "1-7")
                // Multi-row INSERTs as published; the driver-rewritten JDBC batch measured slower here (README: Write path).
                .withWritePaths(WritePath.published("multirow", Map.of("writeMode", "multirow"), "devices"))
                .withWorkloads(DevicesWorkload.INSTANCE, IotWorkload.INSTANCE, CpuOnlyWorkload.INSTANCE)
                .withPublishedCells(IotPublishedCells.nearest()));
    }

    @Override
    public Dialect dialect() {
        return dialect;
    }

    @Override
    public Session open(ConnectionOptions o) throws DatabaseException {
        // Several -host addresses: Connector/J's multi-host URL, failing over in order (replicas, a Galera cluster).
        String url = "jdbc:mysql://" + String.join(",", o.addresses().stream().map(ConnectionOptions.Address::toString).toList())
                + "/" + o.database();
        try {
            Connection c = DriverManager.getConnection(url, properties(o));
            return new MySqlSession(c, o.get(WRITE_MODE));
        } catch (SQLException e) {
            throw DatabaseException.unreachable(displayName(), o, e);
        }
    }

    /** Connector/J's settings for these options. */
    static Properties properties(ConnectionOptions o) {
        Properties p = new Properties();
        p.setProperty("user", o.user());
        p.setProperty("password", o.password().reveal());
        // Batch rewriting turns a JDBC batch into multi-row INSERTs (the "batch" write mode).
        p.setProperty("rewriteBatchedStatements", "true");
        p.setProperty("sslMode", o.get(SSL_MODE));
        p.setProperty("allowPublicKeyRetrieval", "true");
        p.setProperty("connectTimeout", String.valueOf(o.connectTimeout().toMillis()));
        // The socket timeout bounds every request (and the login): a stalled server fails it, never hangs it.
        p.setProperty("socketTimeout", String.valueOf(o.requestTimeout().toMillis()));
        p.setProperty("useCursorFetch", "false");
        p.setProperty("cachePrepStmts", "true");
        // AVG of an INT column is a DECIMAL with div_precision_increment decimals, 4 by default: too
        // few for the answer check, whose tolerance for an average of n rows is 1/(8n). 30 (the
        // most) gives the exact average to far more digits than a double keeps.
        p.setProperty("sessionVariables", "div_precision_increment=30");
        return p;
    }
}
