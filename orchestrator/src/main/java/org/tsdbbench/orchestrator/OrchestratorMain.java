package org.tsdbbench.orchestrator;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import org.tsdbbench.results.SuiteVersion;

/**
 * {@code java -jar orchestrator/target/orchestrator.jar compare|shards|modules}: the runs that
 * drive several database jars, written once in Java. scripts/compare.sh and scripts/shards.sh
 * install, build and start servers' prerequisites, then call it. Exit codes as the database jars':
 * 0 everything verified, 1 something failed (results kept), 2 bad input (one line naming it).
 */
@Command(name = "orchestrator", mixinStandardHelpOptions = true, versionProvider = SuiteVersion.class,
        subcommands = {CompareCommand.class, ShardsCommand.class, ModulesCommand.class},
        description = "Runs the comparison (compare) or one database's sharded run (shards) over the database jars.")
public final class OrchestratorMain {

    static final int OK = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;

    private OrchestratorMain() {
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(OrchestratorMain.class);
        // After DB N STEP every argument is the step's own, dashes and all.
        cl.getSubcommands().get("shards").setStopAtPositional(true);
        cl.setParameterExceptionHandler((ex, args) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("error: " + ex.getMessage() + " (see --help)");
            err.flush();
            return USAGE;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            PrintWriter err = c.getErr();
            boolean usage = ex instanceof UsageException;
            err.println("error: " + String.valueOf(ex.getMessage()).replaceAll("\\s*\\R\\s*", " ").strip());
            if (!usage) ex.printStackTrace(err);
            err.flush();
            return usage ? USAGE : FAILED;
        });
        return cl;
    }
}
