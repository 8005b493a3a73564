package org.tsdbbench.common.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.openjdk.jmh.profile.ProfilerFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.tsdbbench.common.data.DataFileException;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.ModuleOption;
import org.tsdbbench.common.query.QueryFile;
import org.tsdbbench.common.workload.Workload;
import org.tsdbbench.common.workload.Workloads;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The command line every module's jar has: {@code <db>-bench [write|load|query|disk|range|volume|mixed|schema|verify|fault] [options]}, where a
 * bare {@code <db>-bench -writeClients 5 -rowsPerRequest 1000} runs the write test as the original
 * tools did. {@code --workload NAME} chooses the workload (the module's first by default), and with
 * it the data-set flags every step takes. Exit codes: 0 all verified, 1 a request failed or an
 * answer was wrong (results kept), 2 bad input (one line naming it).
 */
public final class BenchCli {

    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;

    private BenchCli() {
    }

    /** JMH's listing flags: a jar given one of them first answers as JMH's own launcher would. */
    private static final Set<String> JMH_LISTINGS = Set.of("-l", "-lp", "-lprof", "-lrf");

    /** Runs the command line for this database; the exit code. */
    public static int run(Database db, String... args) {
        if (args.length > 0 && (args[0].equals("jmh") || JMH_LISTINGS.contains(args[0]))) {
            return jmh(args[0].equals("jmh") ? Arrays.copyOfRange(args, 1, args.length) : args);
        }
        Workload workload;
        try {
            // Read before parsing: the workload decides which data-set flags the steps take.
            workload = Workloads.named(args).map(Workloads::find).orElse(db.descriptor().defaultWorkload());
            db.descriptor().checkTakes(workload);
        } catch (IllegalArgumentException e) {
            System.err.println("error: --workload: " + e.getMessage());
            return USAGE;
        }
        return commandLine(db, workload).execute(args);
    }

    /**
     * JMH's own launcher over the jar's benchmarks ({@code <db>-bench jmh WriteBenchmark -p rowsPerRequest=100
     * -prof gc -rf json}), each reading the settings it runs alone with; the listings ({@code -l},
     * {@code -lp}, {@code -lprof}, {@code -lrf}) work without {@code jmh}.
     */
    private static int jmh(String... jmhArgs) {
        try {
            CommandLineOptions options = new CommandLineOptions(jmhArgs);
            if (options.shouldHelp()) {
                options.showHelp();
            } else if (options.shouldListWithParams()) {
                new Runner(options).listWithParams(options);
            } else if (options.shouldList()) {
                new Runner(options).list();
            } else if (options.shouldListProfilers()) {
                ProfilerFactory.listProfilers(System.out);
            } else if (options.shouldListResultFormats()) {
                System.out.println("Available formats: " + Arrays.stream(ResultFormatType.values()).map(f -> f.toString().toLowerCase(Locale.ROOT))
                        .collect(Collectors.joining(", ")));
            } else {
                new Runner(options).run();
            }
            return OK;
        } catch (CommandLineOptionException e) {
            System.err.println("error: jmh: " + e.getMessage());
            return USAGE;
        } catch (IOException | RunnerException e) {
            System.err.println("error: jmh: " + DatabaseException.rootMessage(e).replaceAll("\\s*\\R\\s*", " ").strip());
            return FAILED;
        }
    }

    static CommandLine commandLine(Database db, Workload workload) {
        String name = db.name() + "-bench";
        CommandLine cl = new CommandLine(new WriteStep(db, workload));
        cl.setCommandName(name);
        cl.addSubcommand("write", new WriteStep(db, workload));
        cl.addSubcommand("load", new LoadStep(db, workload));
        cl.addSubcommand("query", new QueryStep(db, workload));
        cl.addSubcommand("disk", new DiskStep(db, workload));
        cl.addSubcommand("range", new RangeStep(db, workload));
        cl.addSubcommand("volume", new VolumeStep(db, workload));
        cl.addSubcommand("mixed", new MixedStep(db, workload));
        cl.addSubcommand("schema", new SchemaStep(db, workload));
        cl.addSubcommand("verify", new VerifyStep(db, workload));
        cl.addSubcommand("fault", new FaultStep(db, workload));
        cl.addSubcommand("describe", new DescribeCommand(db));
        String[] optionsHelp = optionsHelp(db.descriptor());
        cl.getCommandSpec().usageMessage().footer(optionsHelp);
        cl.getSubcommands().values().forEach(sub -> sub.getCommandSpec().usageMessage().footer(optionsHelp));
        cl.setParameterExceptionHandler(parameterErrors());
        cl.setExecutionExceptionHandler(executionErrors());
        return cl;
    }

    /** Each step's help ends with the workloads the module takes and the module's options: name, type, default and what each does. */
    static String[] optionsHelp(DatabaseDescriptor db) {
        List<String> lines = new ArrayList<>();
        lines.add("");
        lines.add(db.displayName() + " takes the workloads (--workload NAME; the data-set flags");
        lines.add("above are the chosen one's):");
        for (Workload w : db.workloads()) {
            lines.add("  " + w.name() + (w == db.defaultWorkload() ? " (default)" : ""));
            wrap(lines, w.description());
        }
        lines.add("");
        lines.add(db.displayName() + " module options (--option KEY=VALUE, each checked before any work):");
        for (ModuleOption<?> o : db.allOptions()) {
            lines.add("  " + o.name() + "=<" + o.type() + ">");
            wrap(lines, "default: " + o.defaultText() + ". " + o.help());
        }
        // picocli formats help text: a % of ours must not read as a format specifier.
        return lines.stream().map(l -> l.replace("%", "%%")).toArray(String[]::new);
    }

    /** Adds the text as lines of 79 characters at most, indented: picocli would wrap a long footer line at its width with no indent. */
    private static void wrap(List<String> lines, String text) {
        StringBuilder line = new StringBuilder("     ");
        for (String word : text.split(" ")) {
            if (line.length() + 1 + word.length() > 79 && line.length() > 6) {
                lines.add(line.toString());
                line = new StringBuilder("     ");
            }
            line.append(' ').append(word);
        }
        lines.add(line.toString());
    }

    private static IParameterExceptionHandler parameterErrors() {
        return (ex, args) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            if (ex instanceof UnmatchedArgumentException u && u.getUnmatched().stream().anyMatch(BenchCli::isPasswordFlag)) {
                // Never echo what follows: it is a password typed on the command line.
                String flag = u.getUnmatched().stream().filter(BenchCli::isPasswordFlag).findFirst().orElseThrow().split("=", 2)[0];
                err.println("error: '" + flag + "' is not an option: the password comes from --password-env VAR or --password-file FILE, "
                        + "never the command line (see --help)");
                err.flush();
                return USAGE;
            }
            err.println("error: " + ex.getMessage() + " (see --help)");
            err.flush();
            return USAGE;
        };
    }

    private static boolean isPasswordFlag(String arg) {
        return arg.split("=", 2)[0].matches("(?i)--?(p|pw|pwd|pass|passwd|password)");
    }

    private static IExecutionExceptionHandler executionErrors() {
        return (ex, cl, parseResult) -> {
            PrintWriter err = cl.getErr();
            boolean usage = ex instanceof UsageException || ex instanceof DataFileException
                    || ex instanceof QueryFile.QueryFileException;
            // A server failing after the step started (it was reachable then) is a failed run, not bad input.
            boolean server = ex instanceof DatabaseException;
            String message = usage || server ? ex.getMessage() : DatabaseException.rootMessage(ex);
            // One line, whatever a driver put in its message.
            err.println("error: " + String.valueOf(message).replaceAll("\\s*\\R\\s*", " ").strip());
            if (!usage && !server) ex.printStackTrace(err);
            err.flush();
            return usage ? USAGE : FAILED;
        };
    }
}
