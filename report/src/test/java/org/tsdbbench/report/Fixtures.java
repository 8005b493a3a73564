package org.tsdbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.openjdk.jmh.util.MultisetStatistics;

/**
 * Result files in the shapes the database jars write them: manifests (every figure the report
 * shows: write cells with their resources and spread, query latencies, the further tests), the JMH
 * JSON beside them (throughput write entries with rowsAcked and server.* secondary metrics, query
 * entries in sample mode with rawDataHistogram: what a database without a manifest, or a bare JMH
 * file, gives), and run.json. Query statistics are computed by JMH's own class, as JMH does.
 */
final class Fixtures {

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Fixtures() {
    }

    static ObjectNode manifest(String display, String version) {
        ObjectNode m = JSON.createObjectNode();
        m.put("database", display);
        ObjectNode server = m.putObject("server");
        server.put("serverVersion", version);
        server.put("driver", display + " driver 1.2.3");
        server.putObject("settings").put("flush", "every 1 s");
        ObjectNode workload = m.putObject("workload");
        workload.putObject("spec").put("numOfDevices", 100).put("rowsPerDevice", 1000).put("startTs", 1_563_249_700_000L).put("seed", 42);
        workload.put("source", "generated: 100 devices x 1000 rows, seed 42");
        ObjectNode machine = m.putObject("machine");
        machine.put("cpu", "Test CPU @ 3.0GHz");
        machine.put("cores", 2);
        ObjectNode load = m.putObject("load");
        load.put("rowsStored", 100_000);
        load.put("verified", true);
        m.putArray("write");
        ObjectNode query = m.putObject("query");
        query.putArray("checked");
        query.putArray("absent");
        return m;
    }

    static ObjectNode disk(ObjectNode manifest, long bytes, long rawTextBytes, long rows, String method) {
        ObjectNode d = manifest.putObject("disk");
        d.put("bytes", bytes);
        d.put("rawTextBytes", rawTextBytes);
        d.put("rows", rows);
        d.put("bytesPerRow", (double) bytes / rows);
        d.put("method", method);
        return d;
    }

    static ObjectNode cell(ObjectNode manifest, int rowsPerRequest, int clients, double rowsPerSecond, double error) {
        ObjectNode c = ((ArrayNode) manifest.get("write")).addObject();
        c.put("rowsPerRequest", rowsPerRequest);
        c.put("clients", clients);
        c.put("rowsPerSecond", rowsPerSecond);
        c.put("error", error);
        return c;
    }

    /**
     * A manifest cell's resources as the write step writes them: (field, value) pairs such as
     * {@code "serverCpuPercent", 85.5, "serverRssMB", 512.0}; {@code clientBound} as the step judges it.
     */
    static ObjectNode resources(ObjectNode cell, Object... fieldValue) {
        for (int i = 0; i + 1 < fieldValue.length; i += 2) {
            Object v = fieldValue[i + 1];
            if (v instanceof Boolean b) cell.put((String) fieldValue[i], b);
            else cell.put((String) fieldValue[i], ((Number) v).doubleValue());
        }
        if (cell.has("clientCpuPercent") && cell.has("serverCpuPercent") && !cell.has("clientBound")) {
            cell.put("clientBound", cell.get("clientCpuPercent").asDouble() > cell.get("serverCpuPercent").asDouble());
        }
        return cell;
    }

