package org.tsdbbench.influx;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.influxdb.InfluxDB;
import org.influxdb.dto.Query;
import org.influxdb.dto.QueryResult;
import org.tsdbbench.common.data.DeviceSession;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.DriverVersion;
import org.tsdbbench.common.db.DurabilitySetting;
import org.tsdbbench.common.db.Poll;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.db.ServerFacts;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.CpuOnlyWorkload;
import org.tsdbbench.common.devops.DevopsSession;
import org.tsdbbench.common.devops.DevopsSpec;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotSession;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotWorkload;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.query.ResultSink;
import org.tsdbbench.common.workload.Workload;
import org.tsdbbench.results.ServerHeldRecord;

/**
 * One client's InfluxDB connection. A write is one HTTP request of line protocol; the server
 * answers 204 for the whole request or fails it, so the rows acknowledged are the rows of a
 * successful request. Query results are reshaped to the catalog's canonical rows by the dialect
 * (the devices': the time column dropped from q2, replaced by the devgroup tag in q3, kept as the
 * bucket in q4; the trucks' and the DevOps hosts': the series' tags as texts).
 */
final class InfluxSession implements DeviceSession, IotSession, DevopsSession {

    static final List<String> SCHEMA = List.of(
            "measurement devices: tags devgroup, devid, devname (strings); fields temperature (integer), humidity (float); "
                    + "precision ms; database created with the default retention policy (infinite)");

    /** The trucks' layout (see the README's IoT section): TSBS's influx lines as they are. */
    static final List<String> IOT_SCHEMA = List.of(
            "measurements readings (latitude, longitude, elevation, velocity, heading, grade, fuel_consumption) and diagnostics"
                    + " (fuel_state, current_load, status as an integer): float fields, each also with load_capacity, fuel_capacity,"
                    + " nominal_fuel_consumption float fields; tags name, fleet, driver, model, device_version, a null one left out;"
                    + " precision ns; database created with the default retention policy (infinite)");

    /** The DevOps hosts' layout (see the README's DevOps section): TSBS's influx lines for cpu-only as they are. */
    static final List<String> DEVOPS_SCHEMA = List.of(
            "measurement cpu: tags hostname, region, datacenter, rack, os, arch, team, service,"
                    + " service_version, service_environment (strings); fields usage_user .. usage_guest_nice"
                    + " (ten integers); precision ns; database created with the default retention policy (infinite)");

    /**
     * The tags a query groups by, in the order {@link #query} puts them before InfluxDB's columns:
     * the devices' devgroup, then the trucks' (the IoT catalog groups by no other), then the DevOps
     * hosts' hostname.
     */
    static final List<String> SERIES_TAGS = List.of("devgroup", "name", "fleet", "driver", "model", "hostname");

    private static final int SETTLE_SECONDS = 180;

    private final InfluxDB client;
    private final String database;
    private final String version;
    private final boolean gzip;
    private final LineProtocolBuilder lines = new LineProtocolBuilder();
    private final IotRequestBody iotLines = new IotRequestBody();
    private final CpuRequestBody cpuLines = new CpuRequestBody();
    /** The nanosecond line protocol requests: the trucks' and the DevOps hosts'. */
    private final LineWrites nsWrites;

    InfluxSession(InfluxDB client, LineWrites nsWrites, String database, String version, boolean gzip) {
        this.client = client;
        this.nsWrites = nsWrites;
        this.database = database;
        this.version = version;
        this.gzip = gzip;
    }

    @Override
    public void recreateSchema(WorkloadSpec spec) throws DatabaseException {
        recreateDatabase();
    }

    /** The IoT workload's measurements (readings, diagnostics) are made by their first points, as every measurement is. */
    @Override
    public void recreateSchema(IotSpec spec) throws DatabaseException {
        recreateDatabase();
    }

    /** The DevOps measurement (cpu) is made by its first points, as every measurement is. */
    @Override
    public void recreateSchema(DevopsSpec spec) throws DatabaseException {
        recreateDatabase();
    }

    private void recreateDatabase() throws DatabaseException {
        run("DROP DATABASE \"" + database + "\"");
        run("CREATE DATABASE \"" + database + "\"");
    }

    @Override
    public long write(RowBatch batch) throws DatabaseException {
        return send(lines.build(batch), batch.size());
    }

    /** The request of a batch is TSBS's influx lines ({@link #IOT_SCHEMA}): a TSBS file's lines go as they are. */
    @Override
    public boolean takesTsbsLines() {
        return true;
    }

