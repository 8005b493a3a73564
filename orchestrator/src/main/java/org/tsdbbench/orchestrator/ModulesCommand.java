package org.tsdbbench.orchestrator;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import org.tsdbbench.results.SuiteVersion;

/**
 * {@code modules}: one line per database module of the checkout, {@code <folder>:<server script>:<name>},
 * as each module's jar describes itself; scripts/test.sh starts those servers before the tests.
 */
@Command(name = "modules", mixinStandardHelpOptions = true, versionProvider = SuiteVersion.class,
        description = "List the database modules: <folder>:<server script>:<name>, one a line.")
final class ModulesCommand implements Callable<Integer> {

    @Override
    public Integer call() throws Exception {
        Project project = Project.find(Path.of(""));
        for (Module m : Module.discover(project, List.of("java"))) {
            System.out.println(project.root().relativize(m.jar()).getName(0) + ":" + m.serverScript() + ":" + m.name());
        }
        return OrchestratorMain.OK;
    }
}
