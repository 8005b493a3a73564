package org.tsdbbench.common.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.util.Statistics;
import org.tsdbbench.common.bench.RangeQueryBenchmark;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.workload.Workload;
import org.tsdbbench.results.IntList;
import org.tsdbbench.results.RangeCellRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import org.tsdbbench.results.SuiteVersion;
import org.tsdbbench.results.StepFlags;

/**
 * The concurrent range-query test: for each client count and result size, the clients run short
 * time-range reads of one random device (seeded), every answer checked; queries/s and latency
 * percentiles per cell.
 */
@Command(name = "range", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = SuiteVersion.class,
        description = "Concurrent short range queries on one random device: queries/s and latency by client count and result size.")
final class RangeStep extends Step {

    /** A cell whose two trials disagree is measured again, this many times in all before it fails. */
    static final int MEASURES = 3;

    @Option(names = StepFlags.RANGE_CLIENTS, paramLabel = "LIST", converter = IntList.Converter.class,
            description = "Client connections: e.g. 1,5,10,20 (default: 1,5,10,20).")
    IntList clients = IntList.of(1, 5, 10, 20);

    @Option(names = StepFlags.RESULT_ROWS, paramLabel = "LIST", converter = IntList.Converter.class,
            description = "Rows each query returns: e.g. 5,100,1000 (default: 5,100,1000).")
    IntList resultRows = IntList.of(5, 100, 1000);

    RangeStep(Database db, Workload workload) {
        super(db, workload);
    }

    @Override
    protected String stepName() {
        return "range";
    }

    @Override
    protected void validate() throws UsageException {
        int rows = devicesOnly(common.dataSet(), stepName()).spec().rowsPerDevice();
        for (int r : resultRows.values()) {
            if (r < 1 || r > rows) throw new UsageException("--result-rows " + r + ": must be 1.." + rows + " (the rows of one device)");
        }
        for (int c : clients.values()) {
            if (c < 1 || c > WriteStep.MAX_CLIENTS) throw new UsageException("--clients " + c + ": must be 1.." + WriteStep.MAX_CLIENTS);
        }
    }

    @Override
    protected int execute() throws Exception {
        if (!ensureDataSet(LoadStep.expectedRows(settings.dataSet(), settings.answersDir()), 2)) return BenchCli.FAILED;
        List<String> failures = new ArrayList<>();
        List<RangeCellRecord> cells = new ArrayList<>();
        results.manifest().range(cells);
        StringBuilder table = new StringBuilder(db().displayName() + ": concurrent range queries on one random device (answers checked)\n");
        table.append(String.format(Locale.ROOT, "%8s %8s %14s %10s %10s %10s%n", "clients", "rows", "queries/s", "p50 ms", "p99 ms", "max ms"));
        int total = clients.values().size() * resultRows.values().size(), done = 0;
        for (int rows : resultRows.values()) {
            for (int c : clients.values()) {
                out().printf("# range cell %d/%d: %d clients x %d rows per query%n", ++done, total, c, rows);
                out().flush();
                String what = c + " clients x " + rows + " rows";
                Cell cell = measure(c, rows, what, failures);
                String contradiction = cell.contradiction(c);
                for (int measured = 1; contradiction != null && cell.results() > 0 && measured < MEASURES; measured++) {
                    // Two trials, one after the other: the server's own work (a flush after the load) or
                    // another process on a shared machine may slow one.
                    out().printf("# %s: %s: the two trials disagree; measuring the cell again (%d of at most %d)%n", what, contradiction,
                            measured + 1, MEASURES);
                    out().flush();
                    results.dropLastJmhResults("range", cell.results());
                    cell = measure(c, rows, what, failures);
                    contradiction = cell.contradiction(c);
                }
                if (contradiction != null) failures.add(what + ": " + contradiction);
                double qps = cell.qps();
                Double qpsError = cell.qpsError();
                Statistics latency = cell.latency();
                double mean = latency == null ? Double.NaN : latency.getMean();
                boolean bounded = !Double.isNaN(qps) && mean > 0;
                cells.add(new RangeCellRecord(c, rows, qps, qpsError, latency == null ? null : latency.getPercentile(50),
                        latency == null ? null : latency.getPercentile(99), bounded ? LatencyBound.queryBound(c, mean) : null,
                        bounded ? qps / LatencyBound.queryBound(c, mean) : null));
                if (cell.results() < 2 && failures.stream().noneMatch(f -> f.startsWith(what))) failures.add(what + ": the benchmark did not complete");
                results.manifest().range(cells);
                results.saveManifest();
                table.append(latency == null || Double.isNaN(qps)
                        ? String.format(Locale.ROOT, "%8d %8d %14s%n", c, rows, "FAILED")
                        : String.format(Locale.ROOT, "%8d %8d %,14.0f %10.3f %10.3f %10.3f%n", c, rows, qps,
                                latency.getPercentile(50), latency.getPercentile(99), latency.getMax()));
            }
        }
        return finish(table, "range", failures);
    }
    /** One cell's two trials: queries/s (throughput) and latency (sample time) of {@code clients} clients. */
    private Cell measure(int clients, int rows, String what, List<String> failures) throws IOException {
        Collection<RunResult> run = runJmh("range", jmh()
                .include(Pattern.quote(RangeQueryBenchmark.class.getName()) + "\\.(queriesPerSecond|latency)$")
                .param(StepFlags.PARAM_RESULT_ROWS, String.valueOf(rows))
                .threads(clients), settings.withDataChecked(), what, failures);
        double qps = Double.NaN;
        Double qpsError = null;
        Statistics latency = null;
        for (RunResult r : run) {
            Result<?> primary = r.getPrimaryResult();
            if (r.getParams().getBenchmark().endsWith("queriesPerSecond")) {
                qps = primary.getScore();
                qpsError = Double.isNaN(primary.getScoreError()) ? null : primary.getScoreError();
            } else {
                latency = primary.getStatistics();
            }
        }
        return new Cell(qps, qpsError, latency, run.size());
    }

    /** A cell's figures, and how many JMH results its run appended to the step's JSON. */
    private record Cell(double qps, Double qpsError, Statistics latency, int results) {
        /** queries/s (throughput trial) held against the clients' mean latency (the sample-time trial of the same load). */
        String contradiction(int clients) {
            double mean = latency == null ? Double.NaN : latency.getMean();
            return LatencyBound.checkQueries(qps, clients, mean, LatencyBound.SEPARATE_TRIALS);
        }
    }
}