    /**
     * One request of TSBS's influx lines for both measurements, nanosecond precision, as TSBS's loader
     * sends them: its bytes as built, or a TSBS file's lines as the batch carries them.
     */
    @Override
    public long write(TruckBatch batch) throws DatabaseException {
        int length = iotLines.build(batch);
        return nsWrites.post(iotLines.bytes(), length, batch.size());
    }

    @Override
    public PreparedWrite prepare(TruckBatch batch) {
        int length = iotLines.build(batch);
        byte[] body = java.util.Arrays.copyOf(iotLines.bytes(), length);
        int rows = batch.size();
        return PreparedWrite.of(rows, length, () -> nsWrites.post(body, length, rows));
    }

    /**
     * One request of the lines TSBS's influx format writes for cpu-only ({@link #DEVOPS_SCHEMA}),
     * nanosecond precision, as TSBS's loader sends a file's lines; the rows of a request answered 204.
     */
    @Override
    public long write(CpuBatch batch) throws DatabaseException {
        if (batch.hasLines()) return nsWrites.post(batch.lines(), batch.linesLength(), batch.size());
        int length = cpuLines.build(batch);
        return nsWrites.post(cpuLines.bytes(), length, batch.size());
    }

    /** The cpu request is TSBS's lines as its file holds them (the test checks it byte for byte): a file's lines go as they are. */
    @Override
    public boolean takesCpuLines() {
        return true;
    }

    @Override
    public PreparedWrite prepare(CpuBatch batch) {
        int length = batch.hasLines() ? batch.linesLength() : cpuLines.build(batch);
        byte[] body = java.util.Arrays.copyOf(batch.hasLines() ? batch.lines() : cpuLines.bytes(), length);
        int rows = batch.size();
        return PreparedWrite.of(rows, length, () -> nsWrites.post(body, length, rows));
    }

    /** The cpu points counted by InfluxDB: usage_user's values, a field every point has. */
    @Override
    public long countRows(DevopsSpec spec) throws DatabaseException {
        return count("SELECT COUNT(usage_user) FROM cpu");
    }

    /**
     * Readings and diagnostics counted by InfluxDB, each as {@link InfluxIotQueries#recordCount}: InfluxQL
     * counts a field's values, not points, and no field is present in every TSBS record.
     */
    @Override
    public long countRows(IotSpec spec) throws DatabaseException {
        long records = 0;
        for (IotTable table : IotTable.values()) {
            long[] counts = new long[2];
            int[] at = {0};
            query(InfluxIotQueries.recordCount(table, ""), values -> counts[at[0]++] = (long) values[SERIES_TAGS.size() + 1]);
            records += counts[0] - counts[1];
        }
        return records;
    }

    /** The line protocol text is built now; sending it is the measured part with {@code --option prebuild=true}. */
    @Override
    public PreparedWrite prepare(RowBatch batch) {
        String body = lines.build(batch);
        int rows = batch.size();
        // ASCII: one byte a character in a compact string.
        return PreparedWrite.of(rows, body.length(), () -> send(body, rows));
    }

    private long send(String body, int rows) throws DatabaseException {
        return send(body, rows, TimeUnit.MILLISECONDS);
    }

    private long send(String body, int rows, TimeUnit precision) throws DatabaseException {
        try {
            client.write(database, "", InfluxDB.ConsistencyLevel.ONE, precision, body);
            return rows;
        } catch (RuntimeException e) {
            throw new DatabaseException("InfluxDB write of " + rows + " points failed: " + DatabaseException.rootMessage(e), e);
        }
    }

