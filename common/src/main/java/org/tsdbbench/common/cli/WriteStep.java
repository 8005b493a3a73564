package org.tsdbbench.common.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.tsdbbench.common.bench.BenchSettings;
import org.tsdbbench.common.bench.ServerProcesses;
import org.tsdbbench.common.bench.ServerResourceProfiler;
import org.tsdbbench.common.bench.TrialRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The write test over the matrix rows-per-request x client connections, one JMH run per cell, and
 * the table the published reports show: one row per R/R, one column per client count.
 */
@Command(name = "write", mixinStandardHelpOptions = true, sortOptions = false, version = "tsdb-bench 0.1.0",
        description = "Write test (the default step): rows/s for each rows-per-request x clients cell, through JMH.")
final class WriteStep extends Step {

    static final int MAX_ROWS_PER_REQUEST = 1_000_000;
    static final int MAX_CLIENTS = 1024;

    @Option(names = {"-writeClients", "--write-clients"}, paramLabel = "LIST", converter = IntList.Converter.class,
            description = "Client connections: 5, 1,2,4 or 1-7 (default: 1).")
    IntList writeClients = IntList.of(1);

    @Option(names = {"-rowsPerRequest", "--rows-per-request"}, paramLabel = "LIST", converter = IntList.Converter.class,
            description = "Rows in one request: 1000, or 1,100,500,1000,2000 (default: 1000).")
    IntList rowsPerRequest = IntList.of(1000);

    @Option(names = "--server-pid", paramLabel = "LIST", converter = IntList.Converter.class,
            description = "Pids of the server's processes to sample for CPU, RSS and disk writes (default: the local process listening on -port).")
    IntList serverPids;

    @Option(names = "--rate", paramLabel = "ROWS_PER_S",
            description = "Fixed-rate mode: the clients together send this many rows/s on a schedule (e.g. devices x 1 Hz), latency is"
                    + " measured from each request's intended start, and the verdict says whether the database kept up (default: 0, as fast as it can).")
    long rate;

    WriteStep(BenchModule module) {
        super(module);
    }

    @Override
    protected String stepName() {
        return "write";
    }

    @Override
    protected void validate() throws UsageException {
        if (rate < 0) throw new UsageException("--rate " + rate + ": rows per second must be 0 (as fast as possible) or more");
        for (int r : rowsPerRequest.values()) {
            if (r < 1 || r > MAX_ROWS_PER_REQUEST) throw new UsageException("-rowsPerRequest " + r + ": must be 1.." + MAX_ROWS_PER_REQUEST);
        }
        if (!common.shard().whole() && rowsPerRequest.values().size() * writeClients.values().size() > 1) {
            // Every cell starts on an empty table; shards share it, and only the schema step (once, before them) empties it.
            throw new UsageException("--shard " + common.shard() + " with -rowsPerRequest " + rowsPerRequest.values() + " -writeClients "
                    + writeClients.values() + ": a sharded write runs one cell (one value each); run the shards once per cell");
        }
        int maxClients = Math.min(MAX_CLIENTS, common.dataSet().maxClients());
        for (int c : writeClients.values()) {
            if (c < 1 || c > maxClients) {
                throw new UsageException("-writeClients " + c + ": must be 1.." + maxClients + " (each client owns whole "
                        + (common.dataDir != null ? "files" : "devices") + ")");
            }
        }
    }

    @Override
    protected int execute() throws Exception {
        if (settings.dataSet().fromFiles()) settings.dataSet().validateFiles();
        List<String> failures = new ArrayList<>();
        Map<String, Cell> cells = new LinkedHashMap<>();
        List<Long> pids = serverPids();
        ArrayNode manifestCells = results.manifest().putArray(fixedRate() ? "fixedRate" : "write");
        int total = rowsPerRequest.values().size() * writeClients.values().size();
        int done = 0;
        for (int r : rowsPerRequest.values()) {
            for (int c : writeClients.values()) {
                out().printf("# write cell %d/%d: %d rows per request x %d clients%n", ++done, total, r, c);
                out().flush();
                Cell cell = runCell(r, c, pids);
                cells.put(r + "x" + c, cell);
                ObjectNode m = manifestCells.addObject();
                m.put("rowsPerRequest", r);
                m.put("clients", c);
                if (writePath() != null) m.put("writePath", writePath());
                m.put("rowsPerSecond", cell.score);
                m.put("error", cell.error);
                putVerified(m, cell.forks);
                if (fixedRate()) verdict(m, cell, c);
                if (cell.failure != null) {
                    m.put("failure", cell.failure);
                    failures.add(r + " rows/request x " + c + " clients: " + cell.failure);
                }
                results.saveManifest();
            }
        }
        out().println();
        out().print(table(cells));
        out().println("# JMH JSON: " + results.file(jsonKind(), "json") + "; manifest: " + results.file("manifest", "json"));
        for (String f : failures) out().println("FAILED " + f);
        out().flush();
        return failures.isEmpty() ? BenchCli.OK : BenchCli.FAILED;
    }

