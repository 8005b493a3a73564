package org.tsdbbench.opentsdb;

import java.net.URI;
import java.net.http.HttpClient;
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

/**
 * OpenTSDB 2.x through its HTTP API ({@code /api/put}, {@code /api/query}) with the JDK's HTTP
 * client and Jackson. {@code --option sync=true} makes each put wait until HBase has stored the
 * points (durable); by default the TSD answers once it has queued them, and results say which.
 */
public final class OpenTsdbDatabase extends Database {

    static final ModuleOption<Boolean> SYNC = ModuleOption.bool("sync", false,
            "Each put waits until HBase has stored the points (durable); otherwise the TSD answers once it has queued them.");
    static final ModuleOption<Integer> HBASE_INFO_PORT = ModuleOption.integer("hbaseInfoPort", 16030, 1, 65535,
            "Port of the HBase region server's info server (/jmx), read for the disk step.");

    private final OpenTsdbDialect dialect = new OpenTsdbDialect();

    public OpenTsdbDatabase() {
        // The published write test's matrix (the spec's workload.md): 3 or more clients made OpenTSDB stop working or crash there.
        super(new DatabaseDescriptor("opentsdb", "OpenTSDB", 4242, "bench", "OPENTSDB_PASSWORD", SYNC, HBASE_INFO_PORT)
                .withPublishedWriteMatrix("1,10,20,30,40", "1-2")
                // HTTP /api/put as published, acknowledged once queued; ?sync measured far slower (README: Write path).
                .withWritePaths(WritePath.published("put", Map.of("sync", "false"), "devices"))
                // The trucks too (README: The IoT trucks): a metric per field, a record point per record; and TSBS's
                // DevOps hosts (README: TSBS DevOps): a metric per field, eight of the host's ten tags.
                .withWorkloads(DevicesWorkload.INSTANCE, IotWorkload.INSTANCE, CpuOnlyWorkload.INSTANCE)
                .withPublishedCells(IotPublishedCells.nearest()));
    }

    @Override
    public Dialect dialect() {
        return dialect;
    }

    @Override
    public long settleMillis() {
        // Without ?sync the TSD acknowledges before HBase has the points: give them time to land.
        return 30_000;
    }

    @Override
    public Session open(ConnectionOptions o) throws DatabaseException {
        HttpClient http = HttpClient.newBuilder()
                .connectTimeout(o.connectTimeout())
                .version(HttpClient.Version.HTTP_1_1)
                .build();
        ConnectionOptions.Address server = o.single(displayName());
        URI base = URI.create("http://" + server);
        OpenTsdbSession session = new OpenTsdbSession(http, base, o.get(SYNC),
                o.requestTimeout(),
                URI.create("http://" + server.host() + ":" + o.get(HBASE_INFO_PORT)));
        try {
            session.version();
        } catch (DatabaseException e) {
            throw DatabaseException.unreachable(displayName(), o, e.getCause() != null ? e.getCause() : e);
        }
        return session;
    }
}