    /**
     * Each row as {@link #SERIES_TAGS}, then InfluxDB's own columns ({@code time, value...}): the
     * series' tags as texts (null when the query groups by none of that name, empty when the series
     * lacks the tag) and as numbers where they are (devgroup; NaN otherwise), for the dialect's
     * shapers. The statements of a text come one after the other, each series' rows in time order.
     */
    @Override
    public void query(String text, ResultSink sink) throws DatabaseException {
        QueryResult result = run(text);
        int tags = SERIES_TAGS.size();
        double[] row = null;
        String[] texts = null;
        for (QueryResult.Result r : result.getResults()) {
            if (r.getSeries() == null) continue;
            for (QueryResult.Series series : r.getSeries()) {
                boolean first = true;
                for (List<Object> values : series.getValues()) {
                    if (row == null || row.length != values.size() + tags) {
                        row = new double[values.size() + tags];
                        texts = new String[values.size() + tags];
                        first = true;
                    }
                    if (first) {
                        for (int t = 0; t < tags; t++) {
                            texts[t] = series.getTags() == null ? null : series.getTags().get(SERIES_TAGS.get(t));
                            row[t] = texts[t] != null && isNumber(texts[t]) ? Double.parseDouble(texts[t]) : Double.NaN;
                        }
                        first = false;
                    }
                    for (int i = 0; i < values.size(); i++) {
                        Object v = values.get(i);
                        texts[i + tags] = v instanceof String s && !isNumber(s) ? s : null;
                        row[i + tags] = texts[i + tags] != null ? Double.NaN : number(v);
                    }
                    sink.row(row, texts);
                }
            }
        }
    }

    private static double number(Object v) {
        if (v == null) return Double.NaN;
        if (v instanceof Number n) return n.doubleValue();
        return Double.parseDouble(v.toString());
    }

