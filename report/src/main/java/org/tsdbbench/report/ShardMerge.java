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
import org.openjdk.jmh.util.MultisetStatistics;
import org.tsdbbench.results.LoadRecord;
import org.tsdbbench.results.Manifest;
import org.tsdbbench.results.MergedRecord;
import org.tsdbbench.results.QueryRecord;
import org.tsdbbench.results.QueryRecord.QueryCheck;
import org.tsdbbench.results.RunFolder;
import org.tsdbbench.results.RunRecord;
import org.tsdbbench.results.ShardCellRecord;
import org.tsdbbench.results.ShardRecord;
import org.tsdbbench.results.TrialRecord;
import org.tsdbbench.results.WriteCellRecord;
import org.tsdbbench.results.StepFlags;

/**
 * Combines the results folders of the N shards of one run (N client machines writing and querying
 * the same servers at once) into one results folder. Per write cell one figure: the rows
 * acknowledged by all shards divided by the common wall-clock window, from the earliest
 * {@code startedAt} to the latest {@code endedAt} of the cell; query latencies from the JMH
 * histograms of all shards merged, with percentiles, mean and 99.9% confidence interval
 * recomputed by JMH's own statistics, into the merged manifest (what the report reads) and JMH's
 * JSON; disk, resources and facts from shard 0.
 * Shards of different runs, of different shard counts, or a missing or repeated index are refused.
 */
final class ShardMerge {

    static final String METHOD = "write rows/s = rows acknowledged summed over the shards / the common wall-clock window "
            + "(earliest startedAt to latest endedAt of the cell over all shards), so it has no confidence interval, "
            + "and clients = all shards' clients together; query latencies from the JMH histograms of all shards merged "
            + "(percentiles, mean and 99.9% CI recomputed); disk, server metrics and other facts from shard 0";

    /** JMH's percentile keys, used when a shard's entry lists none. */
    private static final List<String> JMH_PERCENTILES = List.of("0.0", "50.0", "90.0", "95.0", "99.0", "99.9", "99.99", "99.999", "99.9999", "100.0");

    private record Shard(Path dir, int index, int count, String runId, Map<String, Manifest> manifests, RunRecord run) {
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
        RunFolder merged = new RunFolder(out);
        TreeSet<String> names = new TreeSet<>();
        for (Shard s : shards) names.addAll(s.manifests().keySet());
        Map<String, String> failedReasons = new LinkedHashMap<>();
        for (String db : names) {
            String missing = missingIn(shards, db);
            if (missing != null) {
                failedReasons.put(db, missing);
                Manifest first = firstManifest(shards, db);
                // No figure of some shards only: no write cells, no latencies (the checks and facts stay, to say what ran).
                QueryRecord q = first.query() == null ? null : new QueryRecord(first.query().checked(), first.query().absent());
                merged.writeManifest(db, first.toBuilder().write(null).query(q).shard(null).build());
                continue;
            }
            mergeDatabase(shards, db, out, merged);
        }
        merged.writeRun(runRecord(shards, names, failedReasons));
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
        RunFolder folder = new RunFolder(dir);
        Map<String, Manifest> manifests = new TreeMap<>();
        for (String db : folder.manifestNames()) manifests.put(db, folder.manifest(db).orElseThrow());
        if (manifests.isEmpty()) throw new InputException(dir + ": no <db>-manifest.json: not a shard's results folder");
        String runId = null;
        ShardRecord shard = null;
        Path firstFile = null;
        for (Map.Entry<String, Manifest> e : manifests.entrySet()) {
            Path file = folder.manifestFile(e.getKey());
            Manifest m = e.getValue();
            if (m.runId() == null || m.runId().isEmpty()) {
                throw new InputException(file + ": no runId: not a shard's results (made without the shard options?)");
            }
            if (m.shard() == null || m.shard().count() < 1) {
                throw new InputException(file + ": no \"shard\": {\"index\": i, \"count\": N}: not a shard's results (made without the shard options?)");
            }
            if (firstFile == null) {
                firstFile = file;
                runId = m.runId();
                shard = m.shard();
            } else if (!runId.equals(m.runId()) || !shard.equals(m.shard())) {
                throw new InputException(file + ": runId or shard differs from " + firstFile + " in the same folder");
            }
        }
        return new Shard(dir, shard.index(), shard.count(), runId, manifests, folder.run().orElse(null));
    }