    /** The query step's latencies in the manifest, from JMH query entries (ms), as the step writes them from the same run. */
    static ObjectNode latencies(ObjectNode manifest, JsonNode queryEntries) {
        ObjectNode query = manifest.has("query") ? (ObjectNode) manifest.get("query") : manifest.putObject("query");
        ArrayNode latency = query.has("latency") ? (ArrayNode) query.get("latency") : query.putArray("latency");
        for (JsonNode e : queryEntries) {
            JsonNode pm = e.path("primaryMetric");
            JsonNode pct = pm.path("scorePercentiles");
            long samples = 0;
            for (JsonNode fork : pm.path("rawDataHistogram")) for (JsonNode it : fork) for (JsonNode bin : it) samples += bin.path(1).asLong();
            latency.addObject().put("id", e.path("params").path("queryId").asText()).put("samples", samples)
                    .put("p50Ms", pct.path("50.0").asDouble()).put("p90Ms", pct.path("90.0").asDouble()).put("p99Ms", pct.path("99.0").asDouble())
                    .put("maxMs", pct.path("100.0").asDouble(pct.path("99.0").asDouble())).put("meanMs", pm.path("score").asDouble())
                    .put("meanErrorMs", pm.path("scoreError").asDouble(Double.NaN));
        }
        return manifest;
    }

    /** A query file beside the manifest and its latencies in it. */
    static void queries(Path dir, String db, ObjectNode manifest, ArrayNode entries) throws IOException {
        latencies(manifest, entries);
        write(dir.resolve(db + "-query.json"), entries);
    }

    /** A JMH throughput entry of one write cell; server metrics as (label, score, unit) triples. */
    static ObjectNode writeEntry(String db, int rowsPerRequest, int threads, double rowsPerSecond, double error, Object... server) {
        ObjectNode e = entry("org.tsdbbench." + db + ".Write.write", "thrpt", threads);
        e.putObject("params").put("rowsPerRequest", String.valueOf(rowsPerRequest));
        metric(e.putObject("primaryMetric"), rowsPerSecond, error, "ops/s");
        ObjectNode secondary = e.putObject("secondaryMetrics");
        metric(secondary.putObject("rowsAcked"), rowsPerSecond, error, "ops/s");
        for (int i = 0; i + 2 < server.length; i += 3) {
            metric(secondary.putObject((String) server[i]), ((Number) server[i + 1]).doubleValue(), Double.NaN, (String) server[i + 2]);
        }
        return e;
    }

    /** A JMH sample-mode entry of one query: one fork, one iteration, bins of (ms, count). */
    static ObjectNode queryEntry(String db, String queryId, double[]... bins) {
        ObjectNode e = entry("org.tsdbbench." + db + ".Query.query", "sample", 1);
        e.putObject("params").put("queryId", queryId);
        ObjectNode pm = e.putObject("primaryMetric");
        MultisetStatistics stats = new MultisetStatistics();
        ArrayNode iteration = pm.putArray("rawDataHistogram").addArray().addArray();
        for (double[] bin : bins) {
            stats.addValue(bin[0], (long) bin[1]);
            iteration.addArray().add(bin[0]).add((long) bin[1]);
        }
        pm.put("score", stats.getMean());
        pm.put("scoreError", stats.getMeanErrorAt(0.999));
        pm.putArray("scoreConfidence").add(stats.getConfidenceIntervalAt(0.999)[0]).add(stats.getConfidenceIntervalAt(0.999)[1]);
        ObjectNode pct = pm.putObject("scorePercentiles");
        for (String k : List.of("0.0", "50.0", "90.0", "95.0", "99.0", "99.9", "99.99", "99.999", "99.9999", "100.0")) {
            pct.put(k, stats.getPercentile(Double.parseDouble(k)));
        }
        pm.put("scoreUnit", "ms/op");
        // JMH moves the histogram after the other fields; the order does not matter to readers
        pm.set("rawDataHistogram", pm.remove("rawDataHistogram"));
        return e;
    }

    /** The two JMH entries of one range-query cell: queries/s (throughput, ops/s) and the latency (sample mode, ms). */
    static List<ObjectNode> rangeEntries(String db, int threads, int resultRows, double queriesPerSecond, double error, double p50, double p99) {
        ObjectNode qps = entry("org.tsdbbench." + db + ".RangeQuery.queriesPerSecond", "thrpt", threads);
        qps.putObject("params").put("resultRows", String.valueOf(resultRows));
        metric(qps.putObject("primaryMetric"), queriesPerSecond, error, "ops/s");
        qps.putObject("secondaryMetrics");
        ObjectNode latency = entry("org.tsdbbench." + db + ".RangeQuery.latency", "sample", threads);
        latency.putObject("params").put("resultRows", String.valueOf(resultRows));
        sampleMetric(latency.putObject("primaryMetric"), p50, p99);
        latency.putObject("secondaryMetrics");
        return List.of(qps, latency);
    }

