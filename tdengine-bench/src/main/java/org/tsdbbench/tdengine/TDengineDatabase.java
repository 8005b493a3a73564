package org.tsdbbench.tdengine;

import java.net.http.HttpClient;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.db.WritePath;
import org.tsdbbench.common.devops.CpuOnlyWorkload;
import org.tsdbbench.common.iot.IotPublishedCells;
import org.tsdbbench.common.iot.IotWorkload;
import org.tsdbbench.common.query.Dialect;

/**
 * TDengine, 3.x and 2.x, on three paths. By default the module asks the server its version over
 * REST first and takes the best path both the server and this build's driver support (WebSocket
 * from 3.3.6.0 on, else REST); {@code --option connection=native|rest|ws} forces one, and a path
 * the server cannot take is a one-line error naming the version it needs. The server's major
 * picks the dialect, the SQL length limit and the 2.x behaviours ({@code --option serverMajor}
 * overrides it). See {@link ConnectionPath}, {@link WriteMode} and the module README.
 */
public final class TDengineDatabase extends Database {

    /** The dialect each server speaks, learned once per server and options (the session asks its version). */
    private final Map<ConnectionOptions, TDengineDialect> dialects = new ConcurrentHashMap<>();

    /** The default port is taosAdapter's REST and WebSocket port (2.x: taosd's own REST server); the native path is 6030. */
    public TDengineDatabase() {
        // The published write test's matrix (the spec's workload.md).
        super(new DatabaseDescriptor("tdengine", "TDengine", 6041, "root", "TDENGINE_PASSWORD", TDengineSettings.OPTIONS)
                .withPublishedWriteMatrix("1,100,500,1000,2000", "1-7").withClusterScript("tdengine-cluster")
                // The 2018-2019 reports' tools wrote INSERT text through the C API; for report C's trucks the
                // suite takes parameter binding (stmt) as the published path, as issue #28 sets it (README: Write path).
                .withWritePaths(WritePath.published("sql", Map.of("writeMode", "sql"), "devices"),
                        WritePath.published("stmt", Map.of("writeMode", "stmt"), "iot"))
                .withWorkloads(DevicesWorkload.INSTANCE, IotWorkload.INSTANCE, CpuOnlyWorkload.INSTANCE)
                .withPublishedCells(IotPublishedCells.reportC()));
    }

    /** The 3.x dialect: what a server of unknown version is spoken to in (the query files of sql/tdengine). */
    @Override
    public Dialect dialect() {
        return new TDengineDialect(3, descriptor().defaultDatabase());
    }

    /** The dialect of the server these options reach: its major version's (or {@code --option serverMajor}'s). */
    @Override
    public Dialect dialect(ConnectionOptions options) throws DatabaseException {
        TDengineDialect known = dialects.get(options);
        if (known != null) return known;
        int major;
        try (TDengineSession s = (TDengineSession) open(options)) {
            major = s.major();
        }
        TDengineDialect d = new TDengineDialect(major, options.database());
        dialects.put(options, d);
        return d;
    }

    @Override
    public Session open(ConnectionOptions o) throws DatabaseException {
        TDengineSettings.Requested requested = TDengineSettings.Requested.from(o);
        ConnectionOptions.Address server = o.single(displayName());
        String password = o.password().isEmpty() ? "taosdata" : o.password().reveal();
        Channel channel;
        TDengineSettings settings;
        ServerVersion version;
        if (requested.path() == ConnectionPath.NATIVE) {
            channel = connect(o, "jdbc:TAOS://" + server + "/", jdbcProperties(o, password, requested, false));
            try {
                version = ServerVersion.parse(channel.scalar("SELECT SERVER_VERSION()"));
                if (version.major() != DriverInfo.major()) {
                    throw new DatabaseException("--option connection=native: TDengine " + version + " at " + o.address() + " needs the native"
                            + " client of its major, but this build carries taos-jdbcdriver " + DriverInfo.version()
                            + (version.major() < 3 ? ": build with -Ptdengine2, or use --option connection=rest" : ": use the default build"));
                }
                settings = requested.resolve(ConnectionPath.NATIVE, version);
            } catch (DatabaseException | RuntimeException e) {
                channel.close();
                throw e instanceof DatabaseException d ? d : new DatabaseException(e.getMessage(), e);
            }
        } else {
            HttpClient http = RestChannel.client(o.connectTimeout());
            String base = "http://" + server;
            String authorization = RestChannel.authorization(o.user(), password);
            try {
                version = RestChannel.serverVersion(http, base, authorization, o.connectTimeout());
            } catch (DatabaseException e) {
                throw DatabaseException.unreachable(displayName(), o, e);
            }
            ConnectionPath path = requested.path() != null ? requested.path() : ConnectionPath.auto(version, DriverInfo.major());
            if (path == ConnectionPath.WS) {
                String refusal = ConnectionPath.webSocketRefusal(version, DriverInfo.major());
                if (refusal != null) {
                    throw new DatabaseException("--option connection=ws: " + refusal + " (" + o.user() + "@" + o.address()
                            + "): use --option connection=rest or native");
                }
            }
            settings = requested.resolve(path, version);
            channel = path == ConnectionPath.WS
                    ? connect(o, "jdbc:TAOS-WS://" + server + "/", jdbcProperties(o, password, requested, true))
                    : RestChannel.open(http, base, authorization, o.requestTimeout(), settings.major());
        }
        try {
            return new TDengineSession(channel, settings, version, o.database());
        } catch (DatabaseException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    private JdbcChannel connect(ConnectionOptions o, String url, Properties properties) throws DatabaseException {
        try {
            return JdbcChannel.open(url, properties, o.connectTimeout());
        } catch (DatabaseException e) {
            throw DatabaseException.unreachable(displayName(), o, e);
        }
    }

    private static Properties jdbcProperties(ConnectionOptions o, String password, TDengineSettings.Requested r, boolean webSocket) {
        Properties p = new Properties();
        p.setProperty("user", o.user());
        p.setProperty("password", password);
        p.setProperty("charset", "UTF-8");
        if (r.configDir() != null) p.setProperty("cfgdir", r.configDir());
        if (webSocket) {
            p.setProperty("batchfetch", "true");
            p.setProperty("httpConnectTimeout", String.valueOf(o.connectTimeout().toMillis()));
            p.setProperty("messageWaitTimeout", String.valueOf(o.requestTimeout().toMillis()));
        }
        return p;
    }
}
