package org.tsdbbench.cnosdb;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tsdbbench.common.data.DeviceSession;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.DurabilitySetting;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.db.ServerFacts;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.CpuOnlyWorkload;
import org.tsdbbench.common.devops.DevopsSession;
import org.tsdbbench.common.devops.DevopsSpec;
import org.tsdbbench.common.iot.IotSession;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotWorkload;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.iot.TruckLines;
import org.tsdbbench.common.query.ResultSink;
import org.tsdbbench.common.workload.Workload;

/**
 * One client's CnosDB connection (HTTP keep-alive). The benchmark's database lives in CnosDB's
 * default tenant {@value #TENANT}; for the devices it is created with millisecond precision and
 * the devices table with its types ({@link DevicesLayout}), for the IoT trucks with nanosecond
 * precision and tables readings and diagnostics ({@link IotLayout}), for TSBS's DevOps hosts with
 * nanosecond precision and table cpu ({@link CpuLayout}). A write is one request of
 * line protocol: CnosDB answers 200 for the whole request or fails it, so the rows acknowledged are
 * the rows of a request answered 200 (the count after every write cell checks that they were stored).
 */
final class CnosSession implements DeviceSession, IotSession, DevopsSession {

    /** CnosDB's default tenant, the one the HTTP API uses when a request names none. */
    static final String TENANT = "cnosdb";
    /** The database that always exists, where database DDL runs. */
    private static final String PUBLIC = "public";

    private final CnosHttp http;
    private final String database;
    private final String version;
    private final int port;
    private final URI writeUri;
    private final URI iotWriteUri;
    private final URI cpuWriteUri;
    private final LineProtocol lines = new LineProtocol();
    private final IotLayout iot = new IotLayout();
    private final HostLineStarts hostStarts = new HostLineStarts();

    CnosSession(CnosHttp http, String database, String version, int port) {
        this.http = http;
        this.database = database;
        this.version = version;
        this.port = port;
        this.writeUri = http.writeUri(database, "ms");
        this.iotWriteUri = http.writeUri(database, IotLayout.PRECISION);
        this.cpuWriteUri = http.writeUri(database, CpuLayout.PRECISION);
    }

    /** Drops the database (its vnodes' files go with it) and creates it again, empty, with the devices table. */
    @Override
    public void recreateSchema(WorkloadSpec spec) throws DatabaseException {
        recreate("ms", List.of(DevicesLayout.CREATE_TABLE));
    }

    @Override
    public long write(RowBatch batch) throws DatabaseException {
        DevicesLayout.lines(batch, lines);
        return send(writeUri, batch.size());
    }

    /** The line protocol is built now, as bytes; sending them is the measured part with {@code --option prebuild=true}. */
    @Override
    public PreparedWrite prepare(RowBatch batch) {
        DevicesLayout.lines(batch, lines);
        return prepared(writeUri, batch.size());
    }

    /** Drops the database and creates it again, empty, WITH PRECISION 'ns', with tables readings and diagnostics. */
    @Override
    public void recreateSchema(IotSpec spec) throws DatabaseException {
        recreate(IotLayout.PRECISION, IotLayout.CREATE_TABLES);
    }

    private void recreate(String precision, List<String> createTables) throws DatabaseException {
        http.sqlJson(PUBLIC, "DROP DATABASE IF EXISTS " + database);
        http.sqlJson(PUBLIC, "CREATE DATABASE " + database + " WITH PRECISION '" + precision + "'");
        for (String table : createTables) http.sqlJson(database, table);
    }

    /**
     * The trucks' request is TSBS's influx lines in nanoseconds ({@link IotLayout}): a TSBS file's lines
     * go as they are, as tsdb-comparisons' {@code load_cnosdb} sends them.
     */
    @Override
    public boolean takesTsbsLines() {
        return true;
    }

    /**
     * One request of line protocol holding the batch's readings and diagnostics: both tables' records
     * are acknowledged together. A batch of a TSBS file's lines is sent as those lines.
     */
    @Override
    public long write(TruckBatch batch) throws DatabaseException {
        TruckLines fileLines = batch.lines();
        if (fileLines == null) {
            iot.lines(batch, lines);
            return send(iotWriteUri, batch.size());
        }
        return send(iotWriteUri, fileLines.bytes(), fileLines.length(), fileLines::abandon, batch.size());
    }

