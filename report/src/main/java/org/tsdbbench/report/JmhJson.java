package org.tsdbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.tsdbbench.report.RunResults.Metric;
import org.tsdbbench.report.RunResults.QueryLatency;
import org.tsdbbench.report.RunResults.WriteCell;
import org.tsdbbench.results.SpreadRecord;
import org.tsdbbench.results.StepFlags;

/**
 * Reads JMH's own JSON result format (one array of benchmark entries): write cells keyed by the
 * {@code rowsPerRequest} parameter and the thread count, query latencies keyed by {@code queryId},
 * and the server metrics a profiler added as secondary metrics ({@code server.cpu}, possibly
 * prefixed with JMH's "·").
 */
final class JmhJson {

    /** Prefix JMH puts before profiler-made secondary metric labels. */
    private static final String PROFILER_MARK = "\u00b7";

    /** The kinds of JMH JSON file a database jar writes, {@code <db>-<kind>.json}. */
    static final List<String> KINDS = List.of("write", "query", "range", "volume", "mixed", "fixedrate");

    private JmhJson() {
    }

    /** The entries of a JMH JSON file; none when the file does not exist. */
    static List<JsonNode> entries(Path file) throws IOException {
        JsonNode root = RunResults.readJson(file);
        if (root.isMissingNode()) return List.of();
        if (!root.isArray()) throw new IOException(file + ": not a JMH JSON result (expected an array of benchmark entries)");
        List<JsonNode> out = new ArrayList<>();
        root.forEach(out::add);
        return out;
    }

    /** A write-matrix cell: it has rows per request and is none of the further tests (fixed rate, volume, mixed load); for bare JMH files only. */
    static boolean isWrite(JsonNode entry) {
        return entry.path("params").has(StepFlags.PARAM_ROWS_PER_REQUEST) && !FurtherJmh.isFixedRate(entry) && !FurtherJmh.isVolume(entry)
                && !FurtherJmh.isMixed(entry);
    }

    static boolean isQuery(JsonNode entry) {
        return entry.path("params").has(StepFlags.PARAM_QUERY_ID);
    }

    /** A query's latency entry (sample time), not the queries/s trial the step runs beside it with several clients. */
    static boolean isQueryLatency(JsonNode entry) {
        return isQuery(entry) && !"thrpt".equals(entry.path("mode").asText());
    }

    /** The kind of file an entry belongs in ({@link #KINDS}), by its benchmark and parameters; null for none of them. */
    static String kindOf(JsonNode entry) {
        if (isQuery(entry)) return "query";
        if (FurtherJmh.isFixedRate(entry)) return "fixedrate";
        if (FurtherJmh.isVolume(entry)) return "volume";
        if (FurtherJmh.isMixed(entry)) return "mixed";
        if (FurtherJmh.isRange(entry)) return "range";
        return isWrite(entry) ? "write" : null;
    }

    /**
     * A file's entries by kind: all of them of the kind its name says ({@code <db>-fixedrate.json}),
     * else each of the kind its shape says; entries of no known kind are left out.
     */
    static Map<String, List<JsonNode>> byKind(Path file, List<JsonNode> entries) {
        String f = file.getFileName().toString();
        Map<String, List<JsonNode>> out = new LinkedHashMap<>();
        for (String kind : KINDS) {
            if (f.endsWith("-" + kind + ".json")) {
                out.put(kind, entries);
                return out;
            }
        }
        for (JsonNode e : entries) {
            String kind = kindOf(e);
            if (kind != null) out.computeIfAbsent(kind, k -> new ArrayList<>()).add(e);
        }
        return out;
    }

