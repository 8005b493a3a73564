package org.tsdbbench.common.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.util.Statistics;
import org.tsdbbench.common.bench.MixedLoadBenchmark;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.workload.Workload;
import org.tsdbbench.results.MixedRunRecord;
import org.tsdbbench.results.TrialRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import org.tsdbbench.results.SuiteVersion;
import org.tsdbbench.results.StepFlags;

/**
 * The mixed-load test: readers alone, writers and readers together, writers alone (one JMH group
 * run each), so write rows/s and query latency under load stand beside each side alone.
 */
@Command(name = "mixed", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = SuiteVersion.class,
        description = "Writers and readers at the same time, against each alone: write rows/s and query latency (loads the data set first if needed).")
final class MixedStep extends Step {

    /** The modes of {@link MixedLoadBenchmark}, each a trial of every run, named as a reader of the step's output knows them. */
    private static final Map<Mode, String> TRIALS = Map.of(Mode.Throughput, "throughput", Mode.SampleTime, "sample-time");

    @Option(names = "--writers", description = "Writer clients (default: ${DEFAULT-VALUE}).")
    int writers = 1;

    @Option(names = "--readers", description = "Reader clients (default: ${DEFAULT-VALUE}).")
    int readers = 1;

    @Mixin
    RowsPerRequestOption rowsPerRequest;

    @Option(names = StepFlags.RESULT_ROWS, description = "Rows each range query returns (default: ${DEFAULT-VALUE}).")
    int resultRows = 100;

    MixedStep(Database db, Workload workload) {
        super(db, workload);
    }

    @Override
    protected String stepName() {
        return "mixed";
    }

    @Override
    protected void validate() throws UsageException {
        CommonOptions.positive("--writers", writers);
        CommonOptions.positive("--readers", readers);
        WorkloadSpec spec = devicesOnly(common.dataSet(), stepName()).spec();
        if (writers > spec.numOfDevices()) {
            throw new UsageException("--writers " + writers + ": must be 1.." + spec.numOfDevices() + " (each writer owns whole devices)");
        }
        rowsPerRequest.validate();
        int rows = spec.rowsPerDevice();
        if (resultRows < 1 || resultRows > rows) throw new UsageException("--result-rows " + resultRows + ": must be 1.." + rows);
    }

