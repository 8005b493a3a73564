package org.tsdbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.openjdk.jmh.util.MultisetStatistics;

/**
 * Combines the results folders of the N shards of one run (N client machines writing and querying
 * the same servers at once) into one results folder. Per write cell one figure: the rows
 * acknowledged by all shards divided by the common wall-clock window, from the earliest
 * {@code startedAt} to the latest {@code endedAt} of the cell; query latencies from the JMH
 * histograms of all shards merged, with percentiles, mean and 99.9% confidence interval
 * recomputed by JMH's own statistics; disk, server metrics and facts from shard 0.
 * Shards of different runs, of different shard counts, or a missing or repeated index are refused.
 */
final class ShardMerge {

    static final String METHOD = "write rows/s = rows acknowledged summed over the shards / the common wall-clock window "
            + "(earliest startedAt to latest endedAt of the cell over all shards), so it has no confidence interval, "
            + "and clients = all shards' clients together; query latencies from the JMH histograms of all shards merged "
            + "(percentiles, mean and 99.9% CI recomputed); disk, server metrics and other facts from shard 0";

    /** JMH's percentile keys, used when a shard's entry lists none. */
    private static final List<String> JMH_PERCENTILES = List.of("0.0", "50.0", "90.0", "95.0", "99.0", "99.9", "99.99", "99.999", "99.9999", "100.0");

    private record Shard(Path dir, int index, int count, String runId, Map<String, JsonNode> manifests, JsonNode run) {
    }

    private ShardMerge() {
    }

    /** The run id of the shard folders (checked like {@link #merge}), for naming the merged folder. */
    static String runId(List<Path> dirs) throws InputException, IOException {
        return shards(dirs).get(0).runId();
    }

    /** Checks that the folders are the shards of one run and writes the merged results folder. */
    static void merge(List<Path> dirs, Path out) throws InputException, IOException {
        List<Shard> shards = shards(dirs);
        Path outAbs = out.toAbsolutePath().normalize();
        for (Shard s : shards) {
            if (s.dir().toAbsolutePath().normalize().equals(outAbs)) {
                throw new InputException("-o " + out + ": is shard " + s.index() + "'s folder; the merged results need a folder of their own");
            }
        }
        Files.createDirectories(out);
        TreeSet<String> names = new TreeSet<>();
        for (Shard s : shards) names.addAll(s.manifests().keySet());
        Map<String, String> failedReasons = new LinkedHashMap<>();
        for (String db : names) {
            String missing = missingIn(shards, db);
            if (missing != null) {
                failedReasons.put(db, missing);
                JsonNode base = firstManifest(shards, db);
                ObjectNode manifest = base.deepCopy();
                manifest.remove("write");
                manifest.remove("shard");
                write(out.resolve(db + "-manifest.json"), manifest);
                continue;
            }
            mergeDatabase(shards, db, out);
        }
        write(out.resolve("run.json"), runJson(shards, names, failedReasons));
    }

