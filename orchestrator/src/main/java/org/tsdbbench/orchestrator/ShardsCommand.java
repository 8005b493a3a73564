package org.tsdbbench.orchestrator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.tsdbbench.results.Manifest;
import org.tsdbbench.results.RunFolder;
import org.tsdbbench.results.StepFlags;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import org.tsdbbench.results.SuiteVersion;

/**
 * N shards of one database's load or write as local processes, the way N client machines would
 * run them (deploy/k8s/ has the same as a Kubernetes Indexed Job): the schema step once, then shard
 * i of N for every i at the same time (one run id, {@code results/<run>/shard-<i>/}), then after a
 * load the verify step (the whole data set stored exactly once), then {@code report --merge} into
 * {@code results/<run>/merged/}. Exit 1 when any part failed.
 */
@Command(name = "shards", mixinStandardHelpOptions = true, versionProvider = SuiteVersion.class,
        description = "Run N shards of one database's load or write as local processes, verify and merge them.")
final class ShardsCommand implements Callable<Integer> {

    /** Options of the load and write steps that schema and verify do not take. */
    private static final Set<String> STEP_ONLY = Set.of(StepFlags.WRITE_CLIENTS, StepFlags.WRITE_CLIENTS_KEBAB, StepFlags.ROWS_PER_REQUEST,
            StepFlags.ROWS_PER_REQUEST_KEBAB, StepFlags.FORKS, "--forks", StepFlags.WARMUP_ITERATIONS, "--warmup-iterations", StepFlags.WARMUP_TIME, "--warmup-time",
            StepFlags.ITERATIONS, "--iterations", StepFlags.TIME, "--time", "--server-pid");

    @Parameters(index = "0", paramLabel = "DB", description = "The database (a module name, e.g. mysql).")
    String database;

    @Parameters(index = "1", paramLabel = "N", description = "Shards, at least 1.")
    int shards;

    @Parameters(index = "2", paramLabel = "STEP", description = "load or write.")
    String step;

    @Parameters(index = "3..*", paramLabel = "OPTION", description = "The step's options (not -results, --shard or --run-id: set here).")
    List<String> options = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        if (shards < 1) throw new UsageException("N " + shards + ": not a whole number of shards, at least 1");
        if (!step.equals("load") && !step.equals("write")) throw new UsageException("STEP " + step + ": shards run load or write");
        for (String o : options) {
            if (Set.of(StepFlags.RESULTS, "--results", StepFlags.SHARD, StepFlags.RUN_ID).contains(o)) throw new UsageException(o + ": set by this command, leave it out");
        }
        Project project = Project.find(Path.of(""));
        List<Module> present = Module.discover(project, List.of("java"));
        Module module = present.stream().filter(m -> m.name().equals(database)).findFirst().orElseThrow(() -> new UsageException(
                "DB " + database + ": no such module (have: " + String.join(", ", present.stream().map(Module::name).toList()) + ")"));
        Map<String, String> env = new ServerScript(project, module.serverScript(), System.err).client().env();
        List<String> common = withoutStepOptions(options);
        String runId = System.getenv("TSBENCH_RUN_ID");
        if (runId == null || runId.isBlank()) runId = database + "-" + step + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path results = Path.of("results", runId);
        Files.createDirectories(results);
        List<String> jar = List.of("java", "-jar", module.jar().toString());

        log(database + ": schema, once for all " + shards + " shards");
        if (run(CompareCommand.concat(jar, "schema", common, StepFlags.RESULTS, results.resolve("schema")), env, results.resolve("schema.log")).waitFor() != 0) {
            throw new UsageException("the schema step failed: " + StepSummary.firstError(results.resolve("schema.log"), 0) + " (log: " + results.resolve("schema.log") + ")");
        }
        log(database + ": " + shards + " shards of " + step + ", run " + runId);
        List<Process> running = new ArrayList<>();
        for (int i = 0; i < shards; i++) {
            // Local shards run JMH at the same time on purpose: JMH's one-run-per-machine lock is waived.
            running.add(run(CompareCommand.concat("java", "-Djmh.ignoreLock=true", "-jar", module.jar(), step, options, StepFlags.SHARD, i + "/" + shards,
                    StepFlags.RUN_ID, runId, StepFlags.RESULTS, results.resolve("shard-" + i)), env, results.resolve("shard-" + i + ".log")));
        }
        boolean failed = false;
        List<Path> shardDirs = new ArrayList<>();
        for (int i = 0; i < shards; i++) {
            Path dir = results.resolve("shard-" + i);
            shardDirs.add(dir);
            if (running.get(i).waitFor() == 0) {
                log("shard " + i + "/" + shards + " done" + StepSummary.of(step, manifest(dir)));
            } else {
                failed = true;
                log("shard " + i + "/" + shards + " FAILED: " + StepSummary.firstError(results.resolve("shard-" + i + ".log"), 0) + " (log: "
                        + results.resolve("shard-" + i + ".log") + ")");
            }
        }
        if (step.equals("load")) {
            Path log = results.resolve("verify.log");
            if (run(CompareCommand.concat(jar, "verify", common, StepFlags.RESULTS, results.resolve("verify")), env, log).waitFor() == 0) {
                log(Files.readAllLines(log).stream().filter(l -> l.startsWith("verified")).findFirst().orElse("verified"));
            } else {
                failed = true;
                log(StepSummary.firstError(log, 0) + " (log: " + log + ")");
            }
        }
        Process merge = new ProcessBuilder(CompareCommand.concat("java", "-jar", project.reportJar(), "--merge", shardDirs, "-o", results.resolve("merged")))
                .inheritIO().start();
        if (merge.waitFor() == 0) log("merged report: " + results.resolve("merged/report.md"));
        else {
            failed = true;
            log("the merge failed");
        }
        return failed ? OrchestratorMain.FAILED : OrchestratorMain.OK;
    }

    private static Process run(List<String> command, Map<String, String> env, Path log) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(env);
        return pb.start();
    }

    /** The step's options without those only load and write take (and their values). */
    static List<String> withoutStepOptions(List<String> options) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < options.size(); i++) {
            if (STEP_ONLY.contains(options.get(i))) i++;
            else out.add(options.get(i));
        }
        return out;
    }

    private Manifest manifest(Path dir) {
        try {
            return new RunFolder(dir).manifest(database).orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    private static void log(String line) {
        System.err.println("[" + LocalTime.now().format(DateTimeFormatter.ofPattern("HH:mm:ss")) + "] " + line);
    }
}