    @Override
    public PreparedWrite prepare(TruckBatch batch) {
        TruckLines fileLines = batch.lines();
        if (fileLines != null) {
            return prepared(iotWriteUri, java.util.Arrays.copyOf(fileLines.bytes(), fileLines.length()), batch.size());
        }
        iot.lines(batch, lines);
        return prepared(iotWriteUri, batch.size());
    }

    /**
     * Counts {@code time} of both tables: a record may lack any field (TSBS's nulls), never its time.
     * With a condition on time: CnosDB 2.4.3 answers a bare {@code COUNT(time)} or {@code COUNT(*)}
     * from the rows as written, counting twice a row written twice (two records of one series and
     * time), which {@code SELECT} returns once (README, "Records sharing a series and time").
     */
    @Override
    public long countRows(IotSpec spec) throws DatabaseException {
        List<String> tables = tables();
        long rows = 0;
        for (IotTable table : IotTable.values()) {
            if (tables.contains(table.measurement)) rows += count("SELECT COUNT(time) FROM " + table.measurement + " WHERE time >= " + spec.startNs());
        }
        return rows;
    }

    /** Drops the database and creates it again, empty, WITH PRECISION 'ns', with table cpu. */
    @Override
    public void recreateSchema(DevopsSpec spec) throws DatabaseException {
        recreate(CpuLayout.PRECISION, List.of(CpuLayout.CREATE_TABLE));
    }

    /** One request of line protocol holding the batch's rows, all acknowledged when CnosDB answers 200. */
    @Override
    public long write(CpuBatch batch) throws DatabaseException {
        CpuLayout.lines(batch, hostStarts, lines);
        return send(cpuWriteUri, batch.size());
    }

    /** The cpu request is TSBS's lines byte for byte ({@link CpuLayout}): a TSBS file's lines go as they are. */
    @Override
    public boolean takesCpuLines() {
        return true;
    }

    /** The line protocol is built now, as bytes, and copied; sending them is what remains. */
    @Override
    public PreparedWrite prepare(CpuBatch batch) {
        CpuLayout.lines(batch, hostStarts, lines);
        return prepared(cpuWriteUri, batch.size());
    }

    /** {@code COUNT(time)} of cpu with a condition on time, which counts what SELECT returns (as for the trucks). */
    @Override
    public long countRows(DevopsSpec spec) throws DatabaseException {
        if (!tables().contains(CpuLayout.TABLE)) return 0;
        return count("SELECT COUNT(time) FROM " + CpuLayout.TABLE + " WHERE time >= " + spec.startNs());
    }

    /** The hosts' table lives in the same database: its figure covers it as it covers the devices. */
    @Override
    public DiskUse diskUse(DevopsSpec spec) throws DatabaseException {
        return diskUse();
    }

    /** Sends the request body built in {@link #lines}; all its rows are acknowledged when CnosDB answers 200. */
    private long send(URI uri, int rows) throws DatabaseException {
        return send(uri, lines.bytes(), lines.length(), lines::abandon, rows);
    }

    /**
     * Sends {@code body[0, length)}; all its rows are acknowledged when CnosDB answers 200. After a
     * failure the body's owner gives its bytes up ({@code abandon}): the HTTP client may still read a
     * request it gave up on.
     */
    private long send(URI uri, byte[] body, int length, Runnable abandon, int rows) throws DatabaseException {
        try {
            http.write(uri, body, length);
        } catch (DatabaseException e) {
            abandon.run();
            throw new DatabaseException("CnosDB write of " + rows + " rows failed: " + e.getMessage(), e);
        }
        return rows;
    }

    /** The request body built in {@link #lines}, copied, to be sent later. */
    private PreparedWrite prepared(URI uri, int rows) {
        return prepared(uri, lines.copy(), rows);
    }

    /** A request body of {@code rows} rows, to be sent later. */
    private PreparedWrite prepared(URI uri, byte[] body, int rows) {
        return PreparedWrite.of(rows, body.length, () -> {
            try {
                http.write(uri, body, body.length);
            } catch (DatabaseException e) {
                throw new DatabaseException("CnosDB write of " + rows + " rows failed: " + e.getMessage(), e);
            }
            return rows;
        });
    }

    @Override
    public void query(String text, ResultSink sink) throws DatabaseException {
        http.sql(database, text, sink);
    }