    /** Whether a string value is a number (else it is text, a name, passed as such with NaN beside it). */
    private static boolean isNumber(String s) {
        try {
            Double.parseDouble(s);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    @Override
    public long countRows(WorkloadSpec spec) throws DatabaseException {
        return count("SELECT COUNT(temperature) FROM devices");
    }

    /** The one number of a COUNT over all points; 0 when the measurement has none. */
    private long count(String text) throws DatabaseException {
        QueryResult r = run(text);
        var series = r.getResults().get(0).getSeries();
        if (series == null || series.isEmpty()) return 0;
        return (long) number(series.get(0).getValues().get(0).get(1));
    }

    /**
     * The shards' own diskBytes once the engine has settled: the in-memory cache snapshotted to TSM
     * files (the server script sets cache-snapshot-write-cold-duration to 10 s), the WAL emptied
     * and no compaction queued or running, with the figure unchanged over two reads.
     */
    /** The trucks' measurements live in the same database: its figure covers them as it covers the devices. */
    @Override
    public DiskUse diskUse(IotSpec spec) throws DatabaseException {
        return diskUse();
    }

    /** The DevOps measurement lives in the same database: its figure covers it as it covers the devices. */
    @Override
    public DiskUse diskUse(DevopsSpec spec) throws DatabaseException {
        return diskUse();
    }

    @Override
    public DiskUse diskUse() throws DatabaseException {
        EngineState settled = Poll.every(Duration.ofSeconds(2), Duration.ofSeconds(SETTLE_SECONDS))
                .steady(this::engineState, EngineState::idle, 2, last -> "InfluxDB did not settle within " + SETTLE_SECONDS + " s: " + last);
        List<String> others = new ArrayList<>();
        var series = run("SHOW DATABASES").getResults().get(0).getSeries();
        if (series != null) {
            for (List<Object> row : series.get(0).getValues()) {
                String name = String.valueOf(row.get(0));
                if (!name.equals(database) && !name.equals("_internal")) others.add(name);
            }
        }
        long otherBytes = 0;
        for (String other : others) otherBytes += statSum("shard", "diskBytes", other);
        // A dropped database takes its shards with it: the recreated one holds nothing of earlier runs.
        return new DiskUse(settled.shardBytes(), "SHOW STATS shard diskBytes of database " + database + " once the cache was snapshotted"
                + " to TSM files, the WAL was empty and no compaction was queued or running (unchanged over 2 s)",
                new ServerHeldRecord(others, otherBytes, 0L, false, null));
    }

    /** The engine's state for this database: what is still in memory, in the WAL, being compacted, and the shards' bytes. */
    private record EngineState(long cacheBytes, long walBytes, long compactions, long shardBytes) {
        boolean idle() {
            return cacheBytes == 0 && walBytes == 0 && compactions == 0;
        }

        @Override
        public String toString() {
            return "cache " + cacheBytes + " bytes, WAL " + walBytes + " bytes, compactions " + compactions + ", shards " + shardBytes + " bytes";
        }
    }

    private EngineState engineState() throws DatabaseException {
        long compacting = 0;
        for (String c : List.of("cacheCompactionsActive", "tsmLevel1CompactionsActive", "tsmLevel2CompactionsActive",
                "tsmLevel3CompactionsActive", "tsmOptimizeCompactionsActive", "tsmFullCompactionsActive",
                "tsmLevel1CompactionQueue", "tsmLevel2CompactionQueue", "tsmLevel3CompactionQueue",
                "tsmOptimizeCompactionQueue", "tsmFullCompactionQueue")) {
            compacting += statSum("tsm1_engine", c);
        }
        return new EngineState(statSum("tsm1_cache", "memBytes"),
                statSum("tsm1_wal", "currentSegmentDiskBytes") + statSum("tsm1_wal", "oldSegmentsDiskBytes"), compacting,
                statSum("shard", "diskBytes"));
    }

    /** Sums one numeric column of a SHOW STATS module over this database's series. */
    private long statSum(String module, String column) throws DatabaseException {
        return statSum(module, column, database);
    }

    /** Sums one numeric column of a SHOW STATS module over one database's series. */
    private long statSum(String module, String column, String database) throws DatabaseException {
        QueryResult r = run("SHOW STATS FOR '" + module + "'");
        long sum = 0;
        var series = r.getResults().get(0).getSeries();
        if (series == null) return 0;
        for (QueryResult.Series s : series) {
            if (s.getTags() == null || !database.equals(s.getTags().get("database"))) continue;
            int col = s.getColumns().indexOf(column);
            if (col >= 0) sum += (long) number(s.getValues().get(0).get(col));
        }
        return sum;
    }


    @Override
    public ServerFacts facts(Workload workload) {
        boolean trucks = IotWorkload.INSTANCE.equals(workload);
        boolean hosts = CpuOnlyWorkload.INSTANCE.equals(workload);
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("gzip", String.valueOf(gzip));
        settings.put("precision", trucks || hosts ? "ns" : "ms");
        settings.put("consistency", "one");
        if (trucks) {
            // What the dialect's shaper computes from InfluxDB's rows, per query (InfluxIotQueries.clientPart).
            for (IotQueryType t : IotQueryType.values()) {
                settings.put("iotClient." + t.id(), InfluxIotQueries.clientPart(t));
            }
        }
        return new ServerFacts(version, driver(), settings, trucks ? IOT_SCHEMA : hosts ? DEVOPS_SCHEMA : SCHEMA);
    }

    /**
     * wal-fsync-delay as the server reports it (SHOW DIAGNOSTICS, config-data): InfluxDB writes
     * every point to its WAL and answers a write once the WAL is fsynced; a delay only holds the
     * answer back to fsync several writes at once. So no value lets a killed influxd lose points it
     * acknowledged.
     */
    @Override
    public List<DurabilitySetting> durability() throws DatabaseException {
        String delay = null;
        var series = run("SHOW DIAGNOSTICS").getResults().get(0).getSeries();
        for (QueryResult.Series s : series == null ? List.<QueryResult.Series>of() : series) {
            int col = s.getColumns().indexOf("wal-fsync-delay");
            if ("config-data".equals(s.getName()) && col >= 0) delay = String.valueOf(s.getValues().get(0).get(col));
        }
        if (delay == null) throw new DatabaseException("InfluxDB: SHOW DIAGNOSTICS names no wal-fsync-delay in config-data");
        return List.of(DurabilitySetting.of("wal-fsync-delay", delay, "a write is answered once its points are in the WAL and the WAL is fsynced"
                + (delay.equals("0s") ? " (at every write)" : " (writes within " + delay + " share one fsync, each answered after it)"), false));
    }

    /** The client library and its version, from its jar's Maven record (the shaded jar's manifest has none). */
    static String driver() {
        return "influxdb-java " + DriverVersion.of("org.influxdb", "influxdb-java");
    }

    /** Runs InfluxQL; an error in any part of the answer (or a truncated, partial one) is a failure. */
    private QueryResult run(String text) throws DatabaseException {
        QueryResult result;
        try {
            result = client.query(new Query(text, database), TimeUnit.MILLISECONDS);
        } catch (RuntimeException e) {
            throw new DatabaseException("InfluxDB query failed: " + DatabaseException.rootMessage(e) + " [" + text + "]", e);
        }
        if (result.getError() != null) throw new DatabaseException("InfluxDB query failed: " + result.getError() + " [" + text + "]");
        for (QueryResult.Result r : result.getResults()) {
            if (r.getError() != null) throw new DatabaseException("InfluxDB query failed: " + r.getError() + " [" + text + "]");
        }
        return result;
    }

    @Override
    public void close() {
        client.close();
    }
}
