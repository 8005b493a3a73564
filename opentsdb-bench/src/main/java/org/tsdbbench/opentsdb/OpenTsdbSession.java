package org.tsdbbench.opentsdb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tsdbbench.common.data.DeviceSession;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.DurabilitySetting;
import org.tsdbbench.common.db.Poll;
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
import org.tsdbbench.common.iot.IotTag;
import org.tsdbbench.common.iot.IotWorkload;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.query.ResultSink;
import org.tsdbbench.common.workload.Workload;
import org.tsdbbench.results.ServerHeldRecord;

/**
 * One client's OpenTSDB connection (HTTP keep-alive). Rows acknowledged come from the server's
 * own report ({@code ?details}: points stored, and each failed point), never from what was sent:
 * a row counts when both its points were stored.
 */
final class OpenTsdbSession implements DeviceSession, IotSession, DevopsSession {

    static final long FAR_FUTURE_MS = 4_102_444_800_000L; // 2100-01-01
    static final List<String> LAYOUT = List.of("metrics temperature and humidity; tags devid, devname, devgroup; "
            + "millisecond timestamps; one series per device and metric (HBase tables tsdb, tsdb-uid, tsdb-tree, tsdb-meta)");

    /** The trucks' layout (README: The IoT trucks). */
    static final List<String> IOT_LAYOUT = List.of(
            "readings: metrics readings.latitude, readings.longitude, readings.elevation, readings.velocity, readings.heading, readings.grade,"
                    + " readings.fuel_consumption (a point per field present) and readings.record (a point per record, value time_ms * 8 +"
                    + " 1 + the index of the field left null, 0 when none)",
            "diagnostics: metrics diagnostics.fuel_state, diagnostics.current_load, diagnostics.status and diagnostics.record, as readings",
            "tags: the record's own name, fleet, driver, model, device_version, load_capacity, fuel_capacity, nominal_fuel_consumption"
                    + " (a null tag left out); millisecond timestamps; a series per metric and tag set"
                    + " (HBase tables tsdb, tsdb-uid, tsdb-tree, tsdb-meta)");

    /** TSBS's DevOps hosts (README: TSBS DevOps). */
    static final List<String> DEVOPS_LAYOUT = List.of(
            "cpu: metrics cpu.usage_user, cpu.usage_system, ... cpu.usage_guest_nice, a point per field of each row,"
                    + " integer values",
            "tags: hostname, datacenter, rack, os, arch, team, service, service_environment (TSBS's ten less region,"
                    + " which the datacenter names, and service_version: OpenTSDB's tsd.storage.max_tags is 8);"
                    + " millisecond timestamps; a series per metric and host"
                    + " (HBase tables tsdb, tsdb-uid, tsdb-tree, tsdb-meta)");

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SETTLE_SECONDS = 300;
    private final HttpClient http;
    private final URI base;
    private final boolean sync;
    private final Duration timeout;
    private final URI hbaseInfo;
    private final PutRequestBuilder put = new PutRequestBuilder();
    private final IotPutBuilder iotPut = new IotPutBuilder();
    private final CpuPutBuilder cpuPut = new CpuPutBuilder();

    OpenTsdbSession(HttpClient http, URI base, boolean sync, Duration timeout, URI hbaseInfo) {
        this.http = http;
        this.base = base;
        this.sync = sync;
        this.timeout = timeout;
        this.hbaseInfo = hbaseInfo;
    }

    /** The TSD's version; the 2.4.1 build on Maven Central answers "BuildData", so its revision is named too. */
    String version() throws DatabaseException {
        JsonNode v = send("GET", "/api/version", null);
        return v.path("version").asText() + " (revision " + v.path("short_revision").asText() + ")";
    }

    /** The devices' metrics. */
    static final List<String> DEVICE_METRICS = List.of("temperature", "humidity");
    /** Every metric of every workload: emptying the database for one workload empties it of the others' too. */
    static final List<String> ALL_METRICS = allMetrics();

