package org.tsdbbench.report;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import org.tsdbbench.results.SuiteVersion;

/**
 * {@code java -jar report/target/report.jar INPUT... [-o DIR] [--format ...] [--merge]}: builds
 * report.md and report.html from one or more results folders or JMH JSON files, exports the
 * figures for github-action-benchmark, or first merges the shard folders of one run.
 */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = SuiteVersion.class,
        description = {"Build report.md and report.html from results folders (<db>-write.json, <db>-query.json, <db>-manifest.json, "
                + "run.json) and/or JMH JSON files, of one run or of several runs or machines.",
                "Exit codes: 0 reports written; 2 bad input (one line names it)."})
public final class ReportMain implements Callable<Integer> {

    /** The outputs --format selects. */
    enum Format {
        REPORT("report"), CSV("csv"), GITHUB_ACTION_BENCHMARK("github-action-benchmark");

        private final String name;

        Format(String name) {
            this.name = name;
        }

        @Override
        public String toString() {
            return name;
        }

        static Format of(String text) {
            for (Format f : values()) if (f.name.equals(text.toLowerCase(Locale.ROOT))) return f;
            throw new CommandLine.TypeConversionException("'" + text + "': expected report, csv or github-action-benchmark");
        }
    }

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "INPUT",
            description = "Results folders and/or JMH JSON files (<db>-write.json, <db>-query.json); with --merge, the shard folders of one run.")
    List<Path> inputs = new ArrayList<>();

    @Option(names = {"-o", "--out"}, paramLabel = "DIR",
            description = "Folder to write into (default: the input folder when there is one; with --merge: <first shard's parent>/<runId>-merged).")
    Path out;

    @Option(names = "--format", split = ",", paramLabel = "FORMAT", converter = FormatConverter.class,
            description = "report (report.md + report.html, the default) and/or github-action-benchmark ("
                    + BenchmarkExport.BIGGER + " for customBiggerIsBetter, " + BenchmarkExport.SMALLER + " for customSmallerIsBetter).")
    List<Format> formats = new ArrayList<>(List.of(Format.REPORT));

    @Option(names = "--merge", description = "The inputs are the N shard folders of one run: merge them into one results folder, then report on it.")
    boolean merge;

    /** picocli's converter for {@link Format} names with dashes. */
    static final class FormatConverter implements CommandLine.ITypeConverter<Format> {
        @Override
        public Format convert(String value) {
            return Format.of(value);
        }
    }

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true"); // charts are drawn into SVG text, never onto a screen
        System.exit(commandLine().execute(args));
    }

    /** The command with its error handling: a one-line "error: ..." and exit 2 for bad input or unreadable files. */
    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new ReportMain());
        cl.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println("error: " + ex.getMessage() + " (see --help)");
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, c, p) -> {
            c.getErr().println("error: " + (ex.getMessage() != null ? ex.getMessage() : ex.toString()));
            return 2;
        });
        return cl;
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        List<Path> reportInputs = inputs;
        Path dir = out;
        if (merge) {
            if (dir == null) {
                Path parent = inputs.get(0).toAbsolutePath().normalize().getParent();
                dir = parent.resolve(Charts.slug(ShardMerge.runId(inputs)) + "-merged");
            }
            ShardMerge.merge(inputs, dir);
            stdout.println("merged " + inputs.size() + " shards into " + dir);
            reportInputs = List.of(dir);
        }
        if (dir == null) {
            if (inputs.size() > 1) throw new InputException(inputs.size() + " inputs: say with -o DIR where the reports go");
            Path only = inputs.get(0);
            dir = Files.isDirectory(only) ? only : only.toAbsolutePath().normalize().getParent();
        }
        ReportData data = Inputs.read(reportInputs);
        Files.createDirectories(dir);
        for (Format f : formats) {
            if (f == Format.REPORT) {
                Path md = dir.resolve("report.md");
                Path html = dir.resolve("report.html");
                Files.writeString(md, MarkdownReport.render(data));
                Files.writeString(html, HtmlReport.render(data));
                stdout.println("wrote " + md + " and " + html + " (" + data.databases().size() + " databases)");
            } else if (f == Format.CSV) {
                List<Path> files = CsvExport.write(data, dir);
                stdout.println("wrote " + files.size() + " CSV files in " + dir + " (" + files.get(0).getFileName() + ", "
                        + files.get(1).getFileName() + ", ...)");
            } else {
                List<Path> files = BenchmarkExport.write(data, dir);
                stdout.println("wrote " + files.get(0) + " (customBiggerIsBetter) and " + files.get(1) + " (customSmallerIsBetter)");
            }
        }
        stdout.flush();
        return 0;
    }
}