    /** One JMH run: threads = clients, operations per invocation = rows per request (score in rows/s). */
    private Cell runCell(int rows, int clients, List<Long> pids) throws Exception {
        Path log = results.verifyLog("write");
        Files.deleteIfExists(log);
        Path cellJson = results.file("write-cell", "json");
        BenchSettings fork = settings.withVerifyLog(log);
        ChainedOptionsBuilder options = jmh(fork);
        if (!pids.isEmpty()) {
            options.addProfiler(ServerResourceProfiler.class, pids.stream().map(String::valueOf).collect(Collectors.joining(",")));
        }
        Collection<RunResult> run;
        try {
            run = new Runner(options
                    .include(Pattern.quote(module.writeBenchmark().getName()) + "\\.write$")
                    .param("rowsPerRequest", String.valueOf(rows))
                    .param("targetRowsPerSecond", String.valueOf(rate))
                    .threads(clients)
                    .operationsPerInvocation(rows)
                    .resultFormat(ResultFormatType.JSON)
                    .result(cellJson.toString())
                    .build()).run();
        } catch (RunnerException | RuntimeException e) {
            // In this JVM (-f 0) JMH itself fails on a failed benchmark; the trial record says why.
            run = List.of();
        }
        results.appendJmhJson(jsonKind(), cellJson);
        // One record per fork (-f 0 runs one trial in this JVM): every fork's rows count.
        List<TrialRecord> forks = TrialRecord.readAll(log);
        Files.deleteIfExists(log);
        TrialRecord record = forks.isEmpty() ? null : TrialRecord.sum(forks);
        if (run.isEmpty()) {
            return new Cell(Double.NaN, Double.NaN, forks, record, record != null && record.failure() != null ? record.failure()
                    : "the benchmark did not complete (see the JMH output above)");
        }
        RunResult result = run.iterator().next();
        Result<?> acked = result.getSecondaryResults().get("rowsAcked");
        Result<?> score = acked != null ? acked : result.getPrimaryResult();
        return new Cell(score.getScore(), score.getScoreError(), forks, record, failure(forks, Math.max(1, common.forks)));
    }

    /** Why the cell's forks do not verify: a fork's failure, or a fork that left no record; null when they all verify. */
    static String failure(List<TrialRecord> forks, int expected) {
        if (forks.isEmpty()) return "no verification record (the trial did not finish)";
        String failure = TrialRecord.sum(forks).failure();
        if (failure != null) return failure;
        return forks.size() < expected ? "only " + forks.size() + " of " + expected + " forks left a verification record" : null;
    }

    /**
     * The cell's verification: {@code verified} holds the forks summed, {@code forks} each fork's
     * own record, and the rows acknowledged in the measured windows with the windows (from the
     * first fork's start to the last one's end, and the seconds actually measured, the forks'
     * windows added): shards of one run are summed over these.
     */
    static void putVerified(ObjectNode m, List<TrialRecord> forks) {
        if (forks.isEmpty()) {
            m.putNull("verified");
            return;
        }
        TrialRecord total = TrialRecord.sum(forks);
        m.set("verified", withoutHistogram(total));
        ArrayNode each = m.putArray("forks");
        for (TrialRecord f : forks) each.add(withoutHistogram(f));
        if (total.measuredFromMs() > 0) {
            m.put("rowsAcked", total.measuredRowsAcked());
            m.put("startedAt", java.time.Instant.ofEpochMilli(total.measuredFromMs()).toString());
            m.put("endedAt", java.time.Instant.ofEpochMilli(total.measuredToMs()).toString());
            m.put("measuredSeconds", TrialRecord.measuredMillis(forks) / 1000.0);
        }
    }

    /** A record as the manifest shows it: the percentiles, not the encoded histogram they come from. */
    private static ObjectNode withoutHistogram(TrialRecord r) {
        ObjectNode node = ResultsFolder.JSON.valueToTree(r);
        node.remove("latencyHistogram");
        return node;
    }

