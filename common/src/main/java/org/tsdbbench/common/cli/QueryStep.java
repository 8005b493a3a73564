package org.tsdbbench.common.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.util.Statistics;
import org.tsdbbench.common.bench.BenchSettings;
import org.tsdbbench.common.bench.QueryBenchmark;
import org.tsdbbench.common.bench.QuerySet;
import org.tsdbbench.common.workload.WrongAnswers;
import org.tsdbbench.common.data.Shard;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Poll;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.QueryFile;
import org.tsdbbench.common.workload.PreparedQuery;
import org.tsdbbench.common.workload.Workload;
import org.tsdbbench.results.Minutes;
import org.tsdbbench.results.QueryRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import org.tsdbbench.results.SuiteVersion;
import org.tsdbbench.results.StepFlags;

/**
 * The query step: every query of the workload's catalog (the devices' q1..q5) is first run once and its answer checked against the
 * generator's (a wrong answer names the query, the expected and the actual value), then the
 * correct ones are measured by JMH in sample-time mode: latency per query with percentiles. Every
 * measured run is checked too: a query that answers wrong there fails with that answer (in the
 * output and the manifest's check) and is left out of the step's latency table and JMH JSON.
 * With {@code --shard i/N} it is one of N query clients over the whole data set, which a sharded
 * load stored (it is not loaded again); the shards' latencies are merged by {@code report --merge}.
 * With {@code --query-clients N} (N > 1) each query runs on N clients at once, each its own
 * connection, in two trials as the range step's: queries/s (throughput) and latency (sample time),
 * the one held against the other (N / mean latency), a query whose trials disagree measured again once.
 */
@Command(name = "query", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = SuiteVersion.class,
        description = "Run q1..q4, check every answer, report latency per query with percentiles (loads the data set first if needed).")
final class QueryStep extends Step {

    /** How long the step waits for an unreachable server after a failed query before giving up the rest. */
    static final int RECONNECT_SECONDS = 120;

    @Option(names = {"-sql", "--sql"}, paramLabel = "PATH",
            description = "Query file or folder of q1.txt..q4.txt ('<query id> <query>' per line); default: rendered by the module's dialect.")
    Path sql;

    @Option(names = {StepFlags.QUERIES, "--queries"}, paramLabel = "REGEX", description = "Only query ids matching this, e.g. 'q2\\..*' (default: all).")
    String queries = ".*";

    @Option(names = {StepFlags.WRITE_CLIENTS, StepFlags.WRITE_CLIENTS_KEBAB}, description = "Clients of the load, when one is needed (default: ${DEFAULT-VALUE}).")
    int loadClients = 2;

    @Option(names = StepFlags.QUERY_CLIENTS, paramLabel = "N",
            description = "Clients running each query at once, each its own connection (TSBS's --workers);"
                    + " above 1, queries/s beside the latency (default: ${DEFAULT-VALUE}).")
    int queryClients = 1;

    QueryStep(Database db, Workload workload) {
        super(db, workload);
    }

    @Override
    protected String stepName() {
        return "query";
    }

    @Override
    protected void validate() throws UsageException {
        try {
            Pattern.compile(queries);
        } catch (PatternSyntaxException e) {
            throw new UsageException("-queries " + queries + ": not a regular expression (" + e.getDescription() + ")");
        }
        CommonOptions.positive(StepFlags.WRITE_CLIENTS, loadClients);
        if (queryClients < 1 || queryClients > WriteStep.MAX_CLIENTS) {
            throw new UsageException(StepFlags.QUERY_CLIENTS + " " + queryClients + ": must be 1.."
                    + WriteStep.MAX_CLIENTS);
        }
        if (sql != null) {
            // A bad query file is named before the server is touched.
            try {
                QueryFile.read(sql, common.dataSet().workload());
            } catch (IOException e) {
                throw new UsageException(e instanceof QueryFile.QueryFileException ? e.getMessage() : sql + ": cannot be read: " + e.getMessage());
            }
        }
    }

    @Override
    protected BenchSettings settings(BenchSettings base) {
        return base.withSql(sql);
    }

