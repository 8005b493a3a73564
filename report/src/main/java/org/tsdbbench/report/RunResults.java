package org.tsdbbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.SortedSet;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.tsdbbench.results.DiskRecord;
import org.tsdbbench.results.LoadRecord;
import org.tsdbbench.results.ResourcesRecord;
import org.tsdbbench.results.SpreadRecord;
import org.tsdbbench.results.TrialRecord;
import org.tsdbbench.results.Manifest;
import org.tsdbbench.results.QueryRecord;
import org.tsdbbench.results.RunFolder;
import org.tsdbbench.results.RunRecord;
import org.tsdbbench.results.ServerRecord;
import org.tsdbbench.results.WriteCellRecord;

/**
 * The figures of one run folder, per database: write cells (rows/s by R/R and clients, failed
 * cells marked, both sides' CPU and memory and the server's disk writes beside them), query
 * latencies by query id, the further tests, the manifest's facts, and what {@code run.json} says
 * of the run and of each database. Every figure is read from the manifest the steps wrote (the
 * one contract between them and the report); JMH's JSON beside it is for JMH's own tools, and is
 * read only for a database that left no manifest. Nothing is recomputed.
 */
final class RunResults {

    /** A resource figure of a write cell (the server's or the client's): score, 99.9% CI half-width (NaN: none), unit. */
    record Metric(double score, double error, String unit) {
    }

    /**
     * One write cell as the manifest holds it: R/R, clients, the write path (its declared name, else
     * the module's words; null when the module has one way), whether that is the path the published
     * reports used (null: not said), rows acknowledged per second, JMH's error, why it failed, both
     * sides' resources by their JMH names ({@code server.cpu}, {@code client.rss}, ...), the write
     * step's client-bound verdict (null: none made) and the iterations' spread (null: none).
     */
    record WriteCell(int rowsPerRequest, int clients, String path, Boolean publishedPath, double rowsPerSecond, double error, String failure,
                     Map<String, Metric> resources, Boolean clientBound, SpreadRecord spread, List<Long> ackedEachSecond, double metricsPerSecond) {
        WriteCell {
            resources = Collections.unmodifiableMap(new LinkedHashMap<>(resources));
            ackedEachSecond = ackedEachSecond == null ? List.of() : List.copyOf(ackedEachSecond);
        }

        /** A cell with only JMH's figures (tests, bare JMH files). */
        WriteCell(int rowsPerRequest, int clients, double rowsPerSecond, double error, String failure, Map<String, Metric> resources) {
            this(rowsPerRequest, clients, null, null, rowsPerSecond, error, failure, resources, null, null, List.of(), Double.NaN);
        }

        boolean measured() {
            return failure == null && !Double.isNaN(rowsPerSecond);
        }

        /** The cell of a manifest: every figure from its record, nothing recomputed. */
        static WriteCell of(WriteCellRecord c) {
            ResourcesRecord r = c.resources();
            Map<String, Metric> m = new LinkedHashMap<>();
            if (r != null) {
                put(m, "server.cpu", r.serverCpuPercent(), "%");
                put(m, "server.cpuKernel", r.serverCpuKernelPercent(), "%");
                put(m, "server.rss", r.serverRssMB(), "MB");
                put(m, "server.diskWrite", r.serverDiskWriteMBps(), "MB/s");
                put(m, "server.cpuPerRow", r.serverCpuMicrosPerRow(), "us/row");
                put(m, "client.cpu", r.clientCpuPercent(), "%");
                put(m, "client.cpuPerRow", r.clientCpuMicrosPerRow(), "us/row");
                put(m, "client.rss", r.clientRssMB(), "MB");
            }
            String path = c.writePathName() != null ? c.writePathName() : c.writePath();
            // An unwrapped section reads back as a record of nulls when the cell has none of its fields.
            SpreadRecord spread = c.spread() == null || c.spread().iterations() == null || c.spread().iterations().isEmpty() ? null : c.spread();
            TrialRecord verified = c.verification() == null ? null : c.verification().verified();
            return new WriteCell(c.rowsPerRequest(), c.clients(), path, c.publishedPath(), orNaN(c.rowsPerSecond()), orNaN(c.error()), c.failure(),
                    m, r == null ? null : r.clientBound(), spread, verified == null ? null : verified.ackedEachSecond(), orNaN(c.metricsPerSecond()));
        }

        private static void put(Map<String, Metric> m, String name, Double value, String unit) {
            if (value != null && !Double.isNaN(value)) m.put(name, new Metric(value, Double.NaN, unit));
        }
    }