    @Override
    protected int execute() throws Exception {
        if (!ensureDataSet(LoadStep.expectedRows(settings.dataSet(), settings.answersDir()), 2)) return BenchCli.FAILED;
        List<String> failures = new ArrayList<>();
        List<MixedRunRecord> cells = new ArrayList<>();
        results.manifest().mixed(cells);
        StringBuilder table = new StringBuilder(db().displayName() + ": mixed load (" + rowsPerRequest.value + " rows per write, "
                + resultRows + " rows per range query, answers checked)\n");
        table.append(String.format(Locale.ROOT, "%-22s %14s %12s %12s %12s %12s%n", "run", "write rows/s", "write p50", "write p99", "query p50", "query p99"));
        // Readers alone first: they append nothing, so the next run need not reload the data set.
        int[][] runs = {{0, readers}, {writers, readers}, {writers, 0}};
        for (int[] tg : runs) {
            String what = tg[0] == 0 ? "readers alone" : tg[1] == 0 ? "writers alone" : "writers + readers";
            out().printf("# mixed: %s (%d writers, %d readers)%n", what, tg[0], tg[1]);
            out().flush();
            Path log = results.verifyLog("mixed");
            Files.deleteIfExists(log);
            Collection<RunResult> run = runJmh("mixed", jmh()
                    .include(Pattern.quote(MixedLoadBenchmark.class.getName()) + "\\.mixed$")
                    .param(StepFlags.PARAM_ROWS_PER_REQUEST, String.valueOf(rowsPerRequest.value))
                    .param(StepFlags.PARAM_RESULT_ROWS, String.valueOf(resultRows))
                    // JMH orders a group's methods by name: query (readers), then write (writers).
                    .threadGroups(tg[1], tg[0])
                    .threads(tg[0] + tg[1]), settings.withVerifyLog(log), what, failures);
            double rowsPerSecond = Double.NaN;
            Statistics write = null;
            Statistics query = null;
            List<TrialRecord> trials = TrialRecord.readAll(log);
            Files.deleteIfExists(log);
            // A trial whose end-of-trial count threw is missing from JMH's results: only its record says so.
            String trialsFailed = trialsFailure(run.stream().map(r -> r.getParams().getMode()).toList(), trials, Math.max(1, common.forks));
            if (trialsFailed != null) failures.add(what + ": " + trialsFailed);
            // Rows/s from the sample-time trial's own count over its measured wall clock: the trial whose write latencies
            // stand beside it, so the two can be held against each other. Not JMH's group throughput: that read about
            // 2.7x what the writes' latency allows when readers shared the group; and not the throughput-mode trial,
            // whose speed differed from the sample-time trial's by up to 1.5x in 300 ms iterations.
            long measuredRows = 0;
            long measuredMillis = 0;
            for (TrialRecord t : trials) {
                if (!Mode.SampleTime.shortLabel().equals(t.params().get("mode"))) continue;
                measuredRows += t.measuredRowsAcked();
                measuredMillis += t.measuredToMs() - t.measuredFromMs();
            }
            if (trialsFailed == null && tg[0] > 0 && measuredMillis > 0) rowsPerSecond = measuredRows * 1000.0 / measuredMillis;
            for (RunResult r : trialsFailed == null ? run : List.<RunResult>of()) {
                if (r.getParams().getMode() != Mode.SampleTime) continue;
                if (tg[0] > 0 && r.getSecondaryResults().get("write") != null) write = r.getSecondaryResults().get("write").getStatistics();
                if (tg[1] > 0 && r.getSecondaryResults().get("query") != null) query = r.getSecondaryResults().get("query").getStatistics();
            }
            LatencyBound.Check bound = write == null ? LatencyBound.Check.NONE
                    : LatencyBound.check(rowsPerSecond, tg[0], rowsPerRequest.value, write.getMean(), windowMillis(), LatencyBound.SAME_TRIAL);
            if (bound.contradiction() != null) failures.add(what + ": " + bound.contradiction());
            cells.add(new MixedRunRecord(what, tg[0], tg[1], tg[0] > 0 && trialsFailed == null ? rowsPerSecond : null, bound.record(),
                    trialsFailed != null ? trialsFailed : bound.contradiction(),
                    percentile(write, 50), percentile(write, 99), percentile(query, 50), percentile(query, 99)));
            results.manifest().mixed(cells);
            results.saveManifest();
            table.append(String.format(Locale.ROOT, "%-22s %14s %12s %12s %12s %12s%n", what,
                    trialsFailed != null || tg[0] > 0 && Double.isNaN(rowsPerSecond) ? "FAILED"
                            : tg[0] == 0 ? "-" : String.format(Locale.ROOT, "%,.0f", rowsPerSecond),
                    ms(write, 50), ms(write, 99), ms(query, 50), ms(query, 99)));
        }
        return finish(table, "mixed", failures);
    }

    /**
     * Why a run's trials do not stand, or null when they do: each mode's trial must be among JMH's
     * results and have left one verification record per fork, none of them failed. JMH leaves a
     * trial whose end-of-trial count threw out of its results (with shouldFailOnError off), so the
     * other trial's figures alone would otherwise be written as a clean cell.
     */
    static String trialsFailure(Collection<Mode> returned, List<TrialRecord> trials, int forks) {
        List<String> problems = new ArrayList<>();
        for (Mode mode : List.of(Mode.Throughput, Mode.SampleTime)) {
            String name = "the " + TRIALS.get(mode) + " trial";
            List<TrialRecord> records = trials.stream().filter(t -> mode.shortLabel().equals(t.params().get("mode"))).toList();
            int before = problems.size();
            for (TrialRecord t : records) if (t.failure() != null) problems.add(name + " failed: " + t.failure());
            if (records.size() < forks) {
                problems.add(name + (records.isEmpty() ? " left no verification record (it did not finish)"
                        : ": only " + records.size() + " of " + forks + " forks left a verification record"));
            }
            if (problems.size() == before && !returned.contains(mode)) problems.add(name + " gave JMH no result (see the JMH output above)");
        }
        return problems.isEmpty() ? null : String.join("; ", problems);
    }

    private static Double percentile(Statistics s, double percentile) {
        return s == null ? null : s.getPercentile(percentile);
    }

    private static String ms(Statistics s, double percentile) {
        return s == null ? "-" : String.format(Locale.ROOT, "%.2f ms", s.getPercentile(percentile));
    }
}
