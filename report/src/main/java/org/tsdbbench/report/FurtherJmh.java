package org.tsdbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.tsdbbench.report.Further.FixedRateCell;
import org.tsdbbench.report.Further.MixedRun;
import org.tsdbbench.report.Further.RangeCell;
import org.tsdbbench.report.Further.VolumeBlock;
import org.tsdbbench.results.StepFlags;

/**
 * Reads the further tests from JMH's JSON: range queries ({@code ...RangeQuery.queriesPerSecond}
 * in throughput mode and {@code ...RangeQuery.latency} in sample mode, per threads and
 * {@code resultRows}), volume growth ({@code ...Volume.block}, single shot: one iteration per block,
 * each secondary metric's {@code rawData} holding one value per block), mixed load (the
 * {@code mixed} group's {@code write:p0.50}.. latencies in sample mode; its rows/s are the manifest's;
 * which run an entry is follows from its {@code write} and {@code query} metrics) and fixed-rate writes (write entries with a {@code targetRowsPerSecond}).
 * Rates are turned into per second and latencies into ms from JMH's units.
 */
final class FurtherJmh {

    private FurtherJmh() {
    }

    /** A write entry at a fixed rate: every write entry has the parameter; 0 is as fast as it can, not a fixed rate. */
    static boolean isFixedRate(JsonNode e) {
        return e.path("params").path(StepFlags.PARAM_TARGET_ROWS_PER_SECOND).asDouble(0) > 0;
    }

    static boolean isVolume(JsonNode e) {
        return method(e).equals("block") || e.path("params").has(StepFlags.PARAM_BLOCK_ROWS);
    }

    static boolean isMixed(JsonNode e) {
        JsonNode p = e.path("params");
        return method(e).equals("mixed") || p.has(StepFlags.PARAM_RESULT_ROWS) && p.has(StepFlags.PARAM_ROWS_PER_REQUEST);
    }

    static boolean isRange(JsonNode e) {
        return !isMixed(e) && !isVolume(e) && (method(e).equals("queriesPerSecond") || method(e).equals("latency")
                || e.path("params").has(StepFlags.PARAM_RESULT_ROWS));
    }

    /** Whether an entry is of one of the further tests. */
    static boolean isFurther(JsonNode e) {
        return isFixedRate(e) || isVolume(e) || isMixed(e) || isRange(e);
    }

    /** Range cells by result rows, then clients; queries/s from the throughput entry, p50 and p99 from the sample one. */
    static List<RangeCell> range(List<JsonNode> entries) {
        Map<List<Integer>, double[]> cells = new TreeMap<>(Comparator.<List<Integer>>comparingInt(k -> k.get(1)).thenComparingInt(k -> k.get(0)));
        for (JsonNode e : entries) {
            if (!isRange(e)) continue;
            List<Integer> key = List.of(e.path("threads").asInt(), e.path("params").path(StepFlags.PARAM_RESULT_ROWS).asInt());
            double[] c = cells.computeIfAbsent(key, k -> new double[] {Double.NaN, Double.NaN, Double.NaN, Double.NaN});
            JsonNode pm = e.path("primaryMetric");
            if (isSample(e)) {
                c[2] = ms(pm.path("scorePercentiles").path("50.0"), pm);
                c[3] = ms(pm.path("scorePercentiles").path("99.0"), pm);
            } else {
                c[0] = perSecond(pm.path("score"), pm);
                c[1] = perSecond(pm.path("scoreError"), pm);
            }
        }
        List<RangeCell> out = new ArrayList<>();
        cells.forEach((k, c) -> out.add(new RangeCell(k.get(0), k.get(1), c[0], c[1], c[2], c[3])));
        return out;
    }

    /** Volume blocks in the order written: the i-th value of each secondary metric's raw data is block i (their scores are sums: not used). */
    static List<VolumeBlock> volume(List<JsonNode> entries) {
        List<VolumeBlock> out = new ArrayList<>();
        for (JsonNode e : entries) {
            if (!isVolume(e)) continue;
            Map<String, JsonNode> m = secondary(e);
            List<Double> stored = perIteration(m.get("storedRowsBefore"));
            List<Double> writeRate = perIteration(m.get("writeRowsPerSecond"));
            List<Double> writeMs = perIteration(m.get("writeRequestMillis"));
            List<Double> readRate = perIteration(m.get("readRowsPerSecond"));
            List<Double> readMs = perIteration(m.get("readMillis"));
            int blocks = Math.max(Math.max(stored.size(), writeRate.size()), Math.max(Math.max(writeMs.size(), readRate.size()), readMs.size()));
            for (int i = 0; i < blocks; i++) {
                out.add(new VolumeBlock(at(stored, i), at(writeRate, i), at(writeMs, i), at(readRate, i), at(readMs, i)));
            }
        }
        return out;
    }