    @Override
    protected int execute() throws Exception {
        boolean sharded = !settings.dataSet().shard().whole();
        // A shard of a cluster run is one of its query clients: it queries the whole data set the sharded load stored, and never loads.
        if (sharded) settings = settings.withDataSet(settings.dataSet().withShard(Shard.WHOLE));
        QuerySet set = QuerySet.prepare(db(), settings);
        List<PreparedQuery> selected = new ArrayList<>();
        Pattern filter = Pattern.compile(queries);
        for (PreparedQuery q : set.all().values()) if (filter.matcher(q.id()).matches()) selected.add(q);
        if (selected.isEmpty()) throw new UsageException("-queries " + queries + ": matches no query id");

        if (sharded) {
            long stored;
            try (Session s = session()) {
                stored = settings.dataSet().spec().countRows(s);
            }
            if (stored != set.storedRows()) {
                throw new UsageException("--shard " + common.shard() + ": the server holds " + stored + " rows, not the whole data set's "
                        + set.storedRows() + ": a sharded query step queries what the sharded load stored, and loads nothing");
            }
        } else if (!ensureDataSet(set.storedRows(), loadClients)) {
            return BenchCli.FAILED;
        }

        List<String> failures = new ArrayList<>();
        List<String> correct = new ArrayList<>();
        List<QueryRecord.QueryCheck> checked = new ArrayList<>();
        // Each check's time, for the measured runs' time left: at 10 M rows one query may take a second or a minute.
        Map<String, Duration> checkTimes = new HashMap<>();
        try (Session s = session()) {
            for (int i = 0; i < selected.size(); i++) {
                PreparedQuery q = selected.get(i);
                out().printf("# answer check %d/%d: %s%n", i + 1, selected.size(), q.id());
                out().flush();
                long start = System.nanoTime();
                String problem = check(s, q);
                checkTimes.put(q.id(), Duration.ofNanos(System.nanoTime() - start));
                checked.add(new QueryRecord.QueryCheck(q.id(), q.text(), problem == null, problem));
                if (problem != null) failures.add(problem);
                else correct.add(q.id());
            }
        }
        results.manifest().query(new QueryRecord(checked, List.copyOf(set.absent())));
        results.saveManifest();
        out().printf("# answers checked: %d correct, %d wrong or failed; %d catalog queries absent in this dialect%n",
                correct.size(), failures.size(), set.absent().size());
        for (String f : failures) out().println("WRONG " + f);
        out().flush();

        if (!correct.isEmpty()) {
            List<Measured> run = new ArrayList<>();
            boolean reachable = true;
            long measuringSince = System.nanoTime();
            for (int i = 0; i < correct.size(); i++) {
                String id = correct.get(i);
                if (!reachable) {
                    failures.add(id + ": not run: the server did not come back within " + RECONNECT_SECONDS + " s");
                    continue;
                }
                Duration done = timeLeft(correct.subList(0, i).stream().map(checkTimes::get).toList());
                Duration toGo = timeLeft(correct.subList(i, correct.size()).stream().map(checkTimes::get).toList());
                Duration left = timeLeft(toGo, done, Duration.ofNanos(System.nanoTime() - measuringSince), queryClients);
                out().printf("# query %d/%d: %s; about %s left by the answer checks' times%s%n", i + 1, correct.size(), id,
                        Minutes.text(left.toSeconds()), i == 0 ? "" : " and the queries measured so far");
                out().flush();
                int failed = failures.size();
                Measured measured = measure(id, failures);
                String contradiction = measured.contradiction(queryClients);
                if (contradiction != null && wrongInMeasuredRuns(id) == null) {
                    // Two trials, one after the other: the server's own work (a flush after the load) may slow one.
                    out().printf("# %s: %s: the two trials disagree; measuring the query again%n", id, contradiction);
                    out().flush();
                    results.dropJmhResults("query", StepFlags.PARAM_QUERY_ID, id);
                    measured = measure(id, failures);
                    contradiction = measured.contradiction(queryClients);
                }
                if (contradiction != null) failures.add(id + ": " + contradiction);
                String wrong = wrongInMeasuredRuns(id);
                if (wrong != null) {
                    // The database answered, wrong: that is the query's failure, not what JMH made of the iteration's exception.
                    failures.subList(failed, failures.size()).clear();
                    failures.add(wrong);
                    checked.replaceAll(c -> c.id().equals(id) ? new QueryRecord.QueryCheck(id, c.query(), false, wrong) : c);
                    // JMH may still have reported the runs before the wrong one: no latency of a query that answered wrong.
                    results.dropJmhResults("query", StepFlags.PARAM_QUERY_ID, id);
                    continue;
                }
                if (measured.latency() != null) run.add(measured);
                if (failures.size() > failed) reachable = awaitServer();
            }
            results.manifest().query(new QueryRecord(checked, List.copyOf(set.absent()), latencies(run),
                    queryClients == 1 ? null : queryClients));
            results.saveManifest();
            out().println();
            out().print(latencyTable(run, correct, failures));
            out().println("# JMH JSON: " + results.file("query", "json"));
        }
        for (String f : failures) out().println("FAILED " + f);
        out().flush();
        return failures.isEmpty() ? BenchCli.OK : BenchCli.FAILED;
    }