    /** How the module sent the rows, when it has several ways (its facts' {@code writePath}), else null. */
    private String writePath() {
        return facts.settings().get("writePath");
    }

    private boolean fixedRate() {
        return rate > 0;
    }

    /** Fixed-rate cells go to their own JMH file: their rows/s is the target met, not the database's best. */
    private String jsonKind() {
        return fixedRate() ? "fixedrate" : "write";
    }

    /**
     * The fixed-rate verdict: the database kept up when the rows it acknowledged in the measured
     * window came to at least 99% of the target and no request failed; the latency percentiles
     * (from each request's intended start, so a backlog shows in them) stand beside it.
     */
    private void verdict(ObjectNode m, Cell cell, int clients) {
        m.put("targetRowsPerSecond", rate);
        TrialRecord r = cell.record;
        // Forks run one after another: the rows they acknowledged over the time they measured, not the gaps between them.
        double seconds = TrialRecord.measuredMillis(cell.forks) / 1000.0;
        double achieved = seconds > 0 ? r.measuredRowsAcked() / seconds : Double.NaN;
        boolean keptUp = cell.failure == null && !Double.isNaN(achieved) && achieved >= 0.99 * rate;
        m.put("achievedRowsPerSecond", achieved);
        m.put("keptUp", keptUp);
        if (r != null) m.set("latencyFromIntendedStartMs", ResultsFolder.JSON.valueToTree(r.latencyMillis()));
        Map<String, Double> l = r == null ? Map.of() : r.latencyMillis();
        out().printf(Locale.ROOT, "# fixed rate %,d rows/s with %d clients: achieved %,.0f rows/s, latency from intended start p50 %.1f ms,"
                        + " p99 %.1f ms, max %.1f ms: %s%n", rate, clients, achieved, l.getOrDefault("p50", Double.NaN),
                l.getOrDefault("p99", Double.NaN), l.getOrDefault("max", Double.NaN), keptUp ? "KEPT UP" : "FELL BEHIND");
    }

    /**
     * The server processes the profiler samples: the pids given, else the local process listening
     * on the server's port; recorded in the manifest either way, with why when there are none.
     */
    private List<Long> serverPids() throws java.io.IOException {
        ObjectNode m = results.manifest().putObject("serverResources");
        List<Long> pids;
        if (serverPids != null) {
            pids = serverPids.values().stream().map(Integer::longValue).toList();
            m.put("found", "--server-pid");
        } else if (isLocal(settings.host())) {
            pids = ServerProcesses.listeningOn(settings.port());
            m.put("found", pids.isEmpty() ? "no process of this user listens on port " + settings.port() + ": not sampled"
                    : "the process listening on port " + settings.port());
        } else {
            pids = List.of();
            m.put("found", settings.host() + " is not this machine: not sampled (run with the server local, or --server-pid)");
        }
        m.set("pids", ResultsFolder.JSON.valueToTree(pids));
        m.put("metrics", "JMH secondary metrics per write cell: server.cpu (% of one core), server.rss (peak MB), server.diskWrite (MB/s)");
        results.saveManifest();
        out().println("# server resources: " + m.get("found").asText() + (pids.isEmpty() ? "" : " " + pids));
        return pids;
    }

    private String table(Map<String, Cell> cells) {
        StringBuilder sb = new StringBuilder();
        sb.append(db().displayName()).append(writePath() == null ? "" : " (" + writePath() + ")")
                .append(": rows written per second (rows acknowledged / s, +- 99.9% CI)\n");
        sb.append(String.format(Locale.ROOT, "%-8s", "R/R"));
        for (int c : writeClients.values()) sb.append(String.format(Locale.ROOT, "%24s", c + (c == 1 ? " client" : " clients")));
        sb.append('\n');
        for (int r : rowsPerRequest.values()) {
            sb.append(String.format(Locale.ROOT, "%-8d", r));
            for (int c : writeClients.values()) {
                Cell cell = cells.get(r + "x" + c);
                String text = cell.failure != null || Double.isNaN(cell.score) ? "FAILED"
                        : Double.isNaN(cell.error) ? String.format(Locale.ROOT, "%,.0f", cell.score)
                        : String.format(Locale.ROOT, "%,.0f +- %,.0f", cell.score, cell.error);
                sb.append(String.format(Locale.ROOT, "%24s", text));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** One cell's figures: JMH's score, each fork's record and their sum, and why it failed (null: verified). */
    private record Cell(double score, double error, List<TrialRecord> forks, TrialRecord record, String failure) {
    }
}
