package org.tsdbbench.common.cli;

import org.tsdbbench.common.bench.AnswerCache;
import org.tsdbbench.common.bench.StoredRows;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.workload.DataSet;
import org.tsdbbench.common.workload.Workload;
import org.tsdbbench.results.VerifyRecord;
import picocli.CommandLine.Command;
import org.tsdbbench.results.SuiteVersion;

/**
 * The verify step, after the shards of a sharded load have all finished: the rows stored must be
 * exactly the whole data set's rows, none missing and none twice. A shard cannot check this
 * alone, since the others write the same table.
 */
@Command(name = "verify", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = SuiteVersion.class,
        description = "Count the stored rows against the whole data set (after all shards of a sharded load).")
final class VerifyStep extends Step {

    VerifyStep(Database db, Workload workload) {
        super(db, workload);
    }

    @Override
    protected String stepName() {
        return "verify";
    }

    @Override
    protected int execute() throws Exception {
        DataSet whole = settings.dataSet().whole();
        long written = LoadStep.expectedRows(whole, settings.answersDir());
        // Where rows of the data set share a key, the database keeps one of each such group.
        long superseded = whole.keysMayRepeat() ? AnswerCache.answers(whole, settings.answersDir()).superseded(db().dialect(settings.connection())) : 0;
        long expected = written - superseded;
        long stored;
        try (Session s = session()) {
            stored = StoredRows.settled(db(), s, whole.spec(), expected);
        }
        boolean ok = stored == expected;
        results.manifest().verify(new VerifyRecord(stored, expected, ok));
        results.saveManifest();
        out().printf("%s: %,d rows stored, the whole data set has %,d%s%n", ok ? "verified" : "VERIFY FAILED", stored, expected,
                superseded == 0 ? "" : String.format(java.util.Locale.ROOT, " (%,d written, %,d of them in place of another of their key)", written, superseded));
        out().flush();
        return ok ? BenchCli.OK : BenchCli.FAILED;
    }
}
