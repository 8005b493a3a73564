package org.tsdbbench.tdengine;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Properties;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.Dialect;

/**
 * TDengine through its JDBC driver (taos-jdbcdriver). {@code --option connection=} chooses how:
 * {@code ws} (WebSocket through taosAdapter, port 6041; 3.x, the default), {@code rest} (HTTP
 * through taosAdapter or 2.x's httpd, port 6041) or {@code native} (port 6030, needs libtaos).
 * {@code --option serverMajor=2} selects the 2.x dialect (with the 2.0.x driver: -Ptdengine2).
 */
public final class TDengineDatabase extends Database {

    private final int serverMajor;
    private final TDengineDialect dialect;

    public TDengineDatabase() {
        this(3);
    }

    public TDengineDatabase(int serverMajor) {
        this.serverMajor = serverMajor;
        this.dialect = new TDengineDialect(serverMajor);
    }

    @Override
    public String name() {
        return "tdengine";
    }

    @Override
    public String displayName() {
        return "TDengine";
    }

    @Override
    public int defaultPort() {
        return 6041;
    }

    @Override
    public String defaultUser() {
        return "root";
    }

    @Override
    public String passwordEnv() {
        return "TDENGINE_PASSWORD";
    }

    @Override
    public Dialect dialect() {
        return dialect;
    }

    /** The JDBC URL for a connection type; the database is chosen after connecting (it may not exist yet). */
    static String url(String connection, String host, int port) throws DatabaseException {
        String scheme = switch (connection.toLowerCase(Locale.ROOT)) {
            case "ws" -> "jdbc:TAOS-WS://";
            case "rest" -> "jdbc:TAOS-RS://";
            case "native" -> "jdbc:TAOS://";
            default -> throw new DatabaseException("--option connection=" + connection + ": use ws, rest or native");
        };
        return scheme + host + ":" + port + "/";
    }

    @Override
    public Session open(ConnectionOptions o) throws DatabaseException {
        String connection = o.extra("connection", "ws");
        int major = Integer.parseInt(o.extra("serverMajor", String.valueOf(serverMajor)));
        int maxSql = Integer.parseInt(o.extra("maxSqlBytes", major >= 3 ? "1048576" : "65480"));
        Properties p = new Properties();
        p.setProperty("user", o.user());
        p.setProperty("password", o.password().isEmpty() ? "taosdata" : o.password().reveal());
        p.setProperty("batchfetch", "true");
        p.setProperty("charset", "UTF-8");
        p.setProperty("httpConnectTimeout", String.valueOf(o.connectTimeout().toMillis()));
        p.setProperty("messageWaitTimeout", String.valueOf(o.requestTimeout().toMillis()));
        try {
            ConnectionOptions.Address server = o.single(displayName());
            Connection c = DriverManager.getConnection(url(connection, server.host(), server.port()), p);
            return new TDengineSession(c, o.database(), connection, major, maxSql);
        } catch (SQLException | RuntimeException e) {
            throw DatabaseException.unreachable(displayName(), o, e);
        }
    }
}