    private static List<String> allMetrics() {
        List<String> all = new ArrayList<>(DEVICE_METRICS);
        all.addAll(IotPutBuilder.METRICS);
        all.addAll(CpuPutBuilder.METRICS);
        return List.copyOf(all);
    }

    /**
     * OpenTSDB has no tables to drop: delete every point of every metric (both workloads') through
     * the query API (the TSD runs with tsd.http.query.allow_delete). A metric never written is already
     * empty. The TSD answers before HBase has applied the deletes, and a delete applied after new
     * points were written would hide them too: wait until nothing is left before writing again.
     */
    @Override
    public void recreateSchema(WorkloadSpec spec) throws DatabaseException {
        empty(() -> countRows(spec));
    }

    /** As for the devices: every metric of both workloads emptied, so that the disk figure holds the trucks alone. */
    @Override
    public void recreateSchema(IotSpec spec) throws DatabaseException {
        empty(() -> points(ALL_METRICS));
    }

    /** A count of what is left after the deletes. */
    private interface Left {
        long count() throws DatabaseException;
    }

    private void empty(Left left) throws DatabaseException {
        deleteAll();
        Emptying emptying = new Emptying(left);
        long n = Poll.every(Duration.ofMillis(250), Duration.ofSeconds(120)).until(emptying::pointsLeft, c -> c == 0);
        if (n > 0) throw new DatabaseException("OpenTSDB: " + n + " points still present 120 s after deleting them");
        // Let any delete still queued in the TSD reach HBase before new points are written.
        pause(1000);
    }

    /**
     * Counts the points left after a delete. Points that reached HBase after the delete's scan are
     * deleted again, but only once the count has stopped falling for 5 s, so no delete is still on
     * its way when writing resumes.
     */
    private final class Emptying {
        private final Left left;
        private long last = Long.MAX_VALUE;
        private long fallingAt = System.nanoTime();

        Emptying(Left left) {
            this.left = left;
        }

        long pointsLeft() throws DatabaseException {
            long now = left.count();
            if (now < last) {
                fallingAt = System.nanoTime();
            } else if (System.nanoTime() - fallingAt > 5_000_000_000L) {
                deleteAll();
                fallingAt = System.nanoTime();
            }
            last = now;
            return now;
        }
    }