    /**
     * Write cells from JMH entries alone (a database without a manifest): rows/s is the rowsAcked
     * secondary metric when there is one, the spread is that of its iterations, computed as the
     * write step computes it; no client-bound verdict (that is the step's, in the manifest).
     */
    static List<WriteCell> writeCells(List<JsonNode> entries) {
        Map<String, WriteCell> cells = new LinkedHashMap<>();
        for (JsonNode e : entries) {
            if (!isWrite(e)) continue;
            JsonNode acked = e.path("secondaryMetrics").path("rowsAcked");
            JsonNode score = acked.isObject() ? acked : e.path("primaryMetric");
            int rows = e.path("params").path(StepFlags.PARAM_ROWS_PER_REQUEST).asInt();
            int clients = e.path("threads").asInt();
            cells.put(rows + "x" + clients, new WriteCell(rows, clients, null, null, score.path("score").asDouble(Double.NaN),
                    score.path("scoreError").asDouble(Double.NaN), null, serverMetrics(e), null, spread(score), List.of(),
                    e.path("secondaryMetrics").path("metricsAcked").path("score").asDouble(Double.NaN)));
        }
        return new ArrayList<>(cells.values());
    }

    /** The spread of a metric's iteration values (JMH's rawData: one array per fork); null when there are none. */
    static SpreadRecord spread(JsonNode metric) {
        List<Double> values = new ArrayList<>();
        for (JsonNode fork : metric.path("rawData")) for (JsonNode v : fork) values.add(v.asDouble());
        return SpreadRecord.of(values);
    }

    /** Secondary metrics named server.* or client.* (with or without JMH's "·" prefix), by their name without the prefix. */
    static Map<String, Metric> serverMetrics(JsonNode entry) {
        Map<String, Metric> out = new TreeMap<>();
        entry.path("secondaryMetrics").properties().forEach(f -> {
            String name = metricName(f.getKey());
            if (!name.startsWith("server.") && !name.startsWith("client.")) return;
            JsonNode m = f.getValue();
            out.put(name, new Metric(m.path("score").asDouble(Double.NaN), m.path("scoreError").asDouble(Double.NaN),
                    m.path("scoreUnit").asText("")));
        });
        return out;
    }

    /** A secondary metric's label without the mark JMH puts before profiler results. */
    static String metricName(String label) {
        String name = label.strip();
        while (name.startsWith(PROFILER_MARK)) name = name.substring(PROFILER_MARK.length()).strip();
        return name;
    }

    /** Query latencies by query id (the last entry of an id wins). */
    static Map<String, QueryLatency> queries(List<JsonNode> entries) {
        Map<String, QueryLatency> out = new TreeMap<>();
        for (JsonNode r : entries) {
            if (!isQueryLatency(r)) continue;
            String id = r.path("params").path(StepFlags.PARAM_QUERY_ID).asText();
            JsonNode pm = r.path("primaryMetric");
            JsonNode pct = pm.path("scorePercentiles");
            long samples = 0;
            for (JsonNode fork : pm.path("rawDataHistogram")) for (JsonNode it : fork) for (JsonNode bin : it) samples += bin.path(1).asLong();
            out.put(id, new QueryLatency(id, samples, pct.path("50.0").asDouble(Double.NaN), pct.path("90.0").asDouble(Double.NaN),
                    pct.path("99.0").asDouble(Double.NaN), pm.path("score").asDouble(Double.NaN), pm.path("scoreError").asDouble(Double.NaN),
                    Double.NaN));
        }
        return out;
    }

    /**
     * The database a bare JMH JSON file belongs to: the {@code <db>} of {@code <db>-write.json} or
     * {@code <db>-query.json} (or of another kind in {@link #KINDS}), else the package of its benchmark ({@code org.tsdbbench.mysql.MySqlWrite.write}: mysql).
     */
    static String databaseOf(Path file, List<JsonNode> entries) throws IOException {
        String f = file.getFileName().toString();
        for (String kind : KINDS) {
            String suffix = "-" + kind + ".json";
            if (f.endsWith(suffix) && f.length() > suffix.length()) return f.substring(0, f.length() - suffix.length());
        }
        for (JsonNode e : entries) {
            String[] parts = e.path("benchmark").asText().split("\\.");
            if (parts.length >= 4 && parts[0].equals("org") && parts[1].equals("tsdbbench")) return parts[2];
        }
        throw new IOException(file + ": cannot tell which database it measured (name it <db>-write.json, <db>-query.json, ...)");
    }

    /** Whether a file's path ends in .json and it exists as a regular file. */
    static boolean isJsonFile(Path p) {
        return Files.isRegularFile(p) && p.getFileName().toString().endsWith(".json");
    }
}