    private static List<Shard> shards(List<Path> dirs) throws InputException, IOException {
        List<Shard> shards = new ArrayList<>();
        for (Path dir : dirs) shards.add(readShard(dir));
        Shard first = shards.get(0);
        for (Shard s : shards) {
            if (!s.runId().equals(first.runId())) {
                throw new InputException("shards of different runs: " + first.dir() + " has runId " + first.runId() + ", "
                        + s.dir() + " has runId " + s.runId());
            }
            if (s.count() != first.count()) {
                throw new InputException("shard counts differ: " + first.dir() + " says " + first.count() + " shards, "
                        + s.dir() + " says " + s.count());
            }
            if (s.index() < 0 || s.index() >= s.count()) {
                throw new InputException(s.dir() + ": shard index " + s.index() + " outside 0.." + (s.count() - 1));
            }
        }
        Shard[] byIndex = new Shard[first.count()];
        for (Shard s : shards) {
            if (byIndex[s.index()] != null) {
                throw new InputException("shard " + s.index() + " given twice: " + byIndex[s.index()].dir() + " and " + s.dir());
            }
            byIndex[s.index()] = s;
        }
        List<Integer> given = new ArrayList<>();
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < byIndex.length; i++) (byIndex[i] == null ? missing : given).add(i);
        if (!missing.isEmpty()) {
            throw new InputException("shard" + (missing.size() > 1 ? "s " : " ") + join(missing) + " of run " + first.runId() + " ("
                    + first.count() + " shards, 0.." + (first.count() - 1) + ") missing; given: " + join(given));
        }
        return List.of(byIndex);
    }

    private static String join(List<Integer> ints) {
        return String.join(", ", ints.stream().map(String::valueOf).toList());
    }

    private static Shard readShard(Path dir) throws InputException, IOException {
        if (!Files.isDirectory(dir)) throw new InputException(dir + ": no such shard folder");
        Map<String, JsonNode> manifests = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.filter(p -> p.getFileName().toString().endsWith("-manifest.json")).sorted().toList()) {
                String f = p.getFileName().toString();
                manifests.put(f.substring(0, f.length() - "-manifest.json".length()), RunResults.readJson(p));
            }
        }
        if (manifests.isEmpty()) throw new InputException(dir + ": no <db>-manifest.json: not a shard's results folder");
        String runId = null;
        int index = -1;
        int count = -1;
        Path firstFile = null;
        for (Map.Entry<String, JsonNode> e : manifests.entrySet()) {
            Path file = dir.resolve(e.getKey() + "-manifest.json");
            JsonNode m = e.getValue();
            JsonNode shard = m.path("shard");
            if (!m.hasNonNull("runId") || m.get("runId").asText().isEmpty()) {
                throw new InputException(file + ": no runId: not a shard's results (made without the shard options?)");
            }
            if (!shard.path("index").isIntegralNumber() || !shard.path("count").isIntegralNumber() || shard.path("count").asInt() < 1) {
                throw new InputException(file + ": no \"shard\": {\"index\": i, \"count\": N}: not a shard's results (made without the shard options?)");
            }
            if (firstFile == null) {
                firstFile = file;
                runId = m.get("runId").asText();
                index = shard.path("index").asInt();
                count = shard.path("count").asInt();
            } else if (!runId.equals(m.get("runId").asText()) || index != shard.path("index").asInt() || count != shard.path("count").asInt()) {
                throw new InputException(file + ": runId or shard differs from " + firstFile + " in the same folder");
            }
        }
        return new Shard(dir, index, count, runId, manifests, RunResults.readJson(dir.resolve("run.json")));
    }

    private static String missingIn(List<Shard> shards, String db) {
        for (Shard s : shards) {
            if (!s.manifests().containsKey(db)) return "no results from shard " + s.index() + " (" + s.dir() + ")";
        }
        return null;
    }

    private static JsonNode firstManifest(List<Shard> shards, String db) {
        for (Shard s : shards) if (s.manifests().containsKey(db)) return s.manifests().get(db);
        throw new IllegalStateException(db);
    }

    private static void mergeDatabase(List<Shard> shards, String db, Path out) throws IOException {
        ObjectNode manifest = shards.get(0).manifests().get(db).deepCopy();
        manifest.remove("shard");
        manifest.put("runId", shards.get(0).runId());
        ObjectNode merged = manifest.putObject("merged");
        merged.put("shards", shards.size());
        merged.put("method", METHOD);
        ArrayNode folders = merged.putArray("shardFolders");
        for (Shard s : shards) folders.add(s.dir().toAbsolutePath().normalize().toString());
        ArrayNode notes = merged.putArray("notes");

        mergeLoad(shards, db, manifest);
        List<ObjectNode> cells = mergeWrites(shards, db);
        ArrayNode write = manifest.putArray("write");
        cells.forEach(write::add);
        if (cells.isEmpty()) manifest.remove("write");
        writeJmhWrite(shards, db, cells, out);
        mergeQueries(shards, db, manifest, notes, out);
        write(out.resolve(db + "-manifest.json"), manifest);
    }

    /**
     * A sharded load: rows sent, acknowledged and expected summed over the shards, rows/s as the
     * acknowledged rows over the longest shard's time (the shards ran at once), verified only when
     * every shard was. The stored count is the verify step's, when one ran.
     */
    private static void mergeLoad(List<Shard> shards, String db, ObjectNode manifest) {
        long sent = 0, acked = 0, expected = 0, failed = 0;
        double seconds = 0;
        boolean verified = true;
        for (Shard s : shards) {
            JsonNode load = s.manifests().get(db).path("load");
            if (load.isMissingNode()) {
                manifest.remove("load");
                return;
            }
            sent += load.path("rowsSent").asLong();
            acked += load.path("rowsAcknowledged").asLong();
            expected += load.path("rowsExpected").asLong();
            failed += load.path("failedRequests").asLong();
            seconds = Math.max(seconds, load.path("seconds").asDouble());
            verified &= load.path("verified").asBoolean();
        }
        ObjectNode load = manifest.putObject("load");
        load.put("shards", shards.size());
        load.put("rowsSent", sent);
        load.put("rowsAcknowledged", acked);
        load.put("rowsExpected", expected);
        load.put("failedRequests", failed);
        load.put("seconds", seconds);
        load.put("rowsPerSecond", seconds > 0 ? acked / seconds : Double.NaN);
        load.put("rowsStored", -1);
        load.put("verified", verified);
    }

    private static String key(JsonNode cell) {
        return cell.path("rowsPerRequest").asInt() + "x" + cell.path("clients").asInt();
    }

    private static List<ObjectNode> mergeWrites(List<Shard> shards, String db) {
        Set<String> keys = new LinkedHashSet<>();
        for (Shard s : shards) for (JsonNode c : s.manifests().get(db).path("write")) keys.add(key(c));
        List<ObjectNode> out = new ArrayList<>();
        for (String key : keys) {
            List<JsonNode> parts = new ArrayList<>();
            for (Shard s : shards) {
                JsonNode found = null;
                for (JsonNode c : s.manifests().get(db).path("write")) if (key(c).equals(key)) found = c;
                parts.add(found);
            }
            out.add(mergeCell(shards, key, parts));
        }
        return out;
    }

    private static ObjectNode mergeCell(List<Shard> shards, String key, List<JsonNode> parts) {
        ObjectNode cell = RunResults.JSON.createObjectNode();
        int rows = Integer.parseInt(key.substring(0, key.indexOf('x')));
        int perShard = Integer.parseInt(key.substring(key.indexOf('x') + 1));
        cell.put("rowsPerRequest", rows);
        cell.put("clients", perShard * shards.size());
        cell.put("clientsPerShard", perShard);
        String failure = null;
        long acked = 0;
        Instant start = null;
        Instant end = null;
        ArrayNode shardCells = RunResults.JSON.createArrayNode();
        for (int i = 0; i < parts.size(); i++) {
            JsonNode p = parts.get(i);
            if (p == null) {
                failure = failure != null ? failure : "shard " + i + " has no such cell";
                continue;
            }
            ObjectNode sc = shardCells.addObject();
            sc.put("index", i);
            for (String f : List.of("rowsAcked", "startedAt", "endedAt", "rowsPerSecond", "error", "failure", "verified")) {
                if (p.has(f)) sc.set(f, p.get(f));
            }
            if (failure != null) continue;
            if (p.hasNonNull("failure")) {
                failure = "shard " + i + ": " + p.get("failure").asText();
                continue;
            }
            if (!p.path("rowsAcked").isIntegralNumber() || !p.hasNonNull("startedAt") || !p.hasNonNull("endedAt")) {
                failure = "shard " + i + ": no rowsAcked, startedAt and endedAt in its manifest cell: cannot merge";
                continue;
            }
            try {
                Instant s = Instant.parse(p.get("startedAt").asText());
                Instant e = Instant.parse(p.get("endedAt").asText());
                acked += p.get("rowsAcked").asLong();
                start = start == null || s.isBefore(start) ? s : start;
                end = end == null || e.isAfter(end) ? e : end;
            } catch (DateTimeParseException e) {
                failure = "shard " + i + ": startedAt/endedAt are not ISO-8601 instants (" + e.getParsedString() + ")";
            }
        }
        double seconds = start == null ? 0 : Duration.between(start, end).toNanos() / 1e9;
        if (failure == null && seconds <= 0) failure = "the shards' measured window is empty (" + start + " .. " + end + ")";
        if (failure == null) {
            cell.put("rowsPerSecond", acked / seconds);
            cell.put("error", Double.NaN);
            cell.put("rowsAcked", acked);
            cell.put("startedAt", start.toString());
            cell.put("endedAt", end.toString());
            cell.put("windowSeconds", seconds);
        } else {
            cell.put("rowsPerSecond", Double.NaN);
            cell.put("error", Double.NaN);
            cell.put("failure", failure);
        }
        cell.set("shards", shardCells);
        return cell;
    }

    /** The merged write cells as JMH entries: shard 0's entry with the merged score, its server metrics, threads = all clients. */
    private static void writeJmhWrite(List<Shard> shards, String db, List<ObjectNode> cells, Path out) throws IOException {
        List<JsonNode> shard0 = JmhJson.entries(shards.get(0).dir().resolve(db + "-write.json"));
        ArrayNode array = RunResults.JSON.createArrayNode();
        for (ObjectNode c : cells) {
            if (c.hasNonNull("failure")) continue;
            JsonNode source = null;
            for (JsonNode e : shard0) {
                if (JmhJson.isWrite(e) && e.path("params").path("rowsPerRequest").asInt() == c.get("rowsPerRequest").asInt()
                        && e.path("threads").asInt() == c.get("clientsPerShard").asInt()) source = e;
            }
            ObjectNode entry = source == null ? RunResults.JSON.createObjectNode() : source.deepCopy();
            if (source == null) entry.put("benchmark", "org.tsdbbench." + db + ".merged.write");
            entry.put("threads", c.get("clients").asInt());
            ObjectNode params = entry.withObjectProperty("params");
            params.put("rowsPerRequest", c.get("rowsPerRequest").asText());
            params.put("shards", String.valueOf(shards.size()));
            ObjectNode pm = entry.putObject("primaryMetric");
            pm.put("score", c.get("rowsPerSecond").asDouble());
            pm.put("scoreError", Double.NaN);
            pm.putArray("scoreConfidence").add(Double.NaN).add(Double.NaN);
            pm.putObject("scorePercentiles");
            pm.put("scoreUnit", "rows/s");
            pm.putArray("rawData");
            ObjectNode secondary = RunResults.JSON.createObjectNode();
            entry.path("secondaryMetrics").properties().forEach(f -> {
                String metric = JmhJson.metricName(f.getKey());
                if (metric.startsWith("server.") || metric.startsWith("client.")) secondary.set(f.getKey(), f.getValue());
            });
            entry.set("secondaryMetrics", secondary);
            array.add(entry);
        }
        if (!array.isEmpty()) write(out.resolve(db + "-write.json"), array);
    }

    private static void mergeQueries(List<Shard> shards, String db, ObjectNode manifest, ArrayNode notes, Path out) throws IOException {
        List<Map<String, JsonNode>> byShard = new ArrayList<>();
        Set<String> ids = new LinkedHashSet<>();
        for (Shard s : shards) {
            Map<String, JsonNode> entries = new LinkedHashMap<>();
            for (JsonNode e : JmhJson.entries(s.dir().resolve(db + "-query.json"))) {
                if (JmhJson.isQuery(e)) entries.put(e.path("params").path("queryId").asText(), e);
            }
            ids.addAll(entries.keySet());
            byShard.add(entries);
        }
        ArrayNode array = RunResults.JSON.createArrayNode();
        for (String id : ids) {
            List<JsonNode> parts = new ArrayList<>();
            int without = -1;
            for (int i = 0; i < byShard.size(); i++) {
                JsonNode e = byShard.get(i).get(id);
                if (e == null && without < 0) without = i;
                parts.add(e);
            }
            if (without >= 0) {
                notes.add(id + ": not measured by shard " + without + ", left out (a latency of some shards only would not be the run's)");
                continue;
            }
            array.add(mergeQuery(parts));
        }
        if (!array.isEmpty()) write(out.resolve(db + "-query.json"), array);
        mergeChecks(shards, db, manifest);
    }

    /** One query's entries of all shards as one JMH entry: every fork's histogram kept, the statistics recomputed. */
    static ObjectNode mergeQuery(List<JsonNode> parts) {
        ObjectNode merged = parts.get(0).deepCopy();
        ObjectNode pm = merged.withObjectProperty("primaryMetric");
        ArrayNode histogram = RunResults.JSON.createArrayNode();
        MultisetStatistics stats = new MultisetStatistics();
        int forks = 0;
        for (JsonNode p : parts) {
            forks += p.path("forks").asInt(0);
            for (JsonNode fork : p.path("primaryMetric").path("rawDataHistogram")) {
                histogram.add(fork);
                for (JsonNode iteration : fork) for (JsonNode bin : iteration) stats.addValue(bin.path(0).asDouble(), bin.path(1).asLong());
            }
        }
        merged.put("forks", forks);
        pm.put("score", stats.getMean());
        pm.put("scoreError", stats.getMeanErrorAt(0.999));
        double[] ci = stats.getConfidenceIntervalAt(0.999);
        pm.putArray("scoreConfidence").add(ci[0]).add(ci[1]);
        List<String> keys = new ArrayList<>();
        Iterator<String> it = parts.get(0).path("primaryMetric").path("scorePercentiles").fieldNames();
        it.forEachRemaining(keys::add);
        if (keys.isEmpty()) keys = JMH_PERCENTILES;
        ObjectNode pct = pm.putObject("scorePercentiles");
        for (String k : keys) pct.put(k, stats.getN() == 0 ? Double.NaN : stats.getPercentile(Double.parseDouble(k)));
        pm.set("rawDataHistogram", histogram);
        pm.remove("rawData");
        merged.remove("secondaryMetrics");
        return merged;
    }

    /** A query is correct in the merged run only when every shard found its answer right. */
    private static void mergeChecks(List<Shard> shards, String db, ObjectNode manifest) {
        JsonNode query = manifest.path("query");
        if (!query.isObject()) return;
        for (JsonNode check : query.path("checked")) {
            String id = check.path("id").asText();
            for (int i = 1; i < shards.size(); i++) {
                for (JsonNode other : shards.get(i).manifests().get(db).path("query").path("checked")) {
                    if (other.path("id").asText().equals(id) && !other.path("correct").asBoolean(true) && check.path("correct").asBoolean(true)) {
                        ((ObjectNode) check).put("correct", false);
                        ((ObjectNode) check).put("problem", "shard " + i + ": " + other.path("problem").asText(id + " wrong"));
                    }
                }
            }
        }
    }

    private static ObjectNode runJson(List<Shard> shards, Set<String> names, Map<String, String> missing) {
        ObjectNode run = RunResults.JSON.createObjectNode();
        run.put("runId", shards.get(0).runId());
        boolean complete = true;
        for (Shard s : shards) if (s.run().has("complete") && !s.run().get("complete").asBoolean()) complete = false;
        run.put("complete", complete);
        run.put("shards", shards.size());
        ArrayNode dbs = run.putArray("databases");
        for (String name : names) {
            String status = null;
            String reason = missing.get(name);
            if (reason != null) status = "failed";
            for (Shard s : shards) {
                for (JsonNode d : s.run().path("databases")) {
                    if (!d.path("name").asText().equals(name)) continue;
                    String st = d.path("status").asText();
                    if (st.equals("failed") && !"failed".equals(status)) {
                        status = "failed";
                        reason = "shard " + s.index() + ": " + d.path("reason").asText("failed");
                    } else if (st.equals("skipped") && status == null) {
                        status = "skipped";
                        reason = d.path("reason").asText(null);
                    } else if (st.equals("passed") && status == null) {
                        status = "passed";
                    }
                }
            }
            if (status == null) continue;
            ObjectNode d = dbs.addObject();
            d.put("name", name);
            d.put("status", status);
            if (reason != null) d.put("reason", reason);
        }
        return run;
    }

    private static void write(Path file, JsonNode node) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        RunResults.JSON.writer(SerializationFeature.INDENT_OUTPUT).writeValue(tmp.toFile(), node);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