    /** One query's latency distribution in ms; mean and meanError are JMH's score and 99.9% CI half-width. */
    record QueryLatency(String id, long samples, double p50, double p90, double p99, double mean, double meanError,
                        double queriesPerSecond) {
    }

    /**
     * Disk use after the load, as the manifest's {@code disk} object states it; -1 or NaN when a
     * field is absent. {@code serverHeld}: what else the server held, in one line (null: nothing
     * known); {@code countsLeftovers}: whether earlier data may be in the figure itself.
     */
    record Disk(long bytes, long rawTextBytes, long rows, double bytesPerRow, String method, String serverHeld, boolean countsLeftovers,
                long bytesBeforeSettling) {
        double rawTextBytesPerRow() {
            return rawTextBytes >= 0 && rows > 0 ? (double) rawTextBytes / rows : Double.NaN;
        }
    }

    /** What run.json says of a database; UNKNOWN when the folder has no run.json or does not name it. */
    enum Status { PASSED, FAILED, SKIPPED, UNKNOWN }

    /**
     * Everything known about one database in a run; the manifest is null when there is none.
     * The write cells are the write matrix's only: fixed-rate cells are among the further tests' figures.
     */
    record Database(String name, String displayName, List<WriteCell> writes, Map<String, QueryLatency> queries,
                    Manifest manifest, Status status, String reason, Further further) {
        Database {
            writes = List.copyOf(writes);
            queries = Collections.unmodifiableSortedMap(new TreeMap<>(queries));
        }

        /** A database without figures of the further tests. */
        Database(String name, String displayName, List<WriteCell> writes, Map<String, QueryLatency> queries, Manifest manifest,
                 Status status, String reason) {
            this(name, displayName, writes, queries, manifest, status, reason, Further.empty());
        }

        /** Whether the database left a manifest (a bare JMH file, or a database that failed before its first step, has none). */
        boolean hasManifest() {
            return manifest != null;
        }

        /** The manifest's server facts; empty without them. */
        Optional<ServerRecord> server() {
            return Optional.ofNullable(manifest).map(Manifest::server);
        }

        String serverVersion() {
            return server().map(ServerRecord::serverVersion).orElse("?");
        }

        /** The catalog queries the manifest lists as absent in the database's dialect (never faked); empty without them. */
        List<String> absentQueries() {
            List<String> absent = manifest == null || manifest.query() == null ? null : manifest.query().absent();
            return absent == null ? List.of() : absent;
        }

        /** The write paths of the cells, in the order first met (one null when the module has one way). */
        List<String> writePaths() {
            return writes.stream().map(WriteCell::path).distinct().toList();
        }

        /** The cells written by one path. */
        List<WriteCell> writes(String path) {
            return writes.stream().filter(w -> java.util.Objects.equals(w.path(), path)).toList();
        }

        /** The rows-per-request values of the write matrix, ascending. */
        SortedSet<Integer> rowsPerRequests() {
            return writes.stream().map(WriteCell::rowsPerRequest).collect(Collectors.toCollection(TreeSet::new));
        }

        /** The client counts of the write matrix, ascending. */
        SortedSet<Integer> clientCounts() {
            return writes.stream().map(WriteCell::clients).collect(Collectors.toCollection(TreeSet::new));
        }

        boolean failed() {
            return status == Status.FAILED;
        }

        Database withDisplayName(String name) {
            return new Database(this.name, name, writes, queries, manifest, status, reason, further);
        }

        /** The load step's record, as the manifest states it; empty when the run loaded nothing. */
        Optional<LoadRecord> load() {
            return Optional.ofNullable(manifest == null ? null : manifest.load());
        }

        Optional<Disk> disk() {
            DiskRecord d = manifest == null ? null : manifest.disk();
            if (d == null) return Optional.empty();
            return Optional.of(new Disk(d.bytes() == null ? -1 : d.bytes(), d.rawTextBytes(), d.rows(),
                    orNaN(d.bytesPerRow()), d.method(), d.serverHeld() == null ? null : d.serverHeld().describe(),
                    d.serverHeld() != null && d.serverHeld().figureHoldsLeftovers(), d.bytesBeforeSettling() == null ? -1 : d.bytesBeforeSettling()));
        }
    }

    /** One results folder: its run id and completeness (from run.json, null when unknown) and its databases. */
    record Run(Path dir, String runId, Boolean complete, List<Database> databases) {
        /** A short name for the run: its id, else the folder's name. */
        String label() {
            return runId != null ? runId : dir.toAbsolutePath().normalize().getFileName().toString();
        }
    }

