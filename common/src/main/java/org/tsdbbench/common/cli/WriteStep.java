package org.tsdbbench.common.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
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
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.tsdbbench.common.bench.BenchSettings;
import org.tsdbbench.common.bench.ServerProcesses;
import org.tsdbbench.common.bench.ServerResourceProfiler;
import org.tsdbbench.common.bench.WriteBenchmark;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.db.ModuleOption;
import org.tsdbbench.common.db.WritePath;
import org.tsdbbench.common.workload.Workload;
import org.tsdbbench.results.IntList;
import org.tsdbbench.results.FixedRateRecord;
import org.tsdbbench.results.ResourcesRecord;
import org.tsdbbench.results.ServerResourcesRecord;
import org.tsdbbench.results.SpreadRecord;
import org.tsdbbench.results.TrialRecord;
import org.tsdbbench.results.VerificationRecord;
import org.tsdbbench.results.WriteCellRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import org.tsdbbench.results.SuiteVersion;
import org.tsdbbench.results.StepFlags;

/**
 * The write test over the matrix rows-per-request x client connections, one JMH run per cell, and
 * the table the published reports show: one row per R/R, one column per client count.
 */
@Command(name = "write", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = SuiteVersion.class,
        description = "Write test (the default step): rows/s for each rows-per-request x clients cell, through JMH.")
final class WriteStep extends Step {

    static final int MAX_ROWS_PER_REQUEST = 1_000_000;
    static final int MAX_CLIENTS = 1024;

    @Option(names = {StepFlags.WRITE_CLIENTS, StepFlags.WRITE_CLIENTS_KEBAB}, paramLabel = "LIST", converter = IntList.Converter.class,
            description = "Client connections: 5, 1,2,4 or 1-7 (default: 1).")
    IntList writeClients = IntList.of(1);

    @Option(names = {StepFlags.ROWS_PER_REQUEST, StepFlags.ROWS_PER_REQUEST_KEBAB}, paramLabel = "LIST", converter = IntList.Converter.class,
            description = "Rows in one request: 1000, or 1,100,500,1000,2000 (default: " + StepFlags.DEFAULT_ROWS_PER_REQUEST + ").")
    IntList rowsPerRequest = IntList.of(StepFlags.DEFAULT_ROWS_PER_REQUEST);

    @Option(names = StepFlags.CELLS, paramLabel = "RxC,...",
            description = "These cells only, each rows per request x clients, e.g. 1000x30,3000x10 (report D's pairs), instead of"
                    + " the matrix -rowsPerRequest x -writeClients (default: the matrix).")
    String cellPairs;

    @Option(names = StepFlags.RATE, paramLabel = "ROWS_PER_S",
            description = "Fixed-rate mode: the clients together send this many rows/s on a schedule (e.g. devices x 1 Hz), latency is"
                    + " measured from each request's intended start, and the verdict says whether the database kept up (default: 0, as fast as it can).")
    long rate;

    @Option(names = StepFlags.STABLE_WITHIN, paramLabel = "PERCENT",
            description = "Repeat a cell's JMH run (each a new trial on an empty table) until the 95%% interval of all its iterations is"
                    + " within +-PERCENT of their mean, or --cell-budget is spent (default: 0, one run).")
    double stableWithin;

    @Option(names = StepFlags.CELL_BUDGET, paramLabel = "TIME",
            description = "With --stable-within: how long one cell may take in all, e.g. 120s or 5min (default: ${DEFAULT-VALUE}).")
    String cellBudget = "120s";

    @Option(names = StepFlags.WRITE_PATH, paramLabel = "NAME",
            description = "One of the module's write paths (describe lists them; TDengine: sql, the path the published reports used, and stmt):"
                    + " its options are set, every cell is labelled with it and with whether the published reports wrote that way, and the cells"
                    + " of the module's other paths already in the results folder stay (default: the path the options select, if any).")
    String writePathName;

    /** The cells of this run, each {rows per request, clients}: the pairs of --cells, else the matrix row by row. */
    private List<int[]> planned;

    /** The declared write path of this run (named, or selected by the options); null when the module declares none that matches. */
    private WritePath path;