    /**
     * One JMH run per query, its JSON appended at once: a query whose benchmark fails (the server
     * went away, say) is reported and the next one still runs, also in this JVM (-f 0), where JMH
     * itself would otherwise stop at the first failed benchmark.
     */
    private Measured measure(String id, List<String> failures) throws IOException {
        // One client: latency alone, as ever; more: their throughput too, the range step's two trials.
        String methods = queryClients == 1 ? "query" : "(query|queriesPerSecond)";
        // The step has made sure the server holds the data set: the trials need not count it again.
        Collection<RunResult> run = runJmh("query", jmh()
                .include(Pattern.quote(QueryBenchmark.class.getName()) + "\\." + methods + "$")
                .param(StepFlags.PARAM_QUERY_ID, id)
                .threads(queryClients), settings.withDataChecked().withVerifyLog(results.verifyLog("query")), id,
                failures);
        RunResult latency = null;
        RunResult throughput = null;
        for (RunResult r : run) {
            if (r.getParams().getBenchmark().endsWith(".queriesPerSecond")) throughput = r;
            else latency = r;
        }
        boolean reported = failures.stream().anyMatch(f -> f.startsWith(id + ": "));
        if (queryClients > 1 && latency != null && throughput == null && !reported) {
            failures.add(id + ": the queries/s trial did not complete (see the JMH output above)");
        }
        return new Measured(latency, throughput);
    }

    /** One query's trials: latency (sample time) and, with several clients, queries/s (throughput); null: not run. */
    record Measured(RunResult latency, RunResult throughput) {

        /** queries/s held against the clients' mean latency ({@link LatencyBound}); null: they agree, or one is missing. */
        String contradiction(int clients) {
            if (latency == null || throughput == null) return null;
            return LatencyBound.checkQueries(throughput.getPrimaryResult().getScore(), clients,
                    latency.getPrimaryResult().getStatistics().getMean(), LatencyBound.SEPARATE_TRIALS);
        }

        String id() {
            return latency.getParams().getParam(StepFlags.PARAM_QUERY_ID);
        }
    }

    /**
     * JMH's time for queries whose answer checks took {@code checks}: each runs its warm-up and
     * measured iterations, and an iteration lasts its time or one run of the query, whichever is
     * longer (a run JMH has started always ends).
     */
    private Duration timeLeft(List<Duration> checks) {
        return timeLeft(checks, common.warmupIterations, Duration.ofNanos(time("-w", common.warmupTime).convertTo(TimeUnit.NANOSECONDS)),
                common.iterations, Duration.ofNanos(time("-r", common.time).convertTo(TimeUnit.NANOSECONDS)));
    }

    static Duration timeLeft(List<Duration> checks, int warmupIterations, Duration warmupTime, int iterations, Duration iterationTime) {
        Duration left = Duration.ZERO;
        for (Duration c : checks) {
            left = left.plus(max(warmupTime, c).multipliedBy(warmupIterations)).plus(max(iterationTime, c).multipliedBy(iterations));
        }
        return left;
    }