    /**
     * The JMH entry of the volume test: single shot, one iteration per block; each secondary metric's
     * rawData holds one value per block and its score is their sum (as JMH adds up single-shot results).
     */
    static ObjectNode volumeEntry(String db, double[] storedRowsBefore, double[] writeRowsPerSecond, double[] writeRequestMillis,
                                  double[] readRowsPerSecond, double[] readMillis) {
        ObjectNode e = entry("org.tsdbbench." + db + ".Volume.block", "ss", 1);
        e.putObject("params").put("blockRows", "100000").put("rowsPerRequest", "1000");
        metric(e.putObject("primaryMetric"), 100, Double.NaN, "ms/op");
        ObjectNode secondary = e.putObject("secondaryMetrics");
        Object[] metrics = {"storedRowsBefore", storedRowsBefore, "writeRowsPerSecond", writeRowsPerSecond, "writeRequestMillis", writeRequestMillis,
            "readRowsPerSecond", readRowsPerSecond, "readMillis", readMillis};
        for (int i = 0; i < metrics.length; i += 2) {
            double[] perBlock = (double[]) metrics[i + 1];
            ObjectNode m = secondary.putObject((String) metrics[i]);
            metric(m, Arrays.stream(perBlock).sum(), Double.NaN, "#");
            ArrayNode raw = m.putArray("rawData").addArray();
            for (double v : perBlock) raw.add(v);
        }
        return e;
    }

    /**
     * The two JMH entries of one mixed-load run: throughput (rowsAcked in rows per ms, write and query
     * calls per ms) and sample mode (write:p0.50 .. query:p0.99 in ms). A NaN rate leaves that
     * method out: no writers, or no readers.
     */
    static List<ObjectNode> mixedEntries(String db, int threads, double rowsPerMs, double writeP50, double writeP99, double queryP50,
                                         double queryP99) {
        boolean writers = !Double.isNaN(rowsPerMs);
        boolean readers = !Double.isNaN(queryP50);
        ObjectNode thrpt = entry("org.tsdbbench." + db + ".MixedLoad.mixed", "thrpt", threads);
        thrpt.putObject("params").put("resultRows", "100").put("rowsPerRequest", "1000");
        metric(thrpt.putObject("primaryMetric"), 10, Double.NaN, "ops/ms");
        ObjectNode ts = thrpt.putObject("secondaryMetrics");
        if (writers) {
            metric(ts.putObject("rowsAcked"), rowsPerMs, Double.NaN, "ops/ms");
            metric(ts.putObject("write"), rowsPerMs / 1000, Double.NaN, "ops/ms");
        }
        if (readers) metric(ts.putObject("query"), 5, Double.NaN, "ops/ms");
        ObjectNode sample = entry("org.tsdbbench." + db + ".MixedLoad.mixed", "sample", threads);
        sample.putObject("params").put("resultRows", "100").put("rowsPerRequest", "1000");
        sampleMetric(sample.putObject("primaryMetric"), writers ? writeP50 : queryP50, writers ? writeP99 : queryP99);
        ObjectNode ss = sample.putObject("secondaryMetrics");
        if (writers) {
            sampleMetric(ss.putObject("write"), writeP50, writeP99);
            metric(ss.putObject("write:p0.50"), writeP50, Double.NaN, "ms/op");
            metric(ss.putObject("write:p0.99"), writeP99, Double.NaN, "ms/op");
        }
        if (readers) {
            sampleMetric(ss.putObject("query"), queryP50, queryP99);
            metric(ss.putObject("query:p0.50"), queryP50, Double.NaN, "ms/op");
            metric(ss.putObject("query:p0.99"), queryP99, Double.NaN, "ms/op");
        }
        return List.of(thrpt, sample);
    }