    WriteStep(Database db, Workload workload) {
        super(db, workload);
    }

    @Override
    protected String stepName() {
        return "write";
    }

    @Override
    protected boolean checksConditions() {
        return true;
    }

    @Override
    protected void validate() throws UsageException {
        path = writePath(db().descriptor(), writePathName, common.options);
        if (rate < 0) throw new UsageException("--rate " + rate + ": rows per second must be 0 (as fast as possible) or more");
        if (stableWithin < 0 || stableWithin >= 100 || Double.isNaN(stableWithin)) {
            throw new UsageException("--stable-within " + stableWithin + ": a percent of the mean, 0 (one run) to under 100");
        }
        try {
            if (time("--cell-budget", cellBudget).convertTo(java.util.concurrent.TimeUnit.MILLISECONDS) <= 0) {
                throw new UsageException("--cell-budget " + cellBudget + ": must be more than 0");
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        if (cellPairs != null) {
            for (String flag : new String[] {StepFlags.ROWS_PER_REQUEST, StepFlags.WRITE_CLIENTS}) {
                if (spec.commandLine().getParseResult().hasMatchedOption(flag)) {
                    throw new UsageException(StepFlags.CELLS + " " + cellPairs + " and " + flag + ": the cells are the pairs, give one or the other");
                }
            }
            planned = pairs(cellPairs);
        } else {
            planned = new ArrayList<>();
            for (int r : rowsPerRequest.values()) for (int c : writeClients.values()) planned.add(new int[] {r, c});
        }
        for (int[] cell : planned) {
            RowsPerRequestOption.check(cell[0]);
        }
        if (!common.shard().whole() && planned.size() > 1) {
            // Every cell starts on an empty table; shards share it, and only the schema step (once, before them) empties it.
            throw new UsageException("--shard " + common.shard() + " with " + StepFlags.ROWS_PER_REQUEST + " " + rowsPerRequest.values() + " " + StepFlags.WRITE_CLIENTS + " "
                    + writeClients.values() + ": a sharded write runs one cell (one value each); run the shards once per cell");
        }
        int maxClients = Math.min(MAX_CLIENTS, common.dataSet().maxClients());
        for (int[] cell : planned) {
            int c = cell[1];
            if (c < 1 || c > maxClients) {
                throw new UsageException((cellPairs != null ? StepFlags.CELLS + " " + cell[0] + "x" : StepFlags.WRITE_CLIENTS + " ") + c + ": must be 1.." + maxClients + " (each client owns whole "
                        + common.dataSet().splitUnit() + ")");
            }
        }
    }

    @Override
    protected int execute() throws Exception {
        if (settings.dataSet().fromFiles()) settings.dataSet().validateFiles();
        List<String> failures = new ArrayList<>();
        Map<String, Cell> cells = new LinkedHashMap<>();
        List<Long> pids = serverPids();
        List<WriteCellRecord> manifestCells = new ArrayList<>();
        List<WriteCellRecord> earlier = fixedRate() ? results.manifest().build().fixedRate() : results.manifest().build().write();
        manifestCells.addAll(kept(earlier, path, writePath(), settings.dataSet().shard().whole() ? null
                : planned.get(0)));
        setManifestCells(manifestCells);
        int total = planned.size();
        int done = 0;
        for (int[] pair : planned) {
            int r = pair[0];
            int c = pair[1];
            out().printf("# write cell %d/%d: %d rows per request x %d clients%n", ++done, total, r, c);
            out().flush();
            Cell cell = runCell(r, c, pids);
            cells.put(r + "x" + c, cell);
            // The cell's latencies in HdrHistogram's percentile format, for the usual plotters.
            if (cell.record != null) cell.record.writePercentiles(results.file(jsonKind() + (path == null ? "" : "-" + path.name()) + "-" + r + "x" + c, "hgrm"));
            LatencyBound.Check bound = fixedRate() ? LatencyBound.Check.NONE : LatencyBound.check(cell.score, c, r,
                    cell.record == null ? Double.NaN : cell.record.latencyMillis().getOrDefault("mean", Double.NaN), windowMillis(), LatencyBound.SAME_TRIAL);
            WriteCellRecord m = cellRecord(r, c, writePath(), path, settings.dataSet().workload().name(), cell, bound, fixedRate() ? verdict(cell, c, r) : null);
            if (m.failure() != null) failures.add(r + " rows/request x " + c + " clients: " + m.failure());
            manifestCells.add(m);
            setManifestCells(manifestCells);
            results.saveManifest();
        }
        out().println();
        out().print(table(cells));
        out().println("# JMH JSON: " + results.file(jsonKind(), "json") + "; manifest: " + results.file("manifest", "json"));
        for (String f : failures) out().println("FAILED " + f);
        out().flush();
        return failures.isEmpty() ? BenchCli.OK : BenchCli.FAILED;
    }

    /**
     * A cell: one JMH run, or with {@code --stable-within} as many as it takes for the 95% interval
     * of every iteration so far to come within the asked share of their mean, while the budget
     * lasts. Each run is a new trial on an empty table; every run's JSON and trial records count.
     */
    private Cell runCell(int rows, int clients, List<Long> pids) throws Exception {
        long budgetNanos = stableWithin > 0 ? time("--cell-budget", cellBudget).convertTo(java.util.concurrent.TimeUnit.NANOSECONDS) : 0;
        List<Cell> runs = StableCell.repeat(stableWithin, budgetNanos, () -> runOnce(rows, clients, pids), System::nanoTime,
                line -> out().println("# cell " + rows + " x " + clients + ": " + line));
        return runs.size() == 1 ? runs.get(0) : Cell.combine(runs);
    }

    /** One JMH run: threads = clients, operations per invocation = rows per request (score in rows/s). */
    private Cell runOnce(int rows, int clients, List<Long> pids) throws Exception {
        Path log = results.verifyLog("write");
        Files.deleteIfExists(log);
        Path cellJson = results.file("write-cell", "json");
        BenchSettings fork = settings.withVerifyLog(log);
        // Always profiled: the client's own CPU per row is measured even when the server is not local.
        ChainedOptionsBuilder options = jmh()
                .addProfiler(ServerResourceProfiler.class, pids.stream().map(String::valueOf).collect(Collectors.joining(",")));
        Collection<RunResult> run;
        String notRun = null;
        try {
            run = runBenchmarks(options
                    .include(Pattern.quote(WriteBenchmark.class.getName()) + "\\.write$")
                    .param(StepFlags.PARAM_ROWS_PER_REQUEST, String.valueOf(rows))
                    .param(StepFlags.PARAM_TARGET_ROWS_PER_SECOND, String.valueOf(rate))
                    .threads(clients)
                    .operationsPerInvocation(rows)
                    .resultFormat(ResultFormatType.JSON)
                    .result(cellJson.toString()), fork);
        } catch (RunnerException | RuntimeException e) {
            // In this JVM (-f 0) JMH itself fails on a failed benchmark (the trial record says why), or JMH did not start (its lock held
            // by another JMH run on the machine, say): its message then says why.
            run = List.of();
            notRun = org.tsdbbench.common.db.DatabaseException.rootMessage(e);
        }
        results.appendJmhJson(jsonKind(), cellJson);
        // One record per fork (-f 0 runs one trial in this JVM): every fork's rows count.
        List<TrialRecord> forks = TrialRecord.readAll(log);
        Files.deleteIfExists(log);
        TrialRecord record = forks.isEmpty() ? null : TrialRecord.sum(forks);
        if (run.isEmpty()) {
            return new Cell(Double.NaN, Double.NaN, forks, record, record != null && record.failure() != null ? record.failure()
                    : "the benchmark did not complete" + (notRun == null ? " (see the JMH output above)" : ": " + notRun), Map.of(), List.of(), Double.NaN);
        }
        RunResult result = run.iterator().next();
        Result<?> acked = result.getSecondaryResults().get("rowsAcked");
        Result<?> score = acked != null ? acked : result.getPrimaryResult();
        // The same window's counters: metrics over rows is the mean metrics of a row acknowledged.
        Result<?> metrics = result.getSecondaryResults().get("metricsAcked");
        double metricsPerRow = metrics != null && acked != null && acked.getScore() > 0 ? metrics.getScore() / acked.getScore() : Double.NaN;
        return new Cell(score.getScore(), score.getScoreError(), forks, record, failure(forks, Math.max(1, common.forks)),
                cpu(result.getSecondaryResults()), iterations(result), metricsPerRow);
    }

    /** The manifest's list of this step's cells: {@code fixedRate} at a fixed rate, else {@code write}. */
    private void setManifestCells(List<WriteCellRecord> cells) {
        if (fixedRate()) results.manifest().fixedRate(cells);
        else results.manifest().write(cells);
    }

    /**
     * A cell as the manifest keeps it: how the rows were sent (the module's words, and the declared
     * path with whether the published reports used it), JMH's score and error, the iterations' spread, what the forks
     * verified, the CPU figures, the latency bound, a fixed-rate verdict, and why it failed: the
     * forks' failure, else the figure's contradiction of its latency (null: neither).
     */
    static WriteCellRecord cellRecord(int rows, int clients, String writePath, WritePath path, String workload, Cell cell, LatencyBound.Check bound,
                                      FixedRateRecord verdict) {
        String failure = cell.failure != null ? cell.failure : bound.contradiction();
        // The rows acknowledged in the measured windows, from the first fork's start to the last one's end, and the
        // seconds actually measured (the forks' windows added): shards of one run are summed over these.
        TrialRecord total = cell.forks.isEmpty() ? null : TrialRecord.sum(cell.forks);
        boolean window = total != null && total.measuredFromMs() > 0;
        Double metricsPerSecond = Double.isNaN(cell.metricsPerRow) || Double.isNaN(cell.score) ? null : cell.score * cell.metricsPerRow;
        return new WriteCellRecord(rows, clients, null, writePath, path == null ? null : path.name(), path == null ? null : path.publishedFor(workload), cell.score, cell.error,
                metricsPerSecond, spread(cell.iterations),
                VerificationRecord.of(cell.forks), window ? total.measuredRowsAcked() : null,
                window ? Instant.ofEpochMilli(total.measuredFromMs()).toString() : null, window ? Instant.ofEpochMilli(total.measuredToMs()).toString() : null,
                window ? TrialRecord.measuredMillis(cell.forks) / 1000.0 : null, null, resources(cell.cpu), bound.record(), verdict, failure, null);
    }

    /** Rows acknowledged per second of every measured iteration of every fork. */
    private static List<Double> iterations(RunResult result) {
        List<Double> values = new ArrayList<>();
        for (var fork : result.getBenchmarkResults()) {
            for (var it : fork.getIterationResults()) {
                Result<?> acked = it.getSecondaryResults().get("rowsAcked");
                values.add((acked != null ? acked : it.getPrimaryResult()).getScore());
            }
        }
        return values;
    }

    /** The profiler's figures of a cell (client.* and server.*), by name without JMH's profiler mark (client.cpu, server.rss, ...). */
    private static Map<String, Double> cpu(Map<String, Result> secondary) {
        Map<String, Double> out = new LinkedHashMap<>();
        secondary.forEach((label, r) -> {
            String name = label.replace("\u00b7", "").strip();
            if (name.startsWith("client.") || name.startsWith("server.")) out.put(name, r.getScore());
        });
        return out;
    }

    /**
     * Both sides' resources, from the profiler's figures (each absent when it has none): CPU % of
     * one core and microseconds per row acknowledged, the server's kernel share, peak RSS of server
     * and client, the server's storage writes, and whether the client used more CPU than the server
     * (client-bound: on shared cores the figure then says more about the harness than about the database).
     */
    static ResourcesRecord resources(Map<String, Double> cpu) {
        return new ResourcesRecord(cpu.get("client.cpu"), cpu.get("client.cpuPerRow"), cpu.get("server.cpu"), cpu.get("server.cpuPerRow"),
                cpu.get("server.cpuKernel"), cpu.containsKey("client.cpu") && cpu.containsKey("server.cpu") ? clientBound(cpu) : null,
                cpu.get("server.rss"), cpu.get("client.rss"), cpu.get("server.diskWrite"));
    }

    static boolean clientBound(Map<String, Double> cpu) {
        return cpu.getOrDefault("client.cpu", 0.0) > cpu.getOrDefault("server.cpu", Double.MAX_VALUE);
    }

    /** Why the cell's forks do not verify: a fork's failure, or a fork that left no record; null when they all verify. */
    static String failure(List<TrialRecord> forks, int expected) {
        if (forks.isEmpty()) return "no verification record (the trial did not finish)";
        String failure = TrialRecord.sum(forks).failure();
        if (failure != null) return failure;
        return forks.size() < expected ? "only " + forks.size() + " of " + expected + " forks left a verification record" : null;
    }

    /**
     * The declared write path of this run: the one {@code --write-path} names, whose options are
     * added to the given ones (one given with another value is a usage error naming both), else the
     * one the given options select; null when the module declares none that matches.
     */
    static WritePath writePath(DatabaseDescriptor db, String name, Map<String, String> options) throws UsageException {
        if (name == null) return db.writePathOf(options).orElse(null);
        WritePath p = db.writePath(name).orElseThrow(() -> new UsageException("--write-path " + name + ": " + db.displayName()
                + (db.writePaths().isEmpty() ? " declares no write paths" : " has no write path " + name + "; it has "
                + String.join(", ", db.writePaths().stream().map(WritePath::name).toList()))));
        for (Map.Entry<String, String> e : p.options().entrySet()) {
            String given = options.get(e.getKey());
            ModuleOption<?> o = db.option(e.getKey()).orElseThrow();
            if (given != null && !java.util.Objects.equals(o.parse(given), o.parse(e.getValue()))) {
                throw new UsageException("--write-path " + name + " sets --option " + e.getKey() + "=" + e.getValue() + "; --option "
                        + e.getKey() + "=" + given + " says otherwise");
            }
            options.put(e.getKey(), e.getValue());
        }
        return p;
    }

    /**
     * The cells of an earlier write step in this folder that this one keeps: those of another write
     * path (the declared name when both cells have one, else the module's words), and of a shard's
     * step (one cell at a time: {@code shardCell} = its R/R and clients) those of another cell.
     */
    static List<WriteCellRecord> kept(List<WriteCellRecord> earlier, WritePath path, String writePath, int[] shardCell) {
        if (earlier == null) return List.of();
        String name = path == null ? null : path.name();
        return earlier.stream().filter(e -> {
            boolean samePath = name != null && e.writePathName() != null ? name.equals(e.writePathName())
                    : java.util.Objects.equals(writePath, e.writePath());
            return !samePath || shardCell != null && (e.rowsPerRequest() != shardCell[0] || e.clients() != shardCell[1]);
        }).toList();
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
    private FixedRateRecord verdict(Cell cell, int clients, int rows) {
        TrialRecord r = cell.record;
        // Forks run one after another: the rows they acknowledged over the time they measured, not the gaps between them.
        double seconds = TrialRecord.measuredMillis(cell.forks) / 1000.0;
        double achieved = seconds > 0 ? r.measuredRowsAcked() / seconds : Double.NaN;
        boolean keptUp = cell.failure == null && !Double.isNaN(achieved) && achieved >= 0.99 * rate;
        Map<String, Double> l = r == null ? Map.of() : r.latencyMillis();
        String why = keptUp ? null : fellBehindBecause(cell.failure, cell.cpu, rate, clients, rows, l);
        out().printf(Locale.ROOT, "# fixed rate %,d rows/s with %d clients: achieved %,.0f rows/s, latency from intended start p50 %.1f ms,"
                        + " p99 %.1f ms, max %.1f ms: %s%n", rate, clients, achieved, l.getOrDefault("p50", Double.NaN),
                l.getOrDefault("p99", Double.NaN), l.getOrDefault("max", Double.NaN), keptUp ? "KEPT UP" : "FELL BEHIND: " + why);
        return new FixedRateRecord(rate, achieved, keptUp, r == null ? null : r.latencyMillis(), why);
    }

    /** A server that spends this share of its CPU in the kernel is held up by the file system, not by its own work. */
    static final double KERNEL_BOUND_PERCENT = 50;

    /**
     * Who fell behind. The schedule starts afresh at each iteration (no warm-up backlog is carried
     * into the measured time), so it is the client when it used more CPU than the server, a failed
     * cell when requests failed, and else the database: its requests took longer than the time each
     * client has per request.
     */
    static String fellBehindBecause(String failure, Map<String, Double> cpu, long rate, int clients, int rows, Map<String, Double> latency) {
        if (failure != null) return "requests failed: " + failure;
        double budgetMs = 1000.0 * rows * clients / rate;
        if (cpu.containsKey("server.cpu") && clientBound(cpu)) {
            return String.format(Locale.ROOT, "the client: it used more CPU than the server (%.0f%% against %.0f%% of a core)",
                    cpu.get("client.cpu"), cpu.get("server.cpu"));
        }
        String kernel = cpu.getOrDefault("server.cpuKernel", 0.0) < KERNEL_BOUND_PERCENT ? ""
                : String.format(Locale.ROOT, "; %.0f%% of the server's CPU was spent in the kernel (the file system's work, not the database's own)",
                        cpu.get("server.cpuKernel"));
        return String.format(Locale.ROOT, "the database: a client has %.1f ms per request on this schedule, its requests ended p50 %.1f ms after their intended start%s;"
                + " the schedule starts afresh each iteration, so no warm-up backlog was carried into the measured time", budgetMs,
                latency.getOrDefault("p50", Double.NaN), kernel);
    }

    /**
     * The server processes the profiler samples: the pids given, else the local process listening
     * on the server's port; recorded in the manifest either way, with why when there are none.
     */
    private List<Long> serverPids() throws java.io.IOException {
        List<Long> pids;
        String found;
        if (common.serverPids != null) {
            pids = common.serverPids.values().stream().map(Integer::longValue).toList();
            found = "--server-pid";
        } else if (isLocal(settings.host())) {
            pids = ServerProcesses.listeningOn(settings.port());
            found = pids.isEmpty() ? "no process of this user listens on port " + settings.port() + ": not sampled"
                    : "the process listening on port " + settings.port();
        } else {
            pids = List.of();
            found = settings.host() + " is not this machine: not sampled (run with the server local, or --server-pid)";
        }
        results.manifest().serverResources(new ServerResourcesRecord(found, pids, "JMH secondary metrics per write cell: server.cpu (% of one core),"
                + " server.cpuKernel (its share in the kernel, %), server.rss (peak MB), server.diskWrite (MB/s)"));
        results.saveManifest();
        out().println("# server resources: " + found + (pids.isEmpty() ? "" : " " + pids));
        return pids;
    }

    /** "1000x30,3000x10" as its pairs {rows per request, clients}, in order; anything else is one line naming the flag. */
    static List<int[]> pairs(String text) throws UsageException {
        List<int[]> out = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String[] rc = part.strip().split("x", -1);
            try {
                if (rc.length != 2) throw new NumberFormatException();
                int[] pair = {Integer.parseInt(rc[0].strip()), Integer.parseInt(rc[1].strip())};
                if (pair[0] < 1 || pair[1] < 1) throw new NumberFormatException();
                if (out.stream().noneMatch(p -> p[0] == pair[0] && p[1] == pair[1])) out.add(pair);
            } catch (NumberFormatException e) {
                throw new UsageException(StepFlags.CELLS + " " + text + ": '" + part.strip() + "' is not rows-per-request x clients (a list such as 1000x30,3000x10)");
            }
        }
        return out;
    }

    private String table(Map<String, Cell> cells) {
        StringBuilder sb = new StringBuilder();
        sb.append(db().displayName()).append(writePath() == null ? "" : " (" + writePath() + ")")
                .append(path == null ? "" : ", write path " + path.name() + (path.publishedFor(settings.dataSet().workload().name()) ? " (the published reports' path)" : " (not the published path)"))
                .append(": rows written per second (rows acknowledged / s, +- 99.9% CI)\n");
        // the matrix's rows and columns, or those of the --cells pairs (a pair not run: "-")
        List<Integer> rprs = planned.stream().map(p -> p[0]).distinct().toList();
        List<Integer> clients = planned.stream().map(p -> p[1]).distinct().toList();
        sb.append(String.format(Locale.ROOT, "%-8s", "R/R"));
        for (int c : clients) sb.append(String.format(Locale.ROOT, "%24s", c + (c == 1 ? " client" : " clients")));
        sb.append('\n');
        for (int r : rprs) {
            sb.append(String.format(Locale.ROOT, "%-8d", r));
            for (int c : clients) {
                Cell cell = cells.get(r + "x" + c);
                String text = cell == null ? "-" : cell.failure != null || Double.isNaN(cell.score) ? "FAILED"
                        : Double.isNaN(cell.error) ? String.format(Locale.ROOT, "%,.0f", cell.score)
                        : String.format(Locale.ROOT, "%,.0f +- %,.0f", cell.score, cell.error);
                sb.append(String.format(Locale.ROOT, "%24s", text));
            }
            sb.append('\n');
        }
        List<String> bound = new ArrayList<>();
        for (int[] pair : planned) {
            Cell cell = cells.get(pair[0] + "x" + pair[1]);
            if (cell.cpu.containsKey("server.cpu") && clientBound(cell.cpu)) {
                bound.add(String.format(Locale.ROOT, "%d x %d (client %.0f%%, server %.0f%% of a core)", pair[0], pair[1], cell.cpu.get("client.cpu"),
                        cell.cpu.get("server.cpu")));
            }
        }
        if (!bound.isEmpty()) sb.append("CLIENT-BOUND (the client used more CPU than the server): ").append(String.join("; ", bound)).append('\n');
        return sb.toString();
    }

    /**
     * The iteration values' spread beside JMH's score and interval: the 95% interval as a share of
     * the mean, min and max, and whether the cell is unstable (wider than +-10%): two figures whose
     * intervals overlap that much cannot be told apart.
     */
    static SpreadRecord spread(List<Double> iterations) {
        return SpreadRecord.of(iterations);
    }

    /**
     * One cell's figures: JMH's score, each fork's record and their sum, why it failed (null: verified), CPU, iteration values,
     * and the metrics (TSBS's) of a row acknowledged, from the same counters as the score (NaN: not counted).
     */
    record Cell(double score, double error, List<TrialRecord> forks, TrialRecord record, String failure, Map<String, Double> cpu,
                List<Double> iterations, double metricsPerRow) {

        /**
         * Several runs of one cell as one: the mean and 95% interval of all their iterations, every
         * fork's record, the first failure, each CPU and disk figure as the mean of the runs that
         * have it and each peak RSS as their highest.
         */
        static Cell combine(List<Cell> runs) {
            List<TrialRecord> forks = new ArrayList<>();
            List<Double> iterations = new ArrayList<>();
            String failure = null;
            Map<String, List<Double>> cpu = new LinkedHashMap<>();
            List<Double> metricsPerRow = new ArrayList<>();
            for (Cell c : runs) {
                if (!Double.isNaN(c.metricsPerRow)) metricsPerRow.add(c.metricsPerRow);
                forks.addAll(c.forks);
                iterations.addAll(c.iterations);
                if (failure == null) failure = c.failure;
                c.cpu.forEach((k, v) -> cpu.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
            }
            Map<String, Double> meanCpu = new LinkedHashMap<>();
            // Memory is a peak: the highest of the runs; the rest are rates: their mean.
            cpu.forEach((k, v) -> meanCpu.put(k, k.endsWith(".rss") ? v.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN)
                    : v.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN)));
            SpreadRecord.Interval s = SpreadRecord.Interval.of(iterations);
            return new Cell(s.mean(), s.halfWidth(), forks, forks.isEmpty() ? null : TrialRecord.sum(forks), failure, meanCpu, iterations,
                    metricsPerRow.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN));
        }
    }
}
