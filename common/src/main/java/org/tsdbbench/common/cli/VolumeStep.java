package org.tsdbbench.common.cli;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.tsdbbench.common.bench.VolumeBenchmark;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.workload.Workload;
import org.tsdbbench.results.VolumeBlockRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import org.tsdbbench.results.SuiteVersion;
import org.tsdbbench.results.StepFlags;

/**
 * The volume-growth test: from an empty table, one client writes a block and reads it back, block
 * after block up to the target volume; write and read speed per block against the rows stored.
 */
@Command(name = "volume", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = SuiteVersion.class,
        description = "Write blocks of rows and read each back at once, up to a target volume: speed against rows stored (empties the table first).")
final class VolumeStep extends Step {

    @Option(names = StepFlags.BLOCKS, description = "Blocks to write; the target volume is blocks x block rows (default: ${DEFAULT-VALUE}).")
    int blocks = 10;

    @Option(names = StepFlags.BLOCK_ROWS, description = "Rows per block, a multiple of the devices (default: ${DEFAULT-VALUE}).")
    int blockRows = 100_000;

    @Mixin
    RowsPerRequestOption rowsPerRequest;

    VolumeStep(Database db, Workload workload) {
        super(db, workload);
    }

    @Override
    protected String stepName() {
        return "volume";
    }

    @Override
    protected void validate() throws UsageException {
        CommonOptions.positive("--blocks", blocks);
        CommonOptions.positive("--block-rows", blockRows);
        int devices = devicesOnly(common.dataSet(), stepName()).spec().numOfDevices();
        if (blockRows % devices != 0) {
            throw new UsageException("--block-rows " + blockRows + ": must be a multiple of the " + devices + " devices (a block is the next rows of every device)");
        }
        rowsPerRequest.validate();
    }

    @Override
    protected int execute() throws Exception {
        List<String> failures = new ArrayList<>();
        out().printf("# volume: %d blocks of %,d rows (%,d rows in all), %d rows per request, read back after each block%n",
                blocks, blockRows, (long) blocks * blockRows, rowsPerRequest.value);
        out().flush();
        Collection<RunResult> run = runJmh("volume", jmh()
                .include(Pattern.quote(VolumeBenchmark.class.getName()) + "\\.block$")
                .param(StepFlags.PARAM_BLOCK_ROWS, String.valueOf(blockRows))
                .param(StepFlags.PARAM_ROWS_PER_REQUEST, String.valueOf(rowsPerRequest.value))
                .warmupIterations(0)
                .measurementIterations(blocks), settings, "volume", failures);
        List<VolumeBlockRecord> rows = new ArrayList<>();
        StringBuilder table = new StringBuilder(db().displayName() + ": write and read-back per block of " + blockRows + " rows (reads checked)\n");
        table.append(String.format(Locale.ROOT, "%14s %14s %12s %14s %10s%n", "rows stored", "write rows/s", "ms/request", "read rows/s", "read ms"));
        int measured = 0;
        for (RunResult r : run) {
            for (BenchmarkResult b : r.getBenchmarkResults()) {
                for (IterationResult it : b.getIterationResults()) {
                    Map<String, Result> sec = it.getSecondaryResults();
                    // The benchmark's secondary metrics of this block, each absent when JMH has none of that name.
                    rows.add(new VolumeBlockRecord(metric(sec, "storedRowsBefore"), metric(sec, "writeRowsPerSecond"),
                            metric(sec, "writeRequestMillis"), metric(sec, "readRowsPerSecond"), metric(sec, "readMillis"),
                            metric(sec, "readAttempts"), metric(sec, "visibleAfterMillis")));
                    table.append(String.format(Locale.ROOT, "%,14.0f %,14.0f %12.2f %,14.0f %10.1f%n", score(sec, "storedRowsBefore"),
                            score(sec, "writeRowsPerSecond"), score(sec, "writeRequestMillis"), score(sec, "readRowsPerSecond"), score(sec, "readMillis")));
                    measured++;
                }
            }
        }
        results.manifest().volume(rows);
        results.saveManifest();
        if (measured < blocks && failures.isEmpty()) failures.add("volume: " + measured + " of " + blocks + " blocks completed");
        return finish(table, "volume", failures);
    }

    private static Double metric(Map<String, Result> sec, String key) {
        Result r = sec.get(key);
        return r == null ? null : r.getScore();
    }

    private static double score(Map<String, Result> sec, String key) {
        Result r = sec.get(key);
        return r == null ? Double.NaN : r.getScore();
    }
}