    /**
     * The mixed-load runs that have entries, in {@link Further#MIXED_RUNS} order: only {@code query}
     * is readers alone, both are writers + readers, only {@code write} is writers alone.
     */
    static List<MixedRun> mixed(List<JsonNode> entries) {
        Map<String, double[]> runs = new HashMap<>();
        for (JsonNode e : entries) {
            if (!isMixed(e)) continue;
            Map<String, JsonNode> m = secondary(e);
            boolean writes = m.containsKey("write");
            boolean queries = m.containsKey("query");
            if (!writes && !queries) continue;
            String run = Further.MIXED_RUNS.get(!writes ? 0 : queries ? 1 : 2);
            double[] r = runs.computeIfAbsent(run, k -> new double[] {Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN});
            if (isSample(e)) {
                if (writes) {
                    r[1] = percentileMs(m, "write", "0.50", "50.0");
                    r[2] = percentileMs(m, "write", "0.99", "99.0");
                }
                if (queries) {
                    r[3] = percentileMs(m, "query", "0.50", "50.0");
                    r[4] = percentileMs(m, "query", "0.99", "99.0");
                }
            }
            // No rows/s from here: JMH's throughput of a group (and its rowsAcked) read about 2.7x what the writes'
            // latency allows when readers shared the group. The mixed step's own count is in the manifest.
        }
        List<MixedRun> out = new ArrayList<>();
        for (String run : Further.MIXED_RUNS) {
            double[] r = runs.get(run);
            if (r != null) out.add(new MixedRun(run, r[0], r[1], r[2], r[3], r[4]));
        }
        return out;
    }

    /** Fixed-rate cells from JMH alone (the entries of {@code <db>-fixedrate.json}): target and achieved rows/s (rows acknowledged), no latency from the intended start, no verdict. */
    static List<FixedRateCell> fixedRate(List<JsonNode> entries) {
        Map<String, FixedRateCell> out = new LinkedHashMap<>();
        for (JsonNode e : entries) {
            JsonNode p = e.path("params");
            JsonNode acked = secondary(e).get("rowsAcked");
            JsonNode score = acked != null ? acked : e.path("primaryMetric");
            int rows = p.path(StepFlags.PARAM_ROWS_PER_REQUEST).asInt();
            int clients = e.path("threads").asInt();
            double target = p.path(StepFlags.PARAM_TARGET_ROWS_PER_SECOND).asDouble(Double.NaN);
            out.put(rows + "x" + clients + "@" + target, new FixedRateCell(rows, clients, target, perSecond(score.path("score"), score),
                    Double.NaN, Double.NaN, Double.NaN, null, null));
        }
        return new ArrayList<>(out.values());
    }

    /** The benchmark method of an entry: the last part of its name. */
    private static String method(JsonNode e) {
        String b = e.path("benchmark").asText();
        return b.substring(b.lastIndexOf('.') + 1);
    }

    private static boolean isSample(JsonNode e) {
        return e.path("mode").asText().equals("sample");
    }

    /** Secondary metrics by name without JMH's profiler mark. */
    private static Map<String, JsonNode> secondary(JsonNode e) {
        Map<String, JsonNode> out = new HashMap<>();
        e.path("secondaryMetrics").properties().forEach(f -> out.put(JmhJson.metricName(f.getKey()), f.getValue()));
        return out;
    }

    /** A group method's percentile in ms: JMH's {@code write:p0.50} metric, else the percentile of {@code write} itself. */
    private static double percentileMs(Map<String, JsonNode> m, String method, String quantile, String percentile) {
        JsonNode p = m.get(method + ":p" + quantile);
        if (p != null) return ms(p.path("score"), p);
        JsonNode whole = m.get(method);
        return ms(whole.path("scorePercentiles").path(percentile), whole);
    }

    /** A metric's raw data, one value per iteration, all forks in order. */
    private static List<Double> perIteration(JsonNode metric) {
        List<Double> out = new ArrayList<>();
        if (metric == null) return out;
        for (JsonNode fork : metric.path("rawData")) for (JsonNode v : fork) out.add(Further.number(v));
        return out;
    }

    private static double at(List<Double> values, int i) {
        return i < values.size() ? values.get(i) : Double.NaN;
    }

    /** A rate in the metric's unit (ops/ms, ops/s, ...) per second. */
    static double perSecond(JsonNode value, JsonNode metric) {
        double v = Further.number(value);
        return switch (metric.path("scoreUnit").asText("ops/s")) {
            case "ops/ns" -> v * 1e9;
            case "ops/us" -> v * 1e6;
            case "ops/ms" -> v * 1e3;
            case "ops/min" -> v / 60;
            case "ops/hr" -> v / 3600;
            default -> v;
        };
    }

    /** A time in the metric's unit (us/op, ms/op, ...) in ms. */
    static double ms(JsonNode value, JsonNode metric) {
        double v = Further.number(value);
        return switch (metric.path("scoreUnit").asText("ms/op")) {
            case "ns/op" -> v / 1e6;
            case "us/op" -> v / 1e3;
            case "s/op" -> v * 1e3;
            case "min/op" -> v * 6e4;
            default -> v;
        };
    }
}