    /** A fixed-rate write entry: a write entry with the targetRowsPerSecond parameter. */
    static ObjectNode fixedRateEntry(String db, int rowsPerRequest, int threads, double targetRowsPerSecond, double rowsPerSecond) {
        ObjectNode e = writeEntry(db, rowsPerRequest, threads, rowsPerSecond, Double.NaN);
        ((ObjectNode) e.get("params")).put("targetRowsPerSecond", String.valueOf((long) targetRowsPerSecond));
        return e;
    }

    /** A fixed-rate cell of the manifest, as the write step writes it with --rate. */
    static ObjectNode fixedRateCell(ObjectNode manifest, int rowsPerRequest, int clients, double target, double achieved, boolean keptUp,
                                    double p50, double p99, double max) {
        ArrayNode cells = manifest.has("fixedRate") ? (ArrayNode) manifest.get("fixedRate") : manifest.putArray("fixedRate");
        ObjectNode c = cells.addObject();
        c.put("rowsPerRequest", rowsPerRequest);
        c.put("clients", clients);
        c.put("targetRowsPerSecond", target);
        c.put("achievedRowsPerSecond", achieved);
        c.put("keptUp", keptUp);
        c.putObject("latencyFromIntendedStartMs").put("p50", p50).put("p90", p50).put("p99", p99).put("p99.9", max).put("max", max).put("count", 400);
        return c;
    }

    private static void sampleMetric(ObjectNode m, double p50, double p99) {
        m.put("score", (p50 + p99) / 2);
        m.put("scoreError", Double.NaN);
        m.putObject("scorePercentiles").put("0.0", p50 / 2).put("50.0", p50).put("90.0", p99 * 0.9).put("99.0", p99).put("100.0", p99 * 1.1);
        m.put("scoreUnit", "ms/op");
    }

    private static ObjectNode entry(String benchmark, String mode, int threads) {
        ObjectNode e = JSON.createObjectNode();
        e.put("jmhVersion", "1.37");
        e.put("benchmark", benchmark);
        e.put("mode", mode);
        e.put("threads", threads);
        e.put("forks", 1);
        e.put("measurementIterations", 1);
        return e;
    }

    private static void metric(ObjectNode m, double score, double error, String unit) {
        m.put("score", score);
        m.put("scoreError", error);
        m.putArray("scoreConfidence").add(score - (Double.isNaN(error) ? 0 : error)).add(score + (Double.isNaN(error) ? 0 : error));
        m.putObject("scorePercentiles");
        m.put("scoreUnit", unit);
    }

    /** Query entries for q1 (10 groups) and q2.avg, q3.count, q4.count at 10..100 %: latency grows with the rows read. */
    static ArrayNode queries(String db, double scale) {
        ArrayNode a = JSON.createArrayNode();
        for (int g = 0; g <= 90; g += 10) a.add(queryEntry(db, "q1.g" + g, new double[] {scale * (1 + g / 100.0), 4}, new double[] {scale * 1.5, 1}));
        for (String family : List.of("q2.avg", "q3.count", "q4.count")) {
            for (int p = 10; p <= 100; p += 10) {
                double ms = scale * p / 10.0 * (family.startsWith("q4") ? 2 : 1);
                a.add(queryEntry(db, family + ".p" + p, new double[] {ms, 3}, new double[] {ms * 1.2, 2}));
            }
        }
        return a;
    }

