package org.tsdbbench.clickhouse;

import java.time.temporal.ChronoUnit;
import java.util.Map;
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
import com.clickhouse.client.api.Client;
import com.clickhouse.client.api.ClientFaultCause;

/**
 * ClickHouse through its official Java client (client-v2) over HTTP. Servers older than 20.x
 * (Debian's 18.16 here) need compatibility choices, selected with {@code --option compat=}:
 * {@code auto} (by the server's version), {@code legacy} (no HTTP compression: 18.16 answers LZ4
 * requests with empty replies) or {@code modern} (the client's LZ4 compression).
 */
public final class ClickHouseDatabase extends Database {

    static final int FIRST_MODERN_MAJOR = 20;
    static final ModuleOption<String> COMPAT = ModuleOption.choice("compat", "auto",
            "Server compatibility: by the server's version (auto), no HTTP compression for servers before 20.x (legacy), LZ4 (modern).",
            "auto", "legacy", "modern");
    private final ClickHouseDialect dialect = new ClickHouseDialect();

    public ClickHouseDatabase() {
        // The published write test's matrix (the spec's workload.md).
        super(new DatabaseDescriptor("clickhouse", "ClickHouse", 8123, "default", "CLICKHOUSE_PASSWORD", COMPAT)
                .withPublishedWriteMatrix("50,100,1000,5000,10000,20000,40000,50000", "1-7")
                // An HTTP INSERT of tab-separated rows: what the published JDBC driver's batch sent (README: Write path).
                // The IoT trucks go the same way, one INSERT per table; no published report wrote them to ClickHouse.
                .withWritePaths(WritePath.published("tsv", Map.of(), "devices"))
                // The DevOps hosts (cpu-only) the same way, in TSBS's tags-table layout (README: TSBS DevOps).
                .withWorkloads(DevicesWorkload.INSTANCE, IotWorkload.INSTANCE, CpuOnlyWorkload.INSTANCE)
                .withPublishedCells(IotPublishedCells.nearest()));
    }

    @Override
    public Dialect dialect() {
        return dialect;
    }

    @Override
    public Session open(ConnectionOptions o) throws DatabaseException {
        ConnectionOptions.Address server = o.single(displayName());
        String compat = o.get(COMPAT);
        // First, without compression (which every server understands) and in database `default`:
        // ask the version and make sure the benchmark's database exists.
        String version;
        try (Client probe = client(o, server, false, "default")) {
            version = ClickHouseSession.scalar(probe, "SELECT version()");
            ClickHouseSession.command(probe, "CREATE DATABASE IF NOT EXISTS " + o.database());
        } catch (DatabaseException e) {
            throw DatabaseException.unreachable(displayName(), o, e.getCause() != null ? e.getCause() : e);
        }
        boolean modern = compat.equals("modern") || (compat.equals("auto") && major(version) >= FIRST_MODERN_MAJOR);
        return new ClickHouseSession(client(o, server, modern, o.database()), o.database(), version, modern);
    }

    private static Client client(ConnectionOptions o, ConnectionOptions.Address server, boolean modern, String database) {
        Client.Builder b = new Client.Builder().setDefaultDatabase(database);
        // Old servers ignore the X-ClickHouse-Database header the client sends; they read the
        // database from the URL, where server settings travel.
        if (!modern) b.serverSetting("database", database);
        boolean compress = modern;
        return b
                .addEndpoint("http://" + server)
                .setUsername(o.user())
                .setPassword(o.password().reveal())
                .setConnectTimeout(o.connectTimeout().toMillis(), ChronoUnit.MILLIS)
                .setSocketTimeout(o.requestTimeout().toMillis(), ChronoUnit.MILLIS)
                // Retry only where the request never reached the server: the client's default also
                // re-sends after "no HTTP response", which can store an INSERT twice (MergeTree keeps both).
                .retryOnFailures(ClientFaultCause.ConnectTimeout, ClientFaultCause.ConnectionRequestTimeout)
                .compressServerResponse(compress)
                .compressClientRequest(compress)
                .build();
    }

    static int major(String version) {
        try {
            return Integer.parseInt(version.strip().split("\\.")[0]);
        } catch (RuntimeException e) {
            return 0;
        }
    }
}