    @Override
    public long countRows(WorkloadSpec spec) throws DatabaseException {
        // The database may hold the other workload's tables only (each workload's schema recreates the database): none of these rows.
        return tables().contains(DevicesLayout.TABLE) ? count("SELECT COUNT(*) FROM " + DevicesLayout.TABLE) : 0;
    }

    /** The tables of the benchmark database, as SHOW TABLES lists them. */
    private List<String> tables() throws DatabaseException {
        List<String> names = new ArrayList<>();
        for (JsonNode row : http.sqlJson(database, "SHOW TABLES")) names.add(row.path("table_name").asText());
        return names;
    }

    private long count(String sql) throws DatabaseException {
        long[] count = {-1};
        http.sql(database, sql, row -> count[0] = (long) row[0]);
        if (count[0] < 0) throw new DatabaseException("CnosDB: no row in the answer to " + sql);
        return count[0];
    }

    /** The trucks' measurements live in the same database: its figure covers them as it covers the devices. */
    @Override
    public DiskUse diskUse(IotSpec spec) throws DatabaseException {
        return diskUse();
    }

    @Override
    public DiskUse diskUse() throws DatabaseException {
        // What else the server holds: the tenant's other databases but CnosDB's own (public, its default; usage_schema, its metrics;
        // cluster_schema, its cluster's).
        List<String> others = new ArrayList<>();
        for (JsonNode row : http.sqlJson(PUBLIC, "SHOW DATABASES")) {
            String name = row.path("database_name").asText();
            if (!name.equals(database) && !List.of(PUBLIC, "usage_schema", "cluster_schema").contains(name)) others.add(name);
        }
        return VnodeFolders.measure(http, TENANT, database, port, others);
    }

    /**
     * The server's version, the database's options as DESCRIBE DATABASE gives them (wal_sync and
     * precision among them), and the layout of the workload's tables. A server without the database
     * yet (a first load, which creates it) says so instead of its options.
     */
    @Override
    public ServerFacts facts(Workload workload) throws DatabaseException {
        List<String> layout = IotWorkload.INSTANCE.equals(workload) ? IotLayout.DESCRIPTION
                : CpuOnlyWorkload.INSTANCE.equals(workload) ? CpuLayout.DESCRIPTION : DevicesLayout.DESCRIPTION;
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("tenant", TENANT);
        settings.put("precision", "the database's (database.precision), line protocol in the same");
        boolean exists = false;
        for (JsonNode row : http.sqlJson(PUBLIC, "SHOW DATABASES")) exists |= database.equals(row.path("database_name").asText());
        if (!exists) {
            settings.put("database", "not created yet: the step creates it with its workload's tables");
            return new ServerFacts(version, driver(), settings, layout);
        }
        JsonNode described = http.sqlJson(database, "DESCRIBE DATABASE " + database);
        for (JsonNode row : described) {
            row.fields().forEachRemaining(f -> settings.put("database." + f.getKey(), f.getValue().asText()));
        }
        return new ServerFacts(version, driver(), settings, layout);
    }

    /**
     * The database's wal_sync (DESCRIBE DATABASE): a write is answered once its points are in the
     * vnode's WAL file; wal_sync true fsyncs the WAL before the answer, false leaves it to the
     * kernel. Either way a killed cnosdb keeps what it acknowledged; with false an OS crash or
     * power loss may not.
     */
    @Override
    public List<DurabilitySetting> durability() throws DatabaseException {
        String sync = null;
        for (JsonNode row : http.sqlJson(database, "DESCRIBE DATABASE " + database)) {
            if (row.has("wal_sync")) sync = row.get("wal_sync").asText();
        }
        if (sync == null) throw new DatabaseException("CnosDB: DESCRIBE DATABASE " + database + " names no wal_sync");
        return List.of(DurabilitySetting.of("wal_sync", sync, "true".equals(sync)
                ? "a write is answered once its points are in the WAL file and the WAL is fsynced"
                : "a write is answered once its points are written to the WAL file, not fsynced: a killed cnosdb keeps them, an OS crash or"
                + " power loss may not", false));
    }

    static String driver() {
        return "JDK HttpClient " + Runtime.version().feature() + " (HTTP API: /api/v1/write line protocol, /api/v1/sql CSV)";
    }

    @Override
    public void close() {
        // The JDK client keeps no per-session resources that need closing on Java 17.
    }
}