    /**
     * TDengine's results added to a run folder, for the published-vs-measured section: its server on
     * 1 core of 2; best write 4,000,000 rows/s (R/R 1000, 2 clients); q1 4 ms per group (1,000 rows
     * each: 250,000 rows/s); q2.avg.p100 1 ms, q3.count.p100 2 ms, q4.count.p100 3 ms; 1 MB on disk.
     * Against the standard run's MySQL and InfluxDB the one-core write holds (MySQL) and is larger
     * (InfluxDB), the one-core read is reversed (MySQL) and smaller (InfluxDB).
     */
    static Path tdengine(Path dir) throws IOException {
        ObjectNode td = manifest("TDengine", "3.3.0.1");
        ((ObjectNode) td.get("machine")).put("serverCores", 1);
        cell(td, 1000, 1, 2_500_000, 50_000);
        cell(td, 1000, 2, 4_000_000, 90_000);
        disk(td, 1_000_000, 5_000_000, 100_000, "vnode data and table folders after FLUSH DATABASE");
        ArrayNode queries = JSON.createArrayNode();
        for (int g = 0; g <= 90; g += 10) queries.add(queryEntry("tdengine", "q1.g" + g, new double[] {4.0, 5}));
        queries.add(queryEntry("tdengine", "q2.avg.p100", new double[] {1.0, 5}));
        queries.add(queryEntry("tdengine", "q3.count.p100", new double[] {2.0, 5}));
        queries.add(queryEntry("tdengine", "q4.count.p100", new double[] {3.0, 5}));
        queries(dir, "tdengine", td, queries);
        write(dir.resolve("tdengine-manifest.json"), td);
        return dir;
    }

    /** The machine's memory in every manifest of {@link #everyDatabase}: 24 GiB. */
    static final long MEMORY_BYTES = 24L << 30;

    /**
     * A run of all six databases the reports compare, each on 1 core of 2 (the one-core tests need it),
     * at 1,000 devices x 100 rows (100,000 rows: 1/1,000 of report B's scale), on a 24 GiB machine.
     * TDengine: best write 1,000,000 rows/s at R/R 1000 x 2, 500,000 at R/R 100 x 1 with its server
     * at 20% of a core and 100 MB; every query 1 ms (q1's groups, q2..q4, q5's functions, q2 at 80%);
     * 1 MB on disk. Each other database: rows/s, latency and disk as given (the latency the same for
     * every query), its one-client cell's server at 60% of a core and 400 MB, so every row of the
     * section has a measured ratio.
     */
    static Path everyDatabase(Path dir, double cassandraRowsPerSecond, double cassandraMs, long cassandraDisk) throws IOException {
        return everyDatabase(dir, cassandraRowsPerSecond, cassandraMs, cassandraDisk, 60.0, 400.0);
    }

    /** The same, Cassandra's one-client cell with its server at this CPU (% of a core) and peak RSS (MB). */
    static Path everyDatabase(Path dir, double cassandraRowsPerSecond, double cassandraMs, long cassandraDisk, double cassandraCpu,
                              double cassandraRssMB) throws IOException {
        database(dir, "tdengine", "TDengine", "3.3.0.1", 1_000_000, 1.0, 1_000_000, 20.0, 100.0);
        database(dir, "cassandra", "Cassandra", "5.0.2", cassandraRowsPerSecond, cassandraMs, cassandraDisk, cassandraCpu, cassandraRssMB);
        database(dir, "clickhouse", "ClickHouse", "18.16.1", 500_000, 2.0, 2_000_000, 60.0, 400.0);
        database(dir, "influx", "InfluxDB", "1.6.7", 100_000, 5.0, 800_000, 60.0, 400.0);
        database(dir, "mysql", "MySQL", "10.11.6-MariaDB", 50_000, 4.0, 9_000_000, 60.0, 400.0);
        database(dir, "opentsdb", "OpenTSDB", "2.4.1", 20_000, 50.0, 20_000_000, 60.0, 400.0);
        return dir;
    }

