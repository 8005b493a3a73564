package org.tsdbbench.common.cli;

import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.workload.Workload;
import picocli.CommandLine.Command;
import org.tsdbbench.results.SuiteVersion;

/**
 * The schema step: drops the benchmark's table(s) and creates them empty. The load and write steps
 * do this themselves, except with {@code --shard}: N shards share one table, so it is made once,
 * here, before any of them starts.
 */
@Command(name = "schema", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = SuiteVersion.class,
        description = "Drop and create the benchmark's table(s), empty: run once before the shards of a sharded load or write.")
final class SchemaStep extends Step {

    SchemaStep(Database db, Workload workload) {
        super(db, workload);
    }

    @Override
    protected String stepName() {
        return "schema";
    }

    @Override
    protected int execute() throws Exception {
        try (Session s = session()) {
            settings.dataSet().spec().recreateSchema(s);
        }
        results.manifest().schema("recreated empty at " + java.time.Instant.now());
        results.saveManifest();
        out().println("schema: " + db().displayName() + " table(s) recreated empty");
        out().flush();
        return BenchCli.OK;
    }
}