    /**
     * The step's time left: the JMH time of the queries to go ({@code toGo}, from their answer
     * checks), scaled by how long the queries measured so far took against their own estimate
     * ({@code done}); before any, by the clients (each of several runs two trials, queries/s and
     * latency, and shares the server with the others: one run may take up to as many times as
     * long as the single check).
     */
    static Duration timeLeft(Duration toGo, Duration done, Duration doneTook, int clients) {
        if (done.isZero() || doneTook.isZero()) return clients == 1 ? toGo : toGo.multipliedBy(2L * clients);
        return Duration.ofNanos((long) (toGo.toNanos() * ((double) doneTook.toNanos() / done.toNanos())));
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /**
     * The wrong answer query {@code id} gave in its measured runs, as its failure (the first one,
     * with how many runs were wrong), or null when every run's answer was right.
     */
    private String wrongInMeasuredRuns(String id) throws IOException {
        List<String> wrong = WrongAnswers.of(results.verifyLog("query"), id);
        return wrong.isEmpty() ? null : wrongAnswer(id, wrong);
    }

    /** "q4.sum.p80: wrong answer in 1 benchmark run: minute ...: expected 51195, got 51197" (the first one of them). */
    static String wrongAnswer(String id, List<String> mismatches) {
        int n = mismatches.size();
        return id + ": wrong answer in " + n + " benchmark run" + (n == 1 ? "" : "s") + ": " + mismatches.get(0).substring(id.length() + 2);
    }

    /** After a failed query: the server may be restarting; wait for it before the next query. */
    private boolean awaitServer() throws DatabaseException {
        String why = whyNotAnswering();
        if (why == null) return true;
        out().println("# the server does not answer (" + why + "): waiting up to " + RECONNECT_SECONDS + " s");
        out().flush();
        String still = Poll.every(Duration.ofMillis(500), Duration.ofSeconds(RECONNECT_SECONDS)).until(this::whyNotAnswering, w -> w == null);
        out().println(still == null ? "# the server answers again: going on" : "# the server did not answer within " + RECONNECT_SECONDS + " s: " + still);
        return still == null;
    }

    /** Null when a new session can count the rows, else why not. */
    private String whyNotAnswering() {
        try (Session s = session()) {
            settings.dataSet().spec().countRows(s);
            return null;
        } catch (DatabaseException | IOException | RuntimeException e) {
            return DatabaseException.rootMessage(e);
        }
    }

    /** Runs a query once; null when its answer is right, else what is wrong. */
    private static String check(Session s, PreparedQuery q) {
        try {
            return q.run(s).mismatch();
        } catch (DatabaseException e) {
            return q.id() + ": query failed: " + e.getMessage();
        }
    }

    /** Each measured query's latency as the manifest keeps it (ms; JMH's sample-mode statistics, in the unit of the benchmark: ms). */
    static List<QueryRecord.QueryLatencyRecord> latencies(Collection<Measured> run) {
        List<QueryRecord.QueryLatencyRecord> out = new ArrayList<>();
        for (Measured m : run) {
            RunResult r = m.latency();
            Statistics st = r.getPrimaryResult().getStatistics();
            Double qps = m.throughput() == null ? null : m.throughput().getPrimaryResult().getScore();
            Double qpsError = qps == null || Double.isNaN(m.throughput().getPrimaryResult().getScoreError()) ? null
                    : m.throughput().getPrimaryResult().getScoreError();
            out.add(new QueryRecord.QueryLatencyRecord(m.id(), st.getN(), st.getPercentile(50), st.getPercentile(90),
                    st.getPercentile(99), st.getMax(), r.getPrimaryResult().getScore(), r.getPrimaryResult().getScoreError(),
                    qps, qpsError));
        }
        return out;
    }

    private String latencyTable(Collection<Measured> run, List<String> ids, List<String> failures) {
        String clients = queryClients == 1 ? "" : ", " + queryClients + " clients at once";
        StringBuilder sb = new StringBuilder(db().displayName() + ": query latency, ms (until the last row reached the client)"
                + clients + "\n");
        // The id column as wide as the longest id (the trucks' run to 45 characters).
        int width = Math.max(16, ids.stream().mapToInt(String::length).max().orElse(0));
        String idColumn = "%-" + width + "s";
        boolean qps = queryClients > 1;
        sb.append(String.format(Locale.ROOT, idColumn + " %10s %10s %10s %10s %10s%s%n", "query", "samples", "p50", "p90", "p99",
                "max", qps ? String.format(Locale.ROOT, " %12s", "queries/s") : ""));
        List<String> measured = new ArrayList<>();
        for (Measured m : run) {
            String id = m.id();
            measured.add(id);
            Statistics st = m.latency().getPrimaryResult().getStatistics();
            String rate = !qps ? "" : m.throughput() == null ? String.format(Locale.ROOT, " %12s", "-")
                    : String.format(Locale.ROOT, " %,12.1f", m.throughput().getPrimaryResult().getScore());
            sb.append(String.format(Locale.ROOT, idColumn + " %10d %10.3f %10.3f %10.3f %10.3f%s%n", id, st.getN(),
                    st.getPercentile(50), st.getPercentile(90), st.getPercentile(99), st.getMax(), rate));
        }
        for (String id : ids) {
            boolean reported = failures.stream().anyMatch(f -> f.startsWith(id + ": "));
            if (!measured.contains(id) && !reported) failures.add(id + ": the benchmark did not complete (see the JMH output above)");
        }
        return sb.toString();
    }
}
