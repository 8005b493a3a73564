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
import org.tsdbbench.results.Manifest;
import org.tsdbbench.results.RunFolder;
import org.tsdbbench.results.RunRecord;
import org.tsdbbench.results.ServerRecord;
import org.tsdbbench.results.WriteCellRecord;

/**
 * The figures of one run folder, per database: write cells (rows/s by R/R and clients, failed
 * cells marked, the server's CPU, memory and disk writes beside them), query latencies by query
 * id, the manifest's facts, and what {@code run.json} says of the run and of each database.
 * Read from the JMH JSON files and manifests the database jars write; nothing is recomputed.
 */
final class RunResults {

    /** A JMH secondary metric of the server during a write cell: score, 99.9% CI half-width, unit. */
    record Metric(double score, double error, String unit) {
    }

    /** One write cell: rows acknowledged per second, JMH's error, why it failed, server metrics by name. */
    record WriteCell(int rowsPerRequest, int clients, double rowsPerSecond, double error, String failure,
                     Map<String, Metric> server, Spread spread) {
        WriteCell {
            server = Map.copyOf(server);
        }

        WriteCell(int rowsPerRequest, int clients, double rowsPerSecond, double error, String failure, Map<String, Metric> server) {
            this(rowsPerRequest, clients, rowsPerSecond, error, failure, server, null);
        }

        boolean measured() {
            return failure == null && !Double.isNaN(rowsPerSecond);
        }
    }

    /** One query's latency distribution in ms; mean and meanError are JMH's score and 99.9% CI half-width. */
    record QueryLatency(String id, long samples, double p50, double p90, double p99, double mean, double meanError) {
    }

    /**
     * Disk use after the load, as the manifest's {@code disk} object states it; -1 or NaN when a
     * field is absent. {@code serverHeld}: what else the server held, in one line (null: nothing
     * known); {@code countsLeftovers}: whether earlier data may be in the figure itself.
     */
    record Disk(long bytes, long rawTextBytes, long rows, double bytesPerRow, String method, String serverHeld, boolean countsLeftovers) {
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

        Optional<Disk> disk() {
            DiskRecord d = manifest == null ? null : manifest.disk();
            if (d == null) return Optional.empty();
            return Optional.of(new Disk(d.bytes() == null ? -1 : d.bytes(), d.rawTextBytes(), d.rows(),
                    orNaN(d.bytesPerRow()), d.method(), d.serverHeld() == null ? null : d.serverHeld().describe(),
                    d.serverHeld() != null && d.serverHeld().figureHoldsLeftovers()));
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
            List<JsonNode> writeJson = JmhJson.entries(dir.resolve(name + "-write.json"));
            List<WriteCell> writes = manifest != null && manifest.write() != null && !manifest.write().isEmpty()
                    ? JmhJson.withServerMetrics(writesOf(manifest.write()), writeJson) : JmhJson.writeCells(writeJson);
            Further further = Further.of(manifest, JmhJson.entries(dir.resolve(name + "-range.json")),
                    JmhJson.entries(dir.resolve(name + "-volume.json")), JmhJson.entries(dir.resolve(name + "-mixed.json")),
                    JmhJson.entries(dir.resolve(name + "-fixedrate.json")));
            out.add(new Database(name, manifest == null || manifest.database() == null ? name : manifest.database(), writes,
                    JmhJson.queries(JmhJson.entries(dir.resolve(name + "-query.json"))), manifest, status, reason, further));
        }
        return new Run(dir, runId, run == null ? null : run.complete(), out);
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

    /** Write cells from the manifest, which holds every cell with its verification, failed ones too. */
    private static List<WriteCell> writesOf(List<WriteCellRecord> manifestCells) {
        List<WriteCell> cells = new ArrayList<>();
        for (WriteCellRecord c : manifestCells) {
            List<Double> iterations = c.spread() == null || c.spread().iterations() == null ? List.of() : c.spread().iterations();
            cells.add(new WriteCell(c.rowsPerRequest(), c.clients(), orNaN(c.rowsPerSecond()), orNaN(c.error()), c.failure(), Map.of(),
                    Spread.of(iterations)));
        }
        return cells;
    }
}
