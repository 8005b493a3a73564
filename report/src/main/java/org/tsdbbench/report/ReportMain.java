package org.tsdbbench.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code java -jar report/target/report.jar results/<run>}: writes report.md into the run folder. */
@Command(name = "report", mixinStandardHelpOptions = true, version = "tsdb-bench 0.1.0",
        description = "Build report.md from a results folder (the <db>-write.json, <db>-query.json and <db>-manifest.json files).")
public final class ReportMain implements Callable<Integer> {

    @Parameters(paramLabel = "RESULTS_DIR", description = "A run's results folder.")
    Path dir;

    public static void main(String[] args) {
        CommandLine cl = new CommandLine(new ReportMain());
        cl.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println("error: " + ex.getMessage() + " (see --help)");
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, c, p) -> {
            c.getErr().println("error: " + ex.getMessage());
            return 2;
        });
        System.exit(cl.execute(args));
    }

    @Override
    public Integer call() throws Exception {
        List<RunResults.Database> dbs = RunResults.read(dir);
        if (dbs.isEmpty()) throw new IllegalArgumentException(dir + ": no <db>-manifest.json files: not a results folder");
        Path out = dir.resolve("report.md");
        Files.writeString(out, MarkdownReport.render(dbs));
        System.out.println("wrote " + out + " (" + dbs.size() + " databases)");
        return 0;
    }
}
