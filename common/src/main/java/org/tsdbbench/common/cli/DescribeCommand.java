package org.tsdbbench.common.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.WriteMatrix;
import org.tsdbbench.common.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import org.tsdbbench.results.SuiteVersion;

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
        Map<String, Object> about = new LinkedHashMap<>();
        about.put("name", db.name());
        about.put("displayName", db.displayName());
        about.put("serverScript", db.descriptor().serverScript());
        WriteMatrix m = db.descriptor().publishedWriteMatrix();
        if (m != null) about.put("publishedWriteMatrix", m);
        if (db.descriptor().clusterScript() != null) about.put("clusterScript", db.descriptor().clusterScript());
        if (!db.descriptor().writePaths().isEmpty()) about.put("writePaths", db.descriptor().writePaths());
        about.put("workloads", db.descriptor().workloads().stream().map(Workload::name).toList());
        if (!db.descriptor().publishedCells().isEmpty()) about.put("publishedCells", db.descriptor().publishedCells());
        spec.commandLine().getOut().println(new ObjectMapper().writeValueAsString(about));
        spec.commandLine().getOut().flush();
        return BenchCli.OK;
    }
}