    private static void database(Path dir, String name, String display, String version, double rowsPerSecond, double ms, long diskBytes,
                                 double oneClientCpu, double oneClientRssMB) throws IOException {
        ObjectNode m = manifest(display, version);
        ((ObjectNode) m.get("workload").get("spec")).put("numOfDevices", 1000).put("rowsPerDevice", 100);
        ((ObjectNode) m.get("machine")).put("serverCores", 1).put("memoryBytes", MEMORY_BYTES);
        resources(cell(m, 1000, 2, rowsPerSecond, rowsPerSecond / 50), "serverCpuPercent", 90.0, "serverRssMB", 3000.0);
        resources(cell(m, 100, 1, rowsPerSecond / 2, rowsPerSecond / 100), "serverCpuPercent", oneClientCpu, "serverRssMB", oneClientRssMB);
        disk(m, diskBytes, 5_000_000, 100_000, name + "'s measurement");
        ArrayNode queries = JSON.createArrayNode();
        for (int g = 0; g <= 90; g += 10) queries.add(queryEntry(name, "q1.g" + g, new double[] {ms, 5}));
        List<String> ids = new java.util.ArrayList<>(List.of("q2.avg.p100", "q3.count.p100", "q4.count.p100"));
        for (String fn : PublishedComparison.Test.ONE_SENSOR_FUNCTIONS) ids.add("q5." + fn + ".d1");
        for (String fn : PublishedComparison.Test.EIGHTY_PERCENT_FUNCTIONS) ids.add("q2." + fn + ".p80");
        for (String id : ids) queries.add(queryEntry(name, id, new double[] {ms, 5}));
        queries(dir, name, m, queries);
        write(dir.resolve(name + "-manifest.json"), m);
    }

    /** One query's median latency changed in a database's manifest (the latency the report reads). */
    static void p50(Path dir, String db, String queryId, double ms) throws IOException {
        Path f = dir.resolve(db + "-manifest.json");
        ObjectNode m = (ObjectNode) JSON.readTree(f.toFile());
        for (JsonNode q : m.path("query").path("latency")) if (q.path("id").asText().equals(queryId)) ((ObjectNode) q).put("p50Ms", ms);
        write(f, m);
    }

