package org.tsdbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The figures of one run folder, per database: write cells (rows/s by R/R and clients, failed
 * cells marked), query latencies by query id, and the manifest's facts. Read from the JMH JSON
 * files and manifests the database jars write; nothing is recomputed from raw data.
 */
final class RunResults {

    /** One write cell: rows acknowledged per second, JMH's error, or why it failed. */
    record WriteCell(int rowsPerRequest, int clients, double rowsPerSecond, double error, String failure) {
    }

    /** One query's latency distribution in ms. */
    record QueryLatency(String id, long samples, double p50, double p90, double p99, double mean) {
    }

    /** Everything known about one database in this run. */
    record Database(String name, String displayName, List<WriteCell> writes, Map<String, QueryLatency> queries, JsonNode manifest) {
        String serverVersion() {
            return manifest.path("server").path("serverVersion").asText("?");
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private RunResults() {
    }

    /** Databases with a manifest in the folder, in name order. */
    static List<Database> read(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) throw new IOException(dir + ": no such results folder");
        List<Database> out = new ArrayList<>();
        List<Path> manifests;
        try (Stream<Path> s = Files.list(dir)) {
            manifests = s.filter(p -> p.getFileName().toString().endsWith("-manifest.json")).sorted().toList();
        }
        for (Path m : manifests) {
            String name = m.getFileName().toString().replace("-manifest.json", "");
            JsonNode manifest = JSON.readTree(m.toFile());
            out.add(new Database(name, manifest.path("database").asText(name), writes(manifest),
                    queries(dir.resolve(name + "-query.json")), manifest));
        }
        return out;
    }

    /** Write cells from the manifest, which holds every cell with its verification, failed ones too. */
    private static List<WriteCell> writes(JsonNode manifest) {
        List<WriteCell> cells = new ArrayList<>();
        for (JsonNode c : manifest.path("write")) {
            String failure = c.hasNonNull("failure") ? c.get("failure").asText() : null;
            cells.add(new WriteCell(c.path("rowsPerRequest").asInt(), c.path("clients").asInt(),
                    c.path("rowsPerSecond").asDouble(Double.NaN), c.path("error").asDouble(Double.NaN), failure));
        }
        return cells;
    }

    private static Map<String, QueryLatency> queries(Path json) throws IOException {
        Map<String, QueryLatency> out = new TreeMap<>();
        if (!Files.exists(json)) return out;
        for (JsonNode r : JSON.readTree(json.toFile())) {
            String id = r.path("params").path("queryId").asText();
            JsonNode pm = r.path("primaryMetric");
            JsonNode pct = pm.path("scorePercentiles");
            long samples = 0;
            for (JsonNode fork : pm.path("rawDataHistogram")) for (JsonNode it : fork) for (JsonNode bin : it) samples += bin.path(1).asLong();
            out.put(id, new QueryLatency(id, samples, pct.path("50.0").asDouble(Double.NaN), pct.path("90.0").asDouble(Double.NaN),
                    pct.path("99.0").asDouble(Double.NaN), pm.path("score").asDouble(Double.NaN)));
        }
        return out;
    }
}