    private static String missingIn(List<Shard> shards, String db) {
        for (Shard s : shards) {
            if (!s.manifests().containsKey(db)) return "no results from shard " + s.index() + " (" + s.dir() + ")";
        }
        return null;
    }

    private static Manifest firstManifest(List<Shard> shards, String db) {
        for (Shard s : shards) if (s.manifests().containsKey(db)) return s.manifests().get(db);
        throw new IllegalStateException(db);
    }

    private static void mergeDatabase(List<Shard> shards, String db, Path out, RunFolder merged) throws IOException {
        Manifest shard0 = shards.get(0).manifests().get(db);
        List<String> folders = new ArrayList<>();
        for (Shard s : shards) folders.add(s.dir().toAbsolutePath().normalize().toString());
        List<String> notes = new ArrayList<>();
        List<WriteCellRecord> cells = mergeWrites(shards, db);
        writeJmhWrite(shards, db, cells, out);
        List<QueryRecord.QueryLatencyRecord> latency = mergeQueries(shards, db, notes, out);
        merged.writeManifest(db, shard0.toBuilder()
                .shard(null)
                .runId(shards.get(0).runId())
                .merged(new MergedRecord(shards.size(), METHOD, folders, notes))
                .load(mergeLoad(shards, db))
                .write(cells.isEmpty() ? null : cells)
                .query(mergeChecks(shards, db, shard0.query(), latency))
                .build());
    }

    /**
     * A sharded load: rows sent, acknowledged and expected summed over the shards, rows/s as the
     * acknowledged rows over the longest shard's time (the shards ran at once), verified only when
     * every shard was. The stored count is the verify step's, when one ran. Null when a shard has no load.
     */
    private static LoadRecord mergeLoad(List<Shard> shards, String db) {
        long sent = 0, acked = 0, expected = 0, failed = 0, superseded = 0;
        java.util.List<String> shared = null;
        Long metrics = 0L;
        double seconds = 0;
        boolean verified = true;
        for (Shard s : shards) {
            LoadRecord load = s.manifests().get(db).load();
            if (load == null) return null;
            sent += load.rowsSent();
            acked += load.rowsAcknowledged();
            expected += load.rowsExpected();
            failed += load.failedRequests();
            if (load.rowsSuperseded() != null) superseded += load.rowsSuperseded();
            if (load.sharedKeys() != null) shared = load.sharedKeys();
            seconds = Math.max(seconds, load.seconds());
            verified &= load.verified();
            metrics = metrics == null || load.metricsAcknowledged() == null ? null : metrics + load.metricsAcknowledged();
        }
        return new LoadRecord(shards.size(), null, null, sent, acked, -1L, null, expected, failed, null, seconds,
                seconds > 0 ? acked / seconds : Double.NaN, verified, metrics, metrics != null && seconds > 0 ? metrics / seconds : null,
                superseded > 0 ? superseded : null, shared, null, null, null);
    }

    /** A cell's place in the matrix: R/R, clients per shard and the write path. */
    private static String key(WriteCellRecord cell) {
        return cell.rowsPerRequest() + "x" + cell.clients() + "@" + cell.writePath();
    }

    private static List<WriteCellRecord> writesOf(Manifest manifest) {
        return manifest.write() == null ? List.of() : manifest.write();
    }

    private static List<WriteCellRecord> mergeWrites(List<Shard> shards, String db) {
        Set<String> keys = new LinkedHashSet<>();
        for (Shard s : shards) for (WriteCellRecord c : writesOf(s.manifests().get(db))) keys.add(key(c));
        List<WriteCellRecord> out = new ArrayList<>();
        for (String key : keys) {
            List<WriteCellRecord> parts = new ArrayList<>();
            for (Shard s : shards) {
                WriteCellRecord found = null;
                for (WriteCellRecord c : writesOf(s.manifests().get(db))) if (key(c).equals(key)) found = c;
                parts.add(found);
            }
            out.add(mergeCell(shards, parts));
        }
        return out;
    }