    /** JMH's JSON (and the published figures), read as trees: JMH's format is the source of every score. */
    static final ObjectMapper JSON = new ObjectMapper();

    /** The files a database jar writes into a run folder: {@code <db>-manifest.json} and {@code <db>-<kind>.json} of JMH ({@link JmhJson#KINDS}). */
    private static final Pattern RESULT_FILE = Pattern.compile("(.+)-(manifest|" + String.join("|", JmhJson.KINDS) + ")\\.json");

    private RunResults() {
    }

    /** Databases of the folder in name order: those with result files, and those run.json names without any. */
    static List<Database> read(Path dir) throws IOException {
        return readRun(dir).databases();
    }

    /** The folder's databases and what run.json says of the run. */
    static Run readRun(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) throw new IOException(dir + ": no such results folder");
        RunFolder folder = new RunFolder(dir);
        RunRecord run = folder.run().orElse(null);
        Map<String, RunRecord.DatabaseStatus> listed = new LinkedHashMap<>();
        if (run != null && run.databases() != null) for (RunRecord.DatabaseStatus d : run.databases()) listed.put(d.name(), d);

        TreeSet<String> names = new TreeSet<>(listed.keySet());
        try (Stream<Path> s = Files.list(dir)) {
            s.map(p -> RESULT_FILE.matcher(p.getFileName().toString())).filter(Matcher::matches).forEach(m -> names.add(m.group(1)));
        }

        List<Database> out = new ArrayList<>();
        String runId = run == null ? null : run.runId();
        for (String name : names) {
            Manifest manifest = folder.manifest(name).orElse(null);
            if (runId == null && manifest != null) runId = manifest.runId();
            RunRecord.DatabaseStatus entry = listed.get(name);
            Status status = entry == null ? Status.UNKNOWN : status(entry.status());
            String reason = entry == null ? null : entry.reason();
            String display = manifest == null || manifest.database() == null ? name : manifest.database();
            out.add(manifest != null ? fromManifest(name, display, manifest, status, reason)
                    : fromJmh(name, display, dir, status, reason));
        }
        return new Run(dir, runId, run == null ? null : run.complete(), out);
    }

    /** A database's figures as its manifest holds them: the contract between the steps and the report. */
    static Database fromManifest(String name, String display, Manifest manifest, Status status, String reason) {
        List<WriteCell> writes = manifest.write() == null ? List.of() : manifest.write().stream().map(WriteCell::of).toList();
        Map<String, QueryLatency> queries = new LinkedHashMap<>();
        if (manifest.query() != null && manifest.query().latency() != null) {
            for (QueryRecord.QueryLatencyRecord q : manifest.query().latency()) {
                queries.put(q.id(), new QueryLatency(q.id(), q.samples(), q.p50Ms(), q.p90Ms(), q.p99Ms(), q.meanMs(), q.meanErrorMs(),
                        q.queriesPerSecond() == null ? Double.NaN : q.queriesPerSecond()));
            }
        }
        return new Database(name, display, writes, queries, manifest, status, reason, Further.of(manifest));
    }

    /**
     * A database of the folder that left JMH files but no manifest: only what JMH's JSON holds,
     * as for a JMH file given by itself (no verification, no facts, no client-bound verdict).
     */
    private static Database fromJmh(String name, String display, Path dir, Status status, String reason) throws IOException {
        return new Database(name, display, JmhJson.writeCells(JmhJson.entries(dir.resolve(name + "-write.json"))),
                JmhJson.queries(JmhJson.entries(dir.resolve(name + "-query.json"))), null, status, reason,
                Further.ofJmh(JmhJson.entries(dir.resolve(name + "-range.json")), JmhJson.entries(dir.resolve(name + "-volume.json")),
                        JmhJson.entries(dir.resolve(name + "-mixed.json")), JmhJson.entries(dir.resolve(name + "-fixedrate.json"))));
    }

    private static Status status(String text) {
        return switch (text == null ? "" : text.toLowerCase(Locale.ROOT)) {
            case "passed" -> Status.PASSED;
            case "failed" -> Status.FAILED;
            case "skipped" -> Status.SKIPPED;
            default -> Status.UNKNOWN;
        };
    }

    /** A JSON file's tree, or a missing node when the file does not exist. */
    static JsonNode readJson(Path file) throws IOException {
        if (!Files.exists(file)) return MissingNode.getInstance();
        try {
            return JSON.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new IOException(file + ": not valid JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** A figure of a record, NaN when absent. */
    static double orNaN(Double figure) {
        return figure == null ? Double.NaN : figure;
    }

}
