package org.tsdbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.openjdk.jmh.util.MultisetStatistics;

/**
 * Result files in the shapes the database jars write them: manifests, JMH JSON write entries
 * (throughput, rowsAcked and server.* secondary metrics) and query entries (sample mode, with
 * rawDataHistogram), and run.json. Query statistics are computed by JMH's own class, as JMH does.
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
        m.putObject("workload").put("source", "generated: 100 devices x 1000 rows, seed 42");
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
     * A complete run folder: MySQL (4 write cells with "·server.*" metrics, disk), InfluxDB (2 cells
     * with unprefixed server metrics, disk), and ClickHouse, which failed before writing any file.
     */
    static Path standardRun(Path dir, boolean complete) throws IOException {
        ObjectNode mysql = manifest("MySQL", "10.11.6-MariaDB");
        cell(mysql, 100, 1, 5_000, 100);
        cell(mysql, 100, 2, 9_000, 300);
        cell(mysql, 1000, 1, 20_000, 500);
        cell(mysql, 1000, 2, 35_000, 900);
        disk(mysql, 12_345_678, 5_000_000, 100_000, "data_length + index_length after ANALYZE TABLE");
        ((ArrayNode) mysql.path("query").path("absent")).add("q2.spread.p10");
        // The further tests' figures, as the range and volume steps write them.
        ArrayNode range = mysql.putArray("range");
        for (int clients : new int[] {1, 4}) {
            range.addObject().put("clients", clients).put("resultRows", 100).put("queriesPerSecond", 2_000.0 * clients).put("p50Ms", 0.5).put("p99Ms", 1.5);
        }
        ArrayNode volume = mysql.putArray("volume");
        for (int b = 0; b < 3; b++) {
            volume.addObject().put("storedRowsBefore", b * 100_000.0).put("writeRowsPerSecond", 50_000.0 - b * 1000)
                    .put("writeRequestMillis", 2.0).put("readRowsPerSecond", 300_000.0 - b * 10_000).put("readMillis", 30.0);
        }
        write(dir.resolve("mysql-manifest.json"), mysql);
        ArrayNode mysqlWrite = JSON.createArrayNode();
        mysqlWrite.add(writeEntry("mysql", 100, 1, 5_000, 100, "\u00b7server.cpu", 20.5, "%"));
        mysqlWrite.add(writeEntry("mysql", 100, 2, 9_000, 300, "\u00b7server.cpu", 41.0, "%"));
        mysqlWrite.add(writeEntry("mysql", 1000, 1, 20_000, 500, "\u00b7server.cpu", 60.0, "%"));
        mysqlWrite.add(writeEntry("mysql", 1000, 2, 35_000, 900, "\u00b7server.cpu", 85.5, "%", "\u00b7server.rss", 512.0, "MB",
                "\u00b7server.diskWrite", 12.3, "MB/s"));
        write(dir.resolve("mysql-write.json"), mysqlWrite);
        write(dir.resolve("mysql-query.json"), queries("mysql", 2.0));

        ObjectNode influx = manifest("InfluxDB", "1.8.10");
        cell(influx, 1000, 1, 30_000, 1_000);
        cell(influx, 1000, 2, 52_000, 2_000);
        disk(influx, 3_000_000, 5_000_000, 100_000, "du of the data and wal folders after a 10 s settle");
        write(dir.resolve("influx-manifest.json"), influx);
        ArrayNode influxWrite = JSON.createArrayNode();
        influxWrite.add(writeEntry("influx", 1000, 1, 30_000, 1_000, "server.cpu", 70.0, "%"));
        influxWrite.add(writeEntry("influx", 1000, 2, 52_000, 2_000, "server.cpu", 95.0, "%", "server.rss", 300.0, "MB"));
        write(dir.resolve("influx-write.json"), influxWrite);
        write(dir.resolve("influx-query.json"), queries("influx", 5.0));

        write(dir.resolve("run.json"), runJson("run-1", complete, "mysql", "passed", null, "influx", "passed", null,
                "clickhouse", "failed", "server did not start: 127.0.0.1:8123 refused the connection"));
        return dir;
    }
}