    private static WriteCellRecord mergeCell(List<Shard> shards, List<WriteCellRecord> parts) {
        WriteCellRecord first = parts.stream().filter(java.util.Objects::nonNull).findFirst().orElseThrow();
        int perShard = first.clients();
        String failure = null;
        long acked = 0;
        Instant start = null;
        Instant end = null;
        List<ShardCellRecord> shardCells = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            WriteCellRecord p = parts.get(i);
            if (p == null) {
                failure = failure != null ? failure : "shard " + i + " has no such cell";
                continue;
            }
            TrialRecord verified = p.verification() == null ? null : p.verification().verified();
            shardCells.add(new ShardCellRecord(i, p.rowsAcked(), p.startedAt(), p.endedAt(), p.rowsPerSecond(), p.error(), p.failure(), verified));
            if (failure != null) continue;
            if (p.failure() != null) {
                failure = "shard " + i + ": " + p.failure();
                continue;
            }
            if (p.rowsAcked() == null || p.startedAt() == null || p.endedAt() == null) {
                failure = "shard " + i + ": no rowsAcked, startedAt and endedAt in its manifest cell: cannot merge";
                continue;
            }
            try {
                Instant s = Instant.parse(p.startedAt());
                Instant e = Instant.parse(p.endedAt());
                acked += p.rowsAcked();
                start = start == null || s.isBefore(start) ? s : start;
                end = end == null || e.isAfter(end) ? e : end;
            } catch (DateTimeParseException e) {
                failure = "shard " + i + ": startedAt/endedAt are not ISO-8601 instants (" + e.getParsedString() + ")";
            }
        }
        double seconds = start == null ? 0 : Duration.between(start, end).toNanos() / 1e9;
        if (failure == null && seconds <= 0) failure = "the shards' measured window is empty (" + start + " .. " + end + ")";
        int clients = perShard * shards.size();
        if (failure != null) return WriteCellRecord.merged(first, clients, perShard, Double.NaN, null, null, null, null, failure, shardCells);
        return WriteCellRecord.merged(first, clients, perShard, acked / seconds, acked, start.toString(), end.toString(), seconds, null, shardCells);
    }

    /** The merged write cells as JMH entries: shard 0's entry with the merged score, its server metrics, threads = all clients. */
    private static void writeJmhWrite(List<Shard> shards, String db, List<WriteCellRecord> cells, Path out) throws IOException {
        List<JsonNode> shard0 = JmhJson.entries(shards.get(0).dir().resolve(db + "-write.json"));
        ArrayNode array = RunResults.JSON.createArrayNode();
        for (WriteCellRecord c : cells) {
            if (c.failure() != null) continue;
            JsonNode source = null;
            for (JsonNode e : shard0) {
                if (JmhJson.isWrite(e) && e.path("params").path(StepFlags.PARAM_ROWS_PER_REQUEST).asInt() == c.rowsPerRequest()
                        && e.path("threads").asInt() == c.clientsPerShard()) source = e;
            }
            ObjectNode entry = source == null ? RunResults.JSON.createObjectNode() : source.deepCopy();
            if (source == null) entry.put("benchmark", "org.tsdbbench." + db + ".merged.write");
            entry.put("threads", c.clients());
            ObjectNode params = entry.withObjectProperty("params");
            params.put(StepFlags.PARAM_ROWS_PER_REQUEST, String.valueOf(c.rowsPerRequest()));
            params.put("shards", String.valueOf(shards.size()));
            ObjectNode pm = entry.putObject("primaryMetric");
            pm.put("score", c.rowsPerSecond());
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

    /**
     * Each query's entries of all shards as one (see {@link #mergeQuery}), written as JMH's JSON and
     * returned as the merged manifest's latencies; a query some shard did not measure is noted and left out.
     */
    private static List<QueryRecord.QueryLatencyRecord> mergeQueries(List<Shard> shards, String db, List<String> notes, Path out) throws IOException {
        List<Map<String, JsonNode>> byShard = new ArrayList<>();
        Set<String> ids = new LinkedHashSet<>();
        for (Shard s : shards) {
            Map<String, JsonNode> entries = new LinkedHashMap<>();
            for (JsonNode e : JmhJson.entries(s.dir().resolve(db + "-query.json"))) {
                if (JmhJson.isQueryLatency(e)) entries.put(e.path("params").path(StepFlags.PARAM_QUERY_ID).asText(), e);
            }
            ids.addAll(entries.keySet());
            byShard.add(entries);
        }
        ArrayNode array = RunResults.JSON.createArrayNode();
        List<QueryRecord.QueryLatencyRecord> latency = new ArrayList<>();
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
            ObjectNode merged = mergeQuery(parts);
            array.add(merged);
            latency.add(latencyOf(id, merged));
        }
        if (!array.isEmpty()) write(out.resolve(db + "-query.json"), array);
        return latency;
    }

    /** A merged query entry's figures as the manifest keeps them (ms: the query benchmark's unit). */
    private static QueryRecord.QueryLatencyRecord latencyOf(String id, JsonNode entry) {
        JsonNode pm = entry.path("primaryMetric");
        JsonNode pct = pm.path("scorePercentiles");
        long samples = 0;
        for (JsonNode fork : pm.path("rawDataHistogram")) for (JsonNode it : fork) for (JsonNode bin : it) samples += bin.path(1).asLong();
        return new QueryRecord.QueryLatencyRecord(id, samples, pct.path("50.0").asDouble(Double.NaN), pct.path("90.0").asDouble(Double.NaN),
                pct.path("99.0").asDouble(Double.NaN), pct.path("100.0").asDouble(Double.NaN), pm.path("score").asDouble(Double.NaN),
                pm.path("scoreError").asDouble(Double.NaN));
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

    /**
     * A query is correct in the merged run only when every shard found its answer right; the
     * latencies are the shards' merged. Null when shard 0 checked none.
     */
    private static QueryRecord mergeChecks(List<Shard> shards, String db, QueryRecord query, List<QueryRecord.QueryLatencyRecord> latency) {
        if (query == null || query.checked() == null) return query;
        List<QueryCheck> checked = new ArrayList<>();
        for (QueryCheck check : query.checked()) {
            QueryCheck merged = check;
            for (int i = 1; i < shards.size(); i++) {
                QueryRecord other = shards.get(i).manifests().get(db).query();
                for (QueryCheck o : other == null || other.checked() == null ? List.<QueryCheck>of() : other.checked()) {
                    if (o.id().equals(check.id()) && !o.correct() && merged.correct()) {
                        merged = new QueryCheck(check.id(), check.query(), false, "shard " + i + ": " + (o.problem() != null ? o.problem() : check.id() + " wrong"));
                    }
                }
            }
            checked.add(merged);
        }
        return new QueryRecord(checked, query.absent(), latency.isEmpty() ? null : latency, query.clients());
    }

    /** The merged run.json: complete only if every shard's run was; a database failed on any shard is failed, with the shard named. */
    private static RunRecord runRecord(List<Shard> shards, Set<String> names, Map<String, String> missing) {
        boolean complete = true;
        for (Shard s : shards) if (s.run() != null && Boolean.FALSE.equals(s.run().complete())) complete = false;
        List<RunRecord.DatabaseStatus> dbs = new ArrayList<>();
        for (String name : names) {
            String status = null;
            String reason = missing.get(name);
            if (reason != null) status = "failed";
            for (Shard s : shards) {
                if (s.run() == null || s.run().databases() == null) continue;
                for (RunRecord.DatabaseStatus d : s.run().databases()) {
                    if (!name.equals(d.name())) continue;
                    String st = d.status() == null ? "" : d.status();
                    if (st.equals("failed") && !"failed".equals(status)) {
                        status = "failed";
                        reason = "shard " + s.index() + ": " + (d.reason() == null ? "failed" : d.reason());
                    } else if (st.equals("skipped") && status == null) {
                        status = "skipped";
                        reason = d.reason();
                    } else if (st.equals("passed") && status == null) {
                        status = "passed";
                    }
                }
            }
            if (status != null) dbs.add(new RunRecord.DatabaseStatus(name, status, reason));
        }
        return new RunRecord(shards.get(0).runId(), complete, null, shards.size(), dbs);
    }

    private static void write(Path file, JsonNode node) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        RunResults.JSON.writer(SerializationFeature.INDENT_OUTPUT).writeValue(tmp.toFile(), node);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
