package org.tsdbbench.common.cli;

import java.io.IOException;
import java.nio.file.Path;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.tsdbbench.common.bench.AnswerCache;
import org.tsdbbench.common.bench.Loader;
import org.tsdbbench.common.db.Database;
import java.util.List;
import java.util.Locale;
import org.tsdbbench.common.query.Dialect;
import org.tsdbbench.common.workload.Answers;
import org.tsdbbench.common.workload.DataSet;
import org.tsdbbench.common.workload.Workload;
import org.tsdbbench.results.LoadRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import org.tsdbbench.results.SuiteVersion;
import org.tsdbbench.results.StepFlags;

/**
 * The load step: the whole data set written exactly once, rows/s reported, then the stored count
 * checked against the rows acknowledged.
 */
@Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = SuiteVersion.class,
        description = "Write the data set exactly once, report rows/s and verify the stored row count.")
final class LoadStep extends Step {

    @Option(names = {StepFlags.WRITE_CLIENTS, StepFlags.WRITE_CLIENTS_KEBAB}, description = "Client connections (default: ${DEFAULT-VALUE}).")
    int writeClients = 1;

    @Mixin
    RowsPerRequestOption rowsPerRequest;

    LoadStep(Database db, Workload workload) {
        super(db, workload);
    }

    @Override
    protected String stepName() {
        return "load";
    }

    @Override
    protected void validate() throws UsageException {
        rowsPerRequest.validate();
        int max = common.dataSet().maxClients();
        if (writeClients < 1 || writeClients > Math.min(max, WriteStep.MAX_CLIENTS)) {
            throw new UsageException(StepFlags.WRITE_CLIENTS + " " + writeClients + ": must be 1.." + Math.min(max, WriteStep.MAX_CLIENTS));
        }
    }

    @Override
    protected int execute() throws Exception {
        return load(this, writeClients, rowsPerRequest.value) ? BenchCli.OK : BenchCli.FAILED;
    }

    /** Loads with a progress bar and records the result in the manifest; shared with the query step. Whether the load was verified. */
    static boolean load(Step step, int clients, int rowsPerRequest) throws Exception {
        DataSet data = step.settings.dataSet();
        long answersStart = System.nanoTime();
        long expected = expectedRows(data, step.settings.answersDir());
        Double answersSeconds = data.knownRows().isPresent() ? null : (System.nanoTime() - answersStart) / 1e9;
        Double checkSeconds = data.fromFiles() ? data.filesCheckedSeconds() : null;
        if (data.fromFiles()) {
            // Reading the files is not the load's work: its time is said apart, the load's clock starts after it.
            step.out().printf(Locale.ROOT, "data set: files checked in %.1f s, expected answers ready in %.1f s (apart from the load's time)%n",
                    checkSeconds, answersSeconds);
        }
        Loader.Result r;
        try (ProgressBar bar = new ProgressBarBuilder().setTaskName("load " + step.db().name()).setInitialMax(expected)
                .setStyle(ProgressBarStyle.ASCII).setUnit(" rows", 1).showSpeed().continuousUpdate().build()) {
            r = Loader.load(step.db(), step.settings.connection(), data, expected, clients, rowsPerRequest, bar::stepBy);
        }
        // Rows the database keeps one of (sharing its key): named from the data set's answers, and their count checked against it.
        List<String> shared = null;
        boolean verified = r.verified();
        String mismatch = null;
        if (r.rowsSuperseded() > 0) {
            Answers answers = AnswerCache.answers(data, step.settings.answersDir());
            Dialect dialect = step.db().dialect(step.settings.connection());
            shared = answers.sharedKeys(dialect);
            if (!r.sharded() && answers.superseded(dialect) != r.rowsSuperseded()) {
                verified = false;
                mismatch = String.format(Locale.ROOT, "the writers counted %,d rows in place of an earlier row of their key, the data set holds %,d",
                        r.rowsSuperseded(), answers.superseded(dialect));
            }
        }
        step.out().println((verified ? "load verified: " : "LOAD FAILED: ") + r.describe() + (mismatch == null ? "" : "; " + mismatch));
        if (shared != null) for (String s : shared) step.out().println("  " + s);
        step.out().flush();
        step.results.manifest().load(new LoadRecord(null, clients, rowsPerRequest, r.rowsSent(), r.rowsAcked(), r.rowsStored(),
                r.countError(), r.rowsExpected(), r.failedRequests(), mismatch != null ? mismatch : r.firstError(), r.elapsedNanos() / 1e9,
                r.rowsPerSecond(), verified, r.metricsAcked(), r.metricsPerSecond(), r.rowsSuperseded() > 0 ? r.rowsSuperseded() : null, shared,
                checkSeconds, answersSeconds, r.clientCpuNanos() / 1e9));
        step.results.saveManifest();
        return verified;
    }

    /** Rows in the data set: known from the spec, or counted from the files (with their answers, kept in {@code answersDir} for reuse). */
    static long expectedRows(DataSet data, Path answersDir) throws IOException {
        var known = data.knownRows();
        if (known.isPresent()) return known.getAsLong();
        return AnswerCache.answers(data, answersDir).totalRows();
    }
}