    /** Every database of the folder at this scale (devices x rows per device, all stored): past the published scales, for verdicts. */
    static Path scale(Path dir, int devices, int rowsPerDevice) throws IOException {
        try (var files = java.nio.file.Files.list(dir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith("-manifest.json")).toList()) {
                ObjectNode m = (ObjectNode) JSON.readTree(f.toFile());
                ((ObjectNode) m.get("workload").get("spec")).put("numOfDevices", devices).put("rowsPerDevice", rowsPerDevice);
                ((ObjectNode) m.get("load")).put("rowsStored", (long) devices * rowsPerDevice);
                write(f, m);
            }
        }
        return dir;
    }

    /** Every database of the folder run with --server-cores 1, as the published one-core test needs (machine.serverCores 1). */
    static Path oneCore(Path dir) throws IOException {
        try (var files = java.nio.file.Files.list(dir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith("-manifest.json")).toList()) {
                ObjectNode m = (ObjectNode) JSON.readTree(f.toFile());
                ((ObjectNode) m.get("machine")).put("serverCores", 1);
                write(f, m);
            }
        }
        return dir;
    }

    /** The volume step's blocks in the manifest. */
    static void volume(ObjectNode manifest, double[] stored, double[] writeRate, double[] writeMs, double[] readRate, double[] readMs) {
        ArrayNode blocks = manifest.putArray("volume");
        for (int i = 0; i < stored.length; i++) {
            blocks.addObject().put("storedRowsBefore", stored[i]).put("writeRowsPerSecond", writeRate[i]).put("writeRequestMillis", writeMs[i])
                    .put("readRowsPerSecond", readRate[i]).put("readMillis", readMs[i]);
        }
    }

    static ObjectNode runJson(String runId, boolean complete, String... nameStatusReason) {
        ObjectNode r = JSON.createObjectNode();
        r.put("runId", runId);
        r.put("complete", complete);
        ArrayNode dbs = r.putArray("databases");
        for (int i = 0; i + 2 < nameStatusReason.length; i += 3) {
            ObjectNode d = dbs.addObject();
            d.put("name", nameStatusReason[i]);
            d.put("status", nameStatusReason[i + 1]);
            if (nameStatusReason[i + 2] != null) d.put("reason", nameStatusReason[i + 2]);
        }
        return r;
    }

    static void write(Path file, JsonNode node) throws IOException {
        Files.createDirectories(file.getParent());
        JSON.writeValue(file.toFile(), node);
    }

    /**
     * A complete run folder: MySQL (4 write cells with the server's CPU, one with its memory and disk
     * writes, disk, q5 functions with stddev absent, one fixed-rate cell, range, volume and mixed
     * load, in its manifest and in JMH's files beside it), InfluxDB (2 cells, disk, q5 stddev,
     * volume), and ClickHouse, which failed before writing any file.
     */
    static Path standardRun(Path dir, boolean complete) throws IOException {
        ObjectNode mysql = manifest("MySQL", "10.11.6-MariaDB");
        resources(cell(mysql, 100, 1, 5_000, 100), "serverCpuPercent", 20.5);
        resources(cell(mysql, 100, 2, 9_000, 300), "serverCpuPercent", 41.0);
        resources(cell(mysql, 1000, 1, 20_000, 500), "serverCpuPercent", 60.0);
        ObjectNode best = resources(cell(mysql, 1000, 2, 35_000, 900), "serverCpuPercent", 85.5, "serverRssMB", 512.0, "serverDiskWriteMBps", 12.3);
        // its rows second by second (the last second partial)
        best.putObject("verified").putArray("ackedEachSecond").add(34_000).add(36_000).add(35_000).add(12_000);
        disk(mysql, 12_345_678, 5_000_000, 100_000, "data_length + index_length after ANALYZE TABLE");
        ((ArrayNode) mysql.path("query").path("absent")).add("q2.spread.p10");
        // q5: MySQL lacks stddev in its dialect
        ((ArrayNode) mysql.path("query").path("absent")).add("q5.stddev.d1");
        // fixed rate: kept up at 20,000 rows/s; its JMH cell must not count as a write-matrix cell
        fixedRateCell(mysql, 100, 2, 20_000, 19_950, true, 0.8, 3.4, 6.4);
        write(dir.resolve("mysql-fixedrate.json"), JSON.createArrayNode().add(fixedRateEntry("mysql", 100, 2, 20_000, 99_000)));
        // further tests from JMH: range queries at 1 and 4 clients, volume growth over 3 blocks, mixed load
        ArrayNode mysqlRange = JSON.createArrayNode();
        for (int clients : new int[] {1, 4}) mysqlRange.addAll(rangeEntries("mysql", clients, 100, 2_000.0 * clients, 50.0 * clients, 0.5 * clients, 1.5 * clients));
        write(dir.resolve("mysql-range.json"), mysqlRange);
        ArrayNode range = mysql.putArray("range");
        for (int clients : new int[] {1, 4}) {
            range.addObject().put("clients", clients).put("resultRows", 100).put("queriesPerSecond", 2_000.0 * clients)
                    .put("queriesPerSecondError", 50.0 * clients).put("p50Ms", 0.5 * clients).put("p99Ms", 1.5 * clients);
        }
        volume(mysql, new double[] {0, 100_000, 200_000}, new double[] {50_000, 49_000, 48_000}, new double[] {2.0, 2.25, 2.5},
                new double[] {300_000, 290_000, 280_000}, new double[] {30, 31, 32});
        ArrayNode mixed = mysql.putArray("mixed");
        mixed.addObject().put("run", "readers alone").put("writers", 0).put("readers", 1).put("queryP50Ms", 0.25).put("queryP99Ms", 0.75);
        mixed.addObject().put("run", "writers + readers").put("writers", 1).put("readers", 1).put("writeP50Ms", 7.5).put("writeP99Ms", 16.5)
                .put("queryP50Ms", 0.3).put("queryP99Ms", 0.9);
        mixed.addObject().put("run", "writers alone").put("writers", 1).put("readers", 0).put("writeP50Ms", 3.25).put("writeP99Ms", 5.5);
        write(dir.resolve("mysql-volume.json"), JSON.createArrayNode().add(volumeEntry("mysql", new double[] {0, 100_000, 200_000},
                new double[] {50_000, 49_000, 48_000}, new double[] {2.0, 2.25, 2.5}, new double[] {300_000, 290_000, 280_000}, new double[] {30, 31, 32})));
        ArrayNode mysqlMixed = JSON.createArrayNode();
        mysqlMixed.addAll(mixedEntries("mysql", 1, Double.NaN, Double.NaN, Double.NaN, 0.25, 0.75));
        mysqlMixed.addAll(mixedEntries("mysql", 2, 180.5, 7.5, 16.5, 0.3, 0.9));
        mysqlMixed.addAll(mixedEntries("mysql", 1, 285.0, 3.25, 5.5, Double.NaN, Double.NaN));
        write(dir.resolve("mysql-mixed.json"), mysqlMixed);
        ArrayNode mysqlWrite = JSON.createArrayNode();
        mysqlWrite.add(writeEntry("mysql", 100, 1, 5_000, 100, "\u00b7server.cpu", 20.5, "%"));
        mysqlWrite.add(writeEntry("mysql", 100, 2, 9_000, 300, "\u00b7server.cpu", 41.0, "%"));
        mysqlWrite.add(writeEntry("mysql", 1000, 1, 20_000, 500, "\u00b7server.cpu", 60.0, "%"));
        mysqlWrite.add(writeEntry("mysql", 1000, 2, 35_000, 900, "\u00b7server.cpu", 85.5, "%", "\u00b7server.rss", 512.0, "MB",
                "\u00b7server.diskWrite", 12.3, "MB/s"));
        write(dir.resolve("mysql-write.json"), mysqlWrite);
        ArrayNode mysqlQueries = queries("mysql", 2.0);
        mysqlQueries.add(queryEntry("mysql", "q5.count.d1", new double[] {0.42, 5}));
        mysqlQueries.add(queryEntry("mysql", "q5.percentile.d1", new double[] {1.25, 5}));
        queries(dir, "mysql", mysql, mysqlQueries);
        write(dir.resolve("mysql-manifest.json"), mysql);

        ObjectNode influx = manifest("InfluxDB", "1.8.10");
        resources(cell(influx, 1000, 1, 30_000, 1_000), "serverCpuPercent", 70.0);
        resources(cell(influx, 1000, 2, 52_000, 2_000), "serverCpuPercent", 95.0, "serverRssMB", 300.0);
        disk(influx, 3_000_000, 5_000_000, 100_000, "du of the data and wal folders after a 10 s settle");
        volume(influx, new double[] {0, 100_000, 200_000}, new double[] {70_000, 69_000, 68_000}, new double[] {1.5, 1.5, 1.5},
                new double[] {400_000, 390_000, 380_000}, new double[] {25, 26, 27});
        ArrayNode influxWrite = JSON.createArrayNode();
        influxWrite.add(writeEntry("influx", 1000, 1, 30_000, 1_000, "server.cpu", 70.0, "%"));
        influxWrite.add(writeEntry("influx", 1000, 2, 52_000, 2_000, "server.cpu", 95.0, "%", "server.rss", 300.0, "MB"));
        write(dir.resolve("influx-write.json"), influxWrite);
        ArrayNode influxQueries = queries("influx", 5.0);
        influxQueries.add(queryEntry("influx", "q5.stddev.d1", new double[] {1.75, 4}));
        queries(dir, "influx", influx, influxQueries);
        write(dir.resolve("influx-manifest.json"), influx);
        write(dir.resolve("influx-volume.json"), JSON.createArrayNode().add(volumeEntry("influx", new double[] {0, 100_000, 200_000},
                new double[] {70_000, 69_000, 68_000}, new double[] {1.5, 1.5, 1.5}, new double[] {400_000, 390_000, 380_000}, new double[] {25, 26, 27})));

        write(dir.resolve("run.json"), runJson("run-1", complete, "mysql", "passed", null, "influx", "passed", null,
                "clickhouse", "failed", "server did not start: 127.0.0.1:8123 refused the connection"));
        return dir;
    }
}