    private static void pause(long millis) throws DatabaseException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DatabaseException("OpenTSDB: interrupted while emptying the metrics", e);
        }
    }

    /**
     * A delete is a query that deletes every row it scans; its answer is still the query's. So the
     * query counts the metric's points into one ({@code count}, {@code 0all-count}): asked for the
     * points themselves ({@code none}), the TSD ran out of its heap writing the 10 M points of the
     * published scale into one answer and never answered.
     */
    private void deleteAll() throws DatabaseException {
        for (String metric : ALL_METRICS) {
            String body = "{\"start\":0,\"end\":" + FAR_FUTURE_MS + ",\"delete\":true,\"queries\":[{\"metric\":\"" + metric
                    + "\",\"aggregator\":\"count\",\"downsample\":\"0all-count\"}]}";
            try {
                send("POST", "/api/query", body);
            } catch (DatabaseException e) {
                if (!e.getMessage().contains("No such name")) throw e;
            }
        }
    }

    /** The points of these metrics, counted by OpenTSDB (each metric's points summed over its series); a metric never written has none. */
    long points(List<String> metrics) throws DatabaseException {
        long count = 0;
        for (String metric : metrics) count += points(metric);
        return count;
    }

    private long points(String metric) throws DatabaseException {
        String body = "{\"start\":0,\"end\":" + FAR_FUTURE_MS + ",\"queries\":[{\"metric\":\"" + metric + "\",\"aggregator\":\"zimsum\","
                + "\"downsample\":\"0all-count\"}]}";
        JsonNode answer;
        try {
            answer = send("POST", "/api/query", body);
        } catch (DatabaseException e) {
            if (e.getMessage().contains("No such name")) return 0;
            throw e;
        }
        long count = 0;
        for (JsonNode series : answer) for (JsonNode v : series.path("dps")) count += v.asLong();
        return count;
    }

    /**
     * The IoT records stored: each table's record points (one per record, whatever fields it has),
     * counted by OpenTSDB. No field is in every record (TSBS leaves any one of them null). Without
     * {@code ?sync} the TSD acknowledges points it has only queued for HBase: a count right after a
     * load may be short, and the harness counts again until it settles ({@code StoredRows},
     * {@link OpenTsdbDatabase#settleMillis()}), as for the devices.
     */
    @Override
    public long countRows(IotSpec spec) throws DatabaseException {
        return records();
    }

    private long records() throws DatabaseException {
        long n = 0;
        for (IotTable t : IotTable.values()) n += points(IotPutBuilder.recordMetric(t));
        return n;
    }

    @Override
    public long write(TruckBatch batch) throws DatabaseException {
        String body = iotPut.build(batch);
        return acknowledgedRecords(send(putUri(), "POST", body), batch.size(), iotPut.points());
    }

    /** The IoT body built and encoded now, in an HTTP request of its own, as {@link #prepare(RowBatch)}. */
    @Override
    public PreparedWrite prepare(TruckBatch batch) {
        byte[] body = iotPut.build(batch).getBytes(StandardCharsets.UTF_8);
        int records = batch.size();
        int points = iotPut.points();
        HttpRequest request = request(putUri(), "POST", body);
        return new PreparedWrite() {
            @Override
            public int rows() {
                return records;
            }

            @Override
            public long bytes() {
                return 512 + body.length;
            }

            @Override
            public long send() throws DatabaseException {
                return acknowledgedRecords(exchange(request), records, points);
            }
        };
    }

    /**
     * The records a put's details report acknowledges: a record counts when every one of its points
     * was stored. Each failed point in {@code errors} names its record (table, time, tags); without
     * that list each failed point is taken to fail a record of its own.
     */
    static long acknowledgedRecords(JsonNode report, int records, int points) {
        long failed = report.path("failed").asLong();
        long success = report.path("success").asLong();
        if (failed == 0 && success == points) return records;
        Set<String> failedRecords = new HashSet<>();
        for (JsonNode e : report.path("errors")) {
            JsonNode p = e.path("datapoint");
            String metric = p.path("metric").asText();
            int dot = metric.indexOf('.');
            StringBuilder key = new StringBuilder(dot < 0 ? metric : metric.substring(0, dot)).append('@').append(p.path("timestamp").asText());
            java.util.TreeMap<String, String> tags = new java.util.TreeMap<>();
            p.path("tags").fields().forEachRemaining(t -> tags.put(t.getKey(), t.getValue().asText()));
            key.append('@').append(tags);
            failedRecords.add(key.toString());
        }
        long lost = failedRecords.isEmpty() ? Math.max(failed, points - success) : failedRecords.size();
        return Math.max(0, records - lost);
    }

    /** As for the trucks: every metric of every workload emptied, so that the disk figure holds the hosts alone. */
    @Override
    public void recreateSchema(DevopsSpec spec) throws DatabaseException {
        empty(() -> points(ALL_METRICS));
    }

    /**
     * The {@code cpu} rows stored: the fewest points any of the ten field metrics holds, counted by
     * OpenTSDB (a row is its ten points; a row with a point missing is not whole). Right after a load
     * the count may be short until the TSD's queued points reach HBase, as for the devices.
     */
    @Override
    public long countRows(DevopsSpec spec) throws DatabaseException {
        long rows = Long.MAX_VALUE;
        for (String metric : CpuPutBuilder.METRICS) rows = Math.min(rows, points(metric));
        return rows;
    }

    @Override
    public long write(CpuBatch batch) throws DatabaseException {
        return acknowledgedCpuRows(send(putUri(), "POST", cpuPut.build(batch)), batch.size());
    }

    /** The DevOps body built and encoded now, in an HTTP request of its own, as {@link #prepare(RowBatch)}. */
    @Override
    public PreparedWrite prepare(CpuBatch batch) {
        byte[] body = cpuPut.build(batch).getBytes(StandardCharsets.UTF_8);
        int rows = batch.size();
        HttpRequest request = request(putUri(), "POST", body);
        return new PreparedWrite() {
            @Override
            public int rows() {
                return rows;
            }

            @Override
            public long bytes() {
                return 512 + body.length;
            }

            @Override
            public long send() throws DatabaseException {
                return acknowledgedCpuRows(exchange(request), rows);
            }
        };
    }

    /**
     * The rows a put's details report acknowledges: a row counts when its ten points were stored. Each
     * failed point in {@code errors} names its row (hostname, time); without that list each failed
     * point is taken to fail a row of its own.
     */
    static long acknowledgedCpuRows(JsonNode report, int rows) {
        long points = (long) rows * CpuBatch.FIELD_COUNT;
        long failed = report.path("failed").asLong();
        long success = report.path("success").asLong();
        if (failed == 0 && success == points) return rows;
        Set<String> failedRows = new HashSet<>();
        for (JsonNode e : report.path("errors")) {
            JsonNode p = e.path("datapoint");
            failedRows.add(p.path("tags").path("hostname").asText() + "@" + p.path("timestamp").asText());
        }
        long lost = failedRows.isEmpty() ? Math.max(failed, points - success) : failedRows.size();
        return Math.max(0, rows - lost);
    }

    @Override
    public long write(RowBatch batch) throws DatabaseException {
        return acknowledged(send(putUri(), "POST", put.build(batch)), batch.size());
    }

    private URI putUri() {
        return base.resolve(sync ? "/api/put?details&sync&sync_timeout=60000" : "/api/put?details");
    }

    /** The JSON body built and encoded now, in an HTTP request of its own; sending it is the measured part with {@code --option prebuild=true}. */
    @Override
    public PreparedPut prepare(RowBatch batch) {
        byte[] body = put.build(batch).getBytes(StandardCharsets.UTF_8);
        return new PreparedPut(batch.size(), body, request(putUri(), "POST", body));
    }

    /** A put built by {@link #prepare}: its encoded body and the request that carries it. */
    final class PreparedPut implements PreparedWrite {
        private final int rows;
        final byte[] body;
        final HttpRequest request;

        private PreparedPut(int rows, byte[] body, HttpRequest request) {
            this.rows = rows;
            this.body = body;
            this.request = request;
        }

        @Override
        public int rows() {
            return rows;
        }

        @Override
        public long bytes() {
            return 512 + body.length; // the request's URI, headers and publisher, and the body
        }

        @Override
        public long send() throws DatabaseException {
            return acknowledged(exchange(request), rows);
        }
    }

    /** The rows a put's details report acknowledges: a row counts when both its points were stored. */
    private static long acknowledged(JsonNode report, int rows) {
        long failedPoints = report.path("failed").asLong();
        if (failedPoints == 0 && report.path("success").asLong() == 2L * rows) return rows;
        Set<String> failedRows = new HashSet<>();
        for (JsonNode e : report.path("errors")) {
            JsonNode p = e.path("datapoint");
            failedRows.add(p.path("tags").path("devid").asText() + "@" + p.path("timestamp").asText());
        }
        long acked = rows - failedRows.size();
        if (failedRows.isEmpty()) acked = Math.min(rows, report.path("success").asLong() / 2);
        return acked;
    }

    /**
     * One {@code /api/query} body, or a JSON array of bodies run one after the other (an IoT window
     * that starts inside a bucket, see {@link OpenTsdbIotQueries}): each body's sub-query indexes
     * then follow the previous bodies'.
     */
    @Override
    public void query(String text, ResultSink sink) throws DatabaseException {
        if (!text.startsWith("[")) {
            points(send("POST", "/api/query", text), sink, 0);
            return;
        }
        JsonNode bodies;
        try {
            bodies = JSON.readTree(text);
        } catch (IOException e) {
            throw new DatabaseException("OpenTSDB: a query that is not JSON: " + e.getMessage(), e);
        }
        int offset = 0;
        for (JsonNode body : bodies) {
            points(send("POST", "/api/query", body.toString()), sink, offset);
            offset += body.path("queries").size();
        }
    }

    /** Every point of an answer as a row of {@link OpenTsdbResultShaper#POINT}, with the metric's name and the tags as texts. */
    static void points(JsonNode answer, ResultSink sink) {
        points(answer, sink, 0);
    }

    /** As {@link #points(JsonNode, ResultSink)}, each sub-query's index moved on by {@code offset}. */
    static void points(JsonNode answer, ResultSink sink, int offset) {
        double[] row = new double[6];
        String[] texts = new String[HOSTNAME_AT + 1];
        for (JsonNode series : answer) {
            row[0] = offset + series.path("query").path("index").asInt(0);
            texts[1] = series.path("metric").asText();
            row[1] = texts[1].equals("humidity") ? 1 : 0;
            texts[2] = tagText(series, "devid");
            row[2] = tag(series, "devid");
            texts[3] = tagText(series, "devgroup");
            row[3] = tag(series, "devgroup");
            for (int t = 0; t < IOT_TAGS.length; t++) texts[OpenTsdbIotQueries.TAGS_AT + t] = tagText(series, IOT_TAGS[t].key);
            texts[HOSTNAME_AT] = tagText(series, "hostname");
            for (Iterator<Map.Entry<String, JsonNode>> it = series.path("dps").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> dp = it.next();
                row[4] = Long.parseLong(dp.getKey());
                row[5] = dp.getValue().asDouble();
                sink.row(row, texts);
            }
        }
    }

    private static final IotTag[] IOT_TAGS = IotTag.values();
    /** Where a point's texts hold its series' DevOps hostname tag, after the IoT tags. */
    static final int HOSTNAME_AT = OpenTsdbIotQueries.TAGS_AT + IOT_TAGS.length;

    private static double tag(JsonNode series, String name) {
        JsonNode v = series.path("tags").get(name);
        return v == null ? Double.NaN : Double.parseDouble(v.asText());
    }

    private static String tagText(JsonNode series, String name) {
        JsonNode v = series.path("tags").get(name);
        return v == null ? null : v.asText();
    }

    @Override
    public long countRows(WorkloadSpec spec) throws DatabaseException {
        return points("temperature");
    }

    @Override
    public ServerFacts facts(Workload workload) throws DatabaseException {
        JsonNode config = send("GET", "/api/config", null);
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("durability", sync ? "sync: a put is acknowledged once HBase stored it" : "async: a put is acknowledged once the TSD queued it");
        for (String key : List.of("tsd.http.request.max_chunk", "tsd.http.request.enable_chunked", "tsd.storage.fix_duplicates",
                "tsd.storage.enable_compaction")) {
            settings.put(key, config.path(key).asText());
        }
        settings.put("tsd.storage.max_tags", config.path("tsd.storage.max_tags").asText());
        return new ServerFacts(version(), "JDK HttpClient + Jackson (HTTP API)", settings,
                layout(workload));
    }

    private static List<String> layout(Workload workload) {
        if (IotWorkload.INSTANCE.equals(workload)) return IOT_LAYOUT;
        return CpuOnlyWorkload.INSTANCE.equals(workload) ? DEVOPS_LAYOUT : LAYOUT;
    }

    /**
     * What a kill keeps, from the TSD's and HBase's own configuration. Without {@code ?sync} the
     * TSD answers a put once it has queued the points and sends them to HBase within
     * tsd.storage.flush_interval (OpenTSDB's /api/put documentation): the TSD's death, or HBase's
     * before they reach it, loses points it acknowledged. HBase's region server answers an edit once
     * its WAL has it; on the local file system (fs.defaultFS file:) the WAL cannot hflush, and
     * hbase.unsafe.stream.capability.enforce=false tells HBase to go on regardless, so an
     * acknowledged edit may still be in the region server's buffers when it dies.
     */
    @Override
    public List<DurabilitySetting> durability() throws DatabaseException {
        String flush = send("GET", "/api/config", null).path("tsd.storage.flush_interval").asText("?");
        DurabilitySetting put = DurabilitySetting.of("put ?sync", sync ? "present (--option sync=true)" : "absent (--option sync=false)",
                sync ? "the TSD answers a put once HBase has acknowledged every point"
                        : "the TSD answers a put once it has queued the points, and sends them to HBase within tsd.storage.flush_interval = "
                        + flush + " ms: a TSD or HBase killed before then loses points it acknowledged", !sync);
        Map<String, String> hbase = hbaseConf(List.of("hbase.unsafe.stream.capability.enforce", "fs.defaultFS", "hbase.wal.provider"));
        String enforce = hbase.getOrDefault("hbase.unsafe.stream.capability.enforce", "true");
        String fs = hbase.getOrDefault("fs.defaultFS", "?");
        boolean unsafe = enforce.equals("false") && fs.startsWith("file:");
        DurabilitySetting wal = new DurabilitySetting("hbase.unsafe.stream.capability.enforce", enforce + " (fs.defaultFS " + fs + ")", unsafe
                ? "HBase writes its WAL to the local file system, which cannot hflush or hsync, and is told to go on regardless: an edit it"
                + " acknowledged may still be in the region server's buffers when it dies"
                : "HBase answers an edit once its WAL has hflushed it", unsafe, "hbase");
        return List.of(put, wal);
    }

    /** Some keys of the HBase region server's configuration as it runs (its info server's /conf); a key it lacks is absent. */
    private Map<String, String> hbaseConf(List<String> keys) throws DatabaseException {
        Map<String, String> found = new LinkedHashMap<>();
        for (JsonNode p : send(hbaseInfo.resolve("/conf?format=json"), "GET", null).path("properties")) {
            if (keys.contains(p.path("key").asText())) found.put(p.path("key").asText(), p.path("value").asText());
        }
        return found;
    }

    /**
     * HBase's own figure, read from the region server's /jmx table metrics (refreshed every 2 s by
     * the server script's settings, 6 s by HBase's default): the store file bytes of OpenTSDB's tables
     * once every memstore of theirs holds no cell (the server script makes HBase flush a memstore
     * within ~13 s of its oldest edit) and the figures held still over three readings 3 s apart. Cells deleted by an earlier
     * run stay in store files until HBase's major compaction, so a server that held earlier runs
     * can show more than this run's rows need.
     */
    @Override
    public DiskUse diskUse() throws DatabaseException {
        URI tables = hbaseInfo.resolve("/jmx?qry=Hadoop:service=HBase,name=RegionServer,sub=Tables");
        StoreState settled = Poll.every(Duration.ofSeconds(3), Duration.ofSeconds(SETTLE_SECONDS)).steady(() -> storeState(tables),
                s -> s.memstoresEmpty() && s.storeFileBytes() > 0, 3,
                last -> "OpenTSDB: HBase did not settle within " + SETTLE_SECONDS + " s (" + last + ") at " + hbaseInfo);
        // OpenTSDB deletes points cell by cell; only a major compaction (HBase's Admin API, not OpenTSDB's) drops them from the files.
        return new DiskUse(settled.storeFileBytes(), "HBase region server /jmx storeFileSize of tables tsdb* once their memstores held no cell"
                + " and unchanged over 6 s; includes cells deleted by earlier runs until a major compaction",
                new ServerHeldRecord(settled.otherTables(), settled.otherBytes(), null, true,
                        "cells earlier runs deleted, if any (HBase keeps them in its store files until a major compaction, which OpenTSDB's API cannot start)"));
    }

    /**
     * The devices' figure: HBase's store files of every tsdb table. {@link #recreateSchema(IotSpec)}
     * empties the devices' metrics too, so the points it counts are the trucks' (cells deleted
     * earlier stay until a major compaction, as the record says).
     */
    @Override
    public DiskUse diskUse(IotSpec spec) throws DatabaseException {
        return diskUse();
    }

    /** As the trucks': {@link #recreateSchema(DevopsSpec)} empties the other workloads' metrics: the hosts' figure. */
    @Override
    public DiskUse diskUse(DevopsSpec spec) throws DatabaseException {
        return diskUse();
    }

    /**
     * An empty memstore still weighs this much in the table metrics (they add each store's heap
     * size to its data size): HBase 2.5 reports 256 bytes per store that holds no cell.
     */
    private static final long EMPTY_STORE_HEAP_BYTES = 256;

    /** What HBase's table metrics say of the tsdb tables (memstore bytes and stores, store file bytes) and of the other user tables. */
    private record StoreState(long memstoreBytes, long stores, long storeFileBytes, List<String> otherTables, long otherBytes) {
        boolean memstoresEmpty() {
            return stores > 0 && memstoreBytes == stores * EMPTY_STORE_HEAP_BYTES;
        }

        @Override
        public String toString() {
            return "memstores " + memstoreBytes + " bytes in " + stores + " stores, store files " + storeFileBytes + " bytes";
        }
    }

    private static final Pattern TABLE_METRIC = Pattern.compile("Namespace_(.+?)_table_(.+)_metric_(storeFileSize|memStoreSize|storeCount)");

    private StoreState storeState(URI tables) throws DatabaseException {
        long stored = 0;
        long memstore = 0;
        long stores = 0;
        List<String> others = new ArrayList<>();
        long otherBytes = 0;
        for (JsonNode bean : send(tables, "GET", null).path("beans")) {
            for (var f : (Iterable<Map.Entry<String, JsonNode>>) bean::fields) {
                Matcher m = TABLE_METRIC.matcher(f.getKey());
                if (!m.matches() || m.group(1).equals("hbase")) continue; // HBase's own namespace
                long value = f.getValue().asLong();
                if (m.group(1).equals("default") && m.group(2).startsWith("tsdb")) {
                    switch (m.group(3)) {
                        case "storeFileSize" -> stored += value;
                        case "memStoreSize" -> memstore += value;
                        default -> stores += value;
                    }
                } else if (m.group(3).equals("storeFileSize")) {
                    String table = m.group(1).equals("default") ? m.group(2) : m.group(1) + ":" + m.group(2);
                    if (!others.contains(table)) others.add(table);
                    otherBytes += value;
                }
            }
        }
        return new StoreState(memstore, stores, stored, others, otherBytes);
    }

    private JsonNode send(String method, String path, String body) throws DatabaseException {
        return send(base.resolve(path), method, body);
    }

    /** One HTTP exchange; a non-2xx answer is a DatabaseException carrying the server's message. */
    private JsonNode send(URI uri, String method, String body) throws DatabaseException {
        return exchange(request(uri, method, body == null ? null : body.getBytes(StandardCharsets.UTF_8)));
    }

    private HttpRequest request(URI uri, String method, byte[] body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(timeout);
        if (body != null) b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofByteArray(body));
        else b.method(method, HttpRequest.BodyPublishers.noBody());
        return b.build();
    }

    private JsonNode exchange(HttpRequest request) throws DatabaseException {
        String path = request.uri().getPath();
        HttpResponse<byte[]> r;
        try {
            r = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new DatabaseException("OpenTSDB " + path + " failed: " + DatabaseException.rootMessage(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DatabaseException("OpenTSDB " + path + " interrupted", e);
        }
        JsonNode json;
        try {
            json = r.body().length == 0 ? JSON.createObjectNode() : JSON.readTree(r.body());
        } catch (IOException e) {
            throw new DatabaseException("OpenTSDB " + path + ": answer is not JSON (HTTP " + r.statusCode() + ")", e);
        }
        // A put with failed points answers 400 with the details report: that is an answer, not an error.
        boolean putReport = path.startsWith("/api/put") && json.has("failed");
        if ((r.statusCode() < 200 || r.statusCode() > 299) && !putReport) {
            throw new DatabaseException("OpenTSDB " + path + ": HTTP " + r.statusCode() + ": " + json.path("error").path("message").asText(""));
        }
        return json;
    }

    @Override
    public void close() {
        // The JDK client keeps no per-session resources that need closing on Java 17.
    }
}
