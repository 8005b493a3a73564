package org.tsdbbench.common.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.workload.Workload;
import org.tsdbbench.results.ModuleDescription;
import org.tsdbbench.results.SuiteVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code describe}: the module as JSON on one line (name, display name, server script, published
 * write matrix, cluster script, write paths: name, options, published; the workloads it takes, the
 * first its default; the published write cells per workload), for the orchestrator that runs every module's jar: it needs no list of modules
 * of its own. Touches no server.
 */
@Command(name = "describe", mixinStandardHelpOptions = true, versionProvider = SuiteVersion.class,
        description = "Print this module as JSON (for the comparison run); touches no server.")
final class DescribeCommand implements Callable<Integer> {

    private final Database db;

    @Spec
    CommandSpec spec;

    DescribeCommand(Database db) {
        this.db = db;
    }

    @Override
    public Integer call() throws Exception {
        DatabaseDescriptor d = db.descriptor();
        List<ModuleDescription.DescribedWritePath> paths = d.writePaths().stream()
                .map(p -> new ModuleDescription.DescribedWritePath(p.name(), p.options(), List.copyOf(p.publishedWorkloads()))).toList();
        ModuleDescription about = new ModuleDescription(db.name(), db.displayName(), d.serverScript(), d.publishedWriteMatrix(),
                d.clusterScript(), paths, d.workloads().stream().map(Workload::name).toList(), d.publishedCells());
        spec.commandLine().getOut().println(about.toJson());
        spec.commandLine().getOut().flush();
        return BenchCli.OK;
    }
}
