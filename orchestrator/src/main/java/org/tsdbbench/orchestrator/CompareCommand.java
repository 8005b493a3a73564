package org.tsdbbench.orchestrator;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.tsdbbench.results.IntList;
import org.tsdbbench.results.Manifest;
import org.tsdbbench.results.Minutes;
import org.tsdbbench.results.RunFolder;
import org.tsdbbench.results.RunRecord;
import org.tsdbbench.results.StepFlags;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import org.tsdbbench.results.SuiteVersion;

/**
 * The comparison run (the README's main job): the data set generated once, then for each database
 * module present: its local server started if it is not running (and stopped again after), the
 * load with a verified count, disk use once settled, q1..q6 with every answer checked, the write
 * matrix with the server's resources sampled, and with {@code --further} the further tests; then
 * the report. With {@code --cluster}, then each database that has a three-node cluster script
 * again against its cluster with replication 3 ({@link ClusterRun}), results in
 * {@code <run>/cluster/<db>/}, which the report shows beside the single node's.
 * {@code --workload iot} runs TSBS's IoT trucks instead (each step with {@code --workload iot} and
 * the trucks' flags, the data set generated in each step from its seed or read from a TSBS file),
 * on the databases whose {@code describe} lists iot; {@code --workload all} runs the devices into
 * {@code <run>/devices/} then the trucks into {@code <run>/iot/}, each a run folder of its own
 * with its own report, as the report and {@code run.json} read one workload's folder.
 * {@code --workload cpu-only} runs TSBS's DevOps hosts the same way as the trucks; {@code all} runs it
 * third, into {@code <run>/cpu-only/}.
 * Each step is the database jar's own step in its own JVM, judged by its exit code;
 * one database failing does not stop the others. {@code run.json} says at every moment what is
 * done; SIGINT/SIGTERM keeps every result so far, stops the server the run started, marks the run
 * incomplete and still writes the report (exit 130/143).
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = SuiteVersion.class,
        description = "The comparison run: every database present, at a small default scale, on local servers it starts itself.")
final class CompareCommand implements Callable<Integer> {

    @Option(names = "--databases", paramLabel = "LIST", description = "Only these, comma-separated (default: every module present).")
    String databases;

    @Option(names = "--workload", paramLabel = "devices|iot|cpu-only|all",
            description = "devices: the 2018 reports' devices; iot: TSBS's IoT trucks; cpu-only: TSBS's DevOps hosts; each on the databases that"
                    + " take it; all: devices into <results>/devices, then iot and cpu-only into their folders (default: ${DEFAULT-VALUE}).")
    String workload = "devices";

    @Mixin
    IotOptions iot;

    @Mixin
    CpuOnlyOptions cpuOnly;

    @Mixin
    DevicesOptions devicesOptions;

    @Option(names = "--rows-per-request", paramLabel = "LIST", description = "The write matrix's R/R (default: " + DEFAULT_ROWS_PER_REQUEST + "; --matrix published: each database's).")
    String rowsPerRequest;

    @Option(names = "--clients", paramLabel = "LIST", description = "The write matrix's client counts (default: " + DEFAULT_CLIENTS + "; --matrix published: each database's).")
    String clients;

    @Option(names = "--matrix", paramLabel = "default|published",
            description = "published: each database's write matrix as the reports ran it; IoT: its cells as pairs, report D's batch x workers,"
                    + " report C's 12 x 10,000, 30 trucks by default (default: ${DEFAULT-VALUE}).")
    String matrix = "default";

    @Option(names = "--scale", paramLabel = "default|published|iot-1..iot-5",
            description = "published: 10,000 devices x 10,000 rows in 10 files; iot-1 .. iot-5: report C's IoT scenarios (with --workload iot or all)"
                    + " (default: ${DEFAULT-VALUE}: 100 devices x 1,000 rows; 20 trucks x 36 h).")
    String scale = "default";

    @Option(names = "--server-cores", paramLabel = "N", description = "The local servers run on CPUs 0..N-1 (taskset), recorded in every manifest.")
    Integer serverCores;

    @Option(names = "--client-heap", paramLabel = "SIZE", description = "-Xmx of every JVM of the run and its JMH forks (default: ${DEFAULT-VALUE}).")
    String clientHeap = "512m";

    @Option(names = "--time", paramLabel = "TIME", description = "Write test: time per JMH iteration (default: ${DEFAULT-VALUE}).")
    String time = "1s";

    // Two iterations gave 95% intervals up to +-443% (Student's t of 1 degree of freedom is 12.7): 20 of 24 write cells unstable.
    // Five (t 2.78) bring a cell whose iterations spread by under 8% of their mean within +-10%.
    @Option(names = "--iterations", paramLabel = "N", description = "Write test: JMH measurement iterations (default: ${DEFAULT-VALUE}).")
    int iterations = 5;

    @Option(names = "--forks", paramLabel = "N", description = "Write test: JMH forks (default: ${DEFAULT-VALUE}).")
    int forks = 1;

    @Option(names = "--query-time", paramLabel = "TIME", description = "Queries: time per JMH iteration (default: ${DEFAULT-VALUE}).")
    String queryTime = "100ms";

    @Option(names = "--query-forks", paramLabel = "N",
            description = "Queries: JMH forks; 0 runs them in the step's JVM, as 149 queries with a fork each would spend minutes starting JVMs (default: ${DEFAULT-VALUE}).")
    int queryForks = 0;

    @Option(names = StepFlags.QUERY_CLIENTS, paramLabel = "N",
            description = "Queries: clients running each query at once (the query step's --query-clients, TSBS's"
                    + " --workers; report C's runs: 8); above 1, queries/s beside the latency (default: ${DEFAULT-VALUE}).")
    int queryClients = 1;

    @Option(names = "--results", paramLabel = "DIR", description = "The run's folder (default: results/<date-time>).")
    Path results;

    @Option(names = "--further", description = "Also the further tests: concurrent range queries, mixed load, volume growth, fixed-rate writes.")
    boolean further;

    @Option(names = "--cluster",
            description = "Also run each database that has a cluster (Cassandra, TDengine) as three nodes with replication 3: sharded load, queries,"
                    + " a write cell per R/R with one client a node, and a node killed mid-write; results beside the single node's.")
    boolean cluster;

    @Option(names = "--rate", paramLabel = "ROWS_PER_S", description = "With --further: the fixed-rate test's rows/s (default: ${DEFAULT-VALUE}).")
    long rate = 10_000;

    @Option(names = "--stable-within", paramLabel = "PERCENT",
            description = "Repeat each write cell until its 95%% interval is within +-PERCENT, or --cell-budget is spent; 0: one run (default: ${DEFAULT-VALUE}).")
    double stableWithin = 10;

    // A cell's run takes about 8 s here (fork, warm-up, five 1 s iterations, the count): 20 s lets an unstable cell run once more.
    @Option(names = "--cell-budget", paramLabel = "TIME", description = "With --stable-within: the time one cell may take (default: ${DEFAULT-VALUE}).")
    String cellBudget = "20s";

    @Option(names = "--queries", paramLabel = "REGEX",
            description = "Only the query ids matching this (the query step's -queries), e.g. 'q1\\.g0|q2\\.avg\\.p100' for a long run at the published scale (default: all).")
    String queries;

    @Option(names = "--heartbeat", paramLabel = "SECONDS", hidden = true, description = "Seconds between progress lines (default: ${DEFAULT-VALUE}).")
    int heartbeatSeconds = 60;

    /** The write matrix of a run that does not say its own (and the IoT trucks', whose published matrix is not in the suite yet). */
    static final String DEFAULT_ROWS_PER_REQUEST = "100,1000";

    static final String DEFAULT_CLIENTS = "1,2";

    /** The query step's most clients at once (the steps' bound on clients). */
    static final int MAX_QUERY_CLIENTS = 1024;

    static final String DEVICES = DevicesRun.NAME;
    static final String IOT = IotRun.NAME;
    static final String CPU_ONLY = CpuOnlyRun.NAME;
    static final String ALL = "all";

    private final PrintStream err = System.err;
    private final Object lock = new Object();
    private StepRunner steps;
    private RunStatus status;
    private ServerScript startedServer;
    private final CorePinning pinning = new CorePinning();
    private boolean interrupted;
    private boolean finished;
    private Project project;
    private Path resultsDir;
    private ClusterRun clusterRun;

    @Override
    public Integer call() throws Exception {
        resolveScaleAndMatrix();
        validate();
        project = Project.find(Path.of(""));
        List<String> java = List.of("java", "-Xmx" + clientHeap);
        List<Module> present = Module.discover(project, java);
        boolean all = workload.equals(ALL);
        boolean devicesRun = all || workload.equals(DEVICES);
        boolean iotRun = all || workload.equals(IOT);
        boolean cpuOnlyRun = all || workload.equals(CPU_ONLY);
        List<Module> planned = devicesRun ? plan(present) : List.of();
        List<Module> clustered = cluster ? clusterModules(planned, present) : List.of();
        List<Module> plannedIot = iotRun ? planTaking(plan(present), IOT, databases != null && workload.equals(IOT)) : List.of();
        List<Module> plannedCpuOnly = cpuOnlyRun ? planTaking(plan(present), CPU_ONLY, databases != null && workload.equals(CPU_ONLY)) : List.of();
        Path root = results != null ? results : Path.of("results", LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        steps = new StepRunner(this::log, Duration.ofSeconds(heartbeatSeconds));
        Runtime.getRuntime().addShutdownHook(new Thread(this::onSignal, "compare-interrupted"));
        int rc = OrchestratorMain.OK;
        if (devicesRun) {
            Path dir = all ? root.resolve(DEVICES) : root;
            rc = run(devicesRun(java, dir), dir, java, planned, clustered);
            if (isInterrupted()) return 0;
        }
        if (iotRun) {
            int iot = run(iotRun(), all ? root.resolve(IOT) : root, java, plannedIot, List.of());
            if (isInterrupted()) return 0;
            if (iot != OrchestratorMain.OK) rc = iot;
        }
        if (cpuOnlyRun) {
            int hosts = run(cpuOnly.run(further, rowsPerRequest, clients), all ? root.resolve(CPU_ONLY) : root, java, plannedCpuOnly, List.of());
            if (isInterrupted()) return 0;
            if (hosts != OrchestratorMain.OK) rc = hosts;
        }
        synchronized (lock) {
            finished = true;
        }
        return rc;
    }

    /** One workload's run into its folder: its data set, each planned database, the clusters (the devices'), run.json and the report. */
    private int run(WorkloadRun wl, Path dir, List<String> java, List<Module> planned, List<Module> clustered) throws Exception {
        synchronized (lock) {
            resultsDir = dir;
        }
        createResults();
        RunStatus st0 = new RunStatus(resultsDir, resultsDir.getFileName().toString(), new RunRecord.Settings(wl.dataSetText(), matrix, serverCores,
                clientHeap), planned.stream().map(Module::name).toList());
        synchronized (lock) {
            status = st0;
        }
        status.save();

        Path data = resultsDir.resolve("data");
        wl.prepare(data, this::log);

        long runStart = System.nanoTime();
        int done = 0;
        for (int i = 0; i < planned.size(); i++) {
            if (isInterrupted()) return 0;
            Module m = planned.get(i);
            long soFar = seconds(runStart);
            int left = planned.size() - i - 1;
            String eta = done == 0 ? "" : "; about " + Minutes.text(soFar * (left + 1) / done) + " left in all";
            log("=== [" + (i + 1) + "/" + planned.size() + "] " + m.name() + " (" + left + " left after it; " + soFar + " s so far" + eta + ") ===");
            compare(m, java, data, wl);
            done++;
        }
        if (isInterrupted()) return 0;
        List<RunRecord.DatabaseStatus> clusterStatus = new ArrayList<>();
        if (!clustered.isEmpty()) {
            synchronized (lock) {
                clusterRun = new ClusterRun(project, java, resultsDir, err, this::log);
            }
            for (Module m : clustered) {
                if (isInterrupted()) return 0;
                String remote = System.getenv(m.name().toUpperCase(Locale.ROOT) + "_URL");
                if (remote != null && !remote.isBlank()) {
                    log(m.name() + " cluster: skipped (" + m.name().toUpperCase(Locale.ROOT) + "_URL points at a server elsewhere; the cluster is local)");
                    continue;
                }
                String skipped = status.entries().stream().filter(e -> e.name().equals(m.name()) && e.status().equals("skipped"))
                        .map(RunRecord.DatabaseStatus::reason).findFirst().orElse(null);
                if (skipped != null) {
                    log(m.name() + " cluster: skipped as its single node was (" + skipped + ")");
                    clusterStatus.add(new RunRecord.DatabaseStatus(m.name() + "-cluster", "skipped", skipped));
                    continue;
                }
                log("=== " + m.name() + " cluster: 3 nodes, replication 3 ===");
                long t0 = System.nanoTime();
                DevicesRun devicesRun = (DevicesRun) wl;
                RunRecord.DatabaseStatus st = clusterRun.run(m, devicesRun.dataSetFlags(data), devicesRun.shapeFlags(), queryJmh(), writeJmh(),
                        clusterRowsPerRequest(m));
                log(m.name() + " cluster: " + st.status() + " after " + seconds(t0) + " s" + (st.reason() == null ? "" : " (" + st.reason() + ")"));
                clusterStatus.add(new RunRecord.DatabaseStatus(m.name() + "-cluster", st.status(), st.reason()));
            }
        }
        if (isInterrupted()) return 0;
        status.complete();
        deleteData(data);
        report();
        StringBuilder summary = new StringBuilder();
        boolean failed = false;
        for (RunRecord.DatabaseStatus e : status.entries()) {
            summary.append(' ').append(e.name()).append('=').append(e.status());
            failed |= e.status().equals("failed");
        }
        for (RunRecord.DatabaseStatus e : clusterStatus) {
            summary.append(' ').append(e.name()).append('=').append(e.status());
            failed |= e.status().equals("failed");
        }
        log(wl.resultsLabel() + "results in " + resultsDir + " (report.md, report.html) after " + seconds(runStart) + " s:" + summary);
        return failed ? OrchestratorMain.FAILED : OrchestratorMain.OK;
    }

    /** One database: its server, its steps in order, its status. */
    private void compare(Module m, List<String> java, Path data, WorkloadRun wl) throws Exception {
        if (!m.takes(wl.name())) {
            String why = doesNotTake(m, wl.name());
            status.set(m.name(), "skipped", why);
            log(m.name() + ": skipped (" + why + ")");
            return;
        }
        String remote = System.getenv(m.name().toUpperCase(Locale.ROOT) + "_URL");
        ServerScript server = new ServerScript(project, m.serverScript(), err);
        status.set(m.name(), "running", "");
        List<String> conn = new ArrayList<>();
        Map<String, String> env = Map.of();
        List<String> cores = new ArrayList<>();
        if (remote != null && !remote.isBlank()) {
            int colon = remote.lastIndexOf(':');
            conn.addAll(colon > 0 ? List.of("-host", remote.substring(0, colon), "-port", remote.substring(colon + 1)) : List.of("-host", remote));
            if (serverCores != null) log(m.name() + ": --server-cores does not reach a remote server (" + m.name().toUpperCase(Locale.ROOT) + "_URL): its cores are not limited");
        } else {
            if (!server.exists()) {
                status.set(m.name(), "failed", "no server script scripts/servers/" + m.serverScript() + ".sh");
                return;
            }
            if (!server.running()) {
                ServerScript.Start start = server.start(serverCpus());
                if (start.unavailable()) {
                    status.set(m.name(), "skipped", start.error());
                    log(m.name() + ": skipped (" + start.error() + ")");
                    return;
                }
                if (!start.ok()) {
                    status.set(m.name(), "failed", "the server did not start (scripts/servers/" + m.serverScript() + ".sh start: " + start.error() + ")");
                    return;
                }
                synchronized (lock) {
                    startedServer = server;
                }
            } else if (serverCores != null) {
                pinning.pin(server.pids(), serverCpus());
                log(m.name() + ": the running server pinned to CPUs " + serverCpus() + " for this run (it sized its thread pools for every core when it started)");
            }
            ServerScript.Client client = server.client();
            env = client.env();
            conn.addAll(client.args());
            if (serverCores != null) cores.addAll(List.of(StepFlags.SERVER_CORES, String.valueOf(serverCores)));
        }
        List<String> base = concat(java, "-jar", m.jar().toString());
        Steps run = new Steps(m, base, concat(wl.dataSetFlags(data), StepFlags.RESULTS, resultsDir.toString()), conn, cores, env);
        List<String> jmh = writeJmh();
        List<String> qjmh = queryJmh();
        List<String> stable = new ArrayList<>();
        if (stableWithin > 0) stable.addAll(List.of(StepFlags.STABLE_WITHIN, String.valueOf(stableWithin), StepFlags.CELL_BUDGET, cellBudget));
        List<String> cells = wl.writeCells(m, this::log);
        Set<Phase> phases = wl.phases(further);
        Phase.runInOrder(phases, p -> switch (p) {
            case LOAD -> run.step("load", StepFlags.WRITE_CLIENTS, "2", StepFlags.ROWS_PER_REQUEST, StepFlags.DEFAULT_ROWS_PER_REQUEST);
            case DISK -> run.step("disk");
            case QUERY -> run.step("query", qjmh, queryStepFlags(queries, queryClients));
            case RANGE -> run.step("range", qjmh, StepFlags.RANGE_CLIENTS, "1,4", StepFlags.RESULT_ROWS, "5,100");
            case MIXED -> run.step("mixed", jmh, StepFlags.ROWS_PER_REQUEST, StepFlags.DEFAULT_ROWS_PER_REQUEST, StepFlags.RESULT_ROWS, "100");
            case WRITE -> {
                boolean passed = true;
                for (List<String> path : writePathRuns(m, wl.name())) {
                    passed &= run.step("write", jmh, cells, stable, path);
                }
                yield passed;
            }
            // Five blocks of 20 rows of every device; then the clients at a fixed rate for the write test's time, on the published path.
            case VOLUME -> run.step("volume", StepFlags.FORKS, String.valueOf(forks), wl.phaseFlags(p), StepFlags.ROWS_PER_REQUEST,
                    StepFlags.DEFAULT_ROWS_PER_REQUEST);
            case FIXED_RATE -> run.step("write", jmh, StepFlags.RATE, String.valueOf(rate), StepFlags.ROWS_PER_REQUEST, "100", StepFlags.WRITE_CLIENTS, "2",
                    m.publishedWritePath(wl.name()) == null ? List.of() : List.of(StepFlags.WRITE_PATH, m.publishedWritePath(wl.name())));
            default -> throw new IllegalStateException(p + ": not a phase of a single node's run");
        }, p -> isInterrupted(), () -> {
            if (!isInterrupted()) log(m.name() + ": the load failed, its disk and query tests are skipped");
        });
        if (isInterrupted()) return;
        printWriteTables(m);
        releaseServer();
        status.set(m.name(), run.failed.isEmpty() ? "passed" : "failed",
                run.failed.isEmpty() ? "" : "failed steps: " + String.join(", ", run.failed) + " (see " + m.name() + ".log)");
    }

    /**
     * The write step's runs: one per write path the module declares, the workload's published one
     * first (each its own matrix, its cells labelled with the path), or one when the module declares none.
     */
    static List<List<String>> writePathRuns(Module m, String workload) {
        if (m.writePaths().isEmpty()) return List.of(List.of());
        return m.writePaths(workload).stream().map(p -> List.of(StepFlags.WRITE_PATH, p)).toList();
    }

    /** A step as the log names it: "write (stmt)" for a write path's run. */
    static String label(String step, List<String> command) {
        int i = command.indexOf(StepFlags.WRITE_PATH);
        return i >= 0 && i + 1 < command.size() ? step + " (" + command.get(i + 1) + ")" : step;
    }

    /** The steps of one database, each a JVM of its jar with the data set, the server's flags and the step's own. */
    private final class Steps {
        final Module module;
        final List<String> base;
        final List<String> common;
        final Map<String, String> env;
        final List<String> failed = new ArrayList<>();

        Steps(Module module, List<String> base, List<String> dataset, List<String> conn, List<String> cores, Map<String, String> env) {
            this.module = module;
            this.base = base;
            this.common = concat(dataset, conn, cores);
            this.env = env;
        }

        /** Runs a step (its arguments: strings or lists of them); whether it passed. */
        boolean step(String name, Object... args) throws IOException, InterruptedException {
            if (isInterrupted()) return false;
            List<String> command = concat(base, name, common, args);
            String label = label(name, command);
            log(module.name() + ": " + label);
            Path logFile = resultsDir.resolve(module.name() + ".log");
            long from = Files.exists(logFile) ? Files.size(logFile) : 0;
            long t0 = System.nanoTime();
            int rc = steps.run(module.name(), command, env, logFile);
            if (isInterrupted()) return false;
            if (rc == 0) {
                log(module.name() + ": " + label + " done in " + seconds(t0) + " s" + StepSummary.of(name, manifest(module)));
                return true;
            }
            failed.add(label);
            log(module.name() + ": " + label + " FAILED after " + seconds(t0) + " s (exit " + rc + "): " + StepSummary.firstError(logFile, from)
                    + " (log: " + logFile + ")");
            return false;
        }
    }

    private Manifest manifest(Module m) {
        try {
            return new RunFolder(resultsDir).manifest(m.name()).orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    /** The write tables the database's write step printed, for the person watching (its log holds them whole). */
    private void printWriteTables(Module m) throws IOException {
        Path logFile = resultsDir.resolve(m.name() + ".log");
        if (!Files.exists(logFile)) return;
        List<String> lines = Files.readAllLines(logFile);
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).contains("rows written per second")) continue;
            for (int j = i; j < Math.min(lines.size(), i + 5); j++) err.println("    " + lines.get(j));
        }
    }

    /** Stops the server this run started and gives a pinned one its CPUs back. */
    private void releaseServer() throws IOException, InterruptedException {
        ServerScript s;
        synchronized (lock) {
            s = startedServer;
            startedServer = null;
        }
        pinning.unpin();
        if (s != null) s.stop();
    }

    /** SIGINT/SIGTERM: results so far kept, the step ended, the server the run started stopped, the report written. */
    private void onSignal() {
        synchronized (lock) {
            if (finished || status == null) return;
            interrupted = true;
        }
        try {
            log("interrupted: keeping the results so far in " + resultsDir);
            steps.abort();
            ClusterRun c;
            synchronized (lock) {
                c = clusterRun;
            }
            if (c != null) {
                c.abort();
                c.release();
            }
            status.interrupted();
            releaseServer();
            report();
        } catch (Exception e) {
            err.println("error: while stopping: " + e.getMessage());
        }
    }

    private boolean isInterrupted() {
        synchronized (lock) {
            return interrupted;
        }
    }

    private void report() throws IOException, InterruptedException {
        if (runQuietly(List.of("java", "-Xmx" + clientHeap, "-jar", project.reportJar().toString(), resultsDir.toString())) != 0) {
            log("the report could not be built (see above)");
        }
    }

    private int runQuietly(List<String> command) throws IOException, InterruptedException {
        return new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.INHERIT).redirectError(ProcessBuilder.Redirect.INHERIT).start().waitFor();
    }

    void resolveScaleAndMatrix() throws UsageException {
        if (!List.of(DEVICES, IOT, CPU_ONLY, ALL).contains(workload)) {
            throw new UsageException("--workload " + workload + ": devices, iot, cpu-only or all");
        }
        boolean iotScale = scale.matches("iot-[1-5]");
        if (iotScale && workload.equals(DEVICES)) throw new UsageException("--scale " + scale + ": an IoT scenario of report C, for --workload iot or all");
        if (workload.equals(CPU_ONLY) && !scale.equals("default")) {
            throw new UsageException("--scale " + scale + ": the devices' or the IoT trucks' data set; cpu-only's is --hosts or --cpu-only-file");
        }
        if (workload.equals(CPU_ONLY) && matrix.equals("published")) {
            throw new UsageException("--matrix published: no report published cpu-only write cells; give --rows-per-request and --clients");
        }
        if (scale.equals("published") && workload.equals(IOT)) {
            throw new UsageException("--scale published: the devices' data set; the IoT trucks' are iot-1 .. iot-5");
        }
        if (workload.equals(DEVICES) || workload.equals(CPU_ONLY)) iot.refuseGiven();
        if (!workload.equals(CPU_ONLY) && !workload.equals(ALL)) cpuOnly.refuseGiven();
        cpuOnly.check();
        if (workload.equals(IOT) || workload.equals(CPU_ONLY)) {
            devicesOptions.refuseGiven();
            if (cluster) throw new UsageException("--cluster: the clusters run the devices' workload (--workload devices or all)");
        }
        iot.check(scale, iotScale, matrix.equals("published") && !workload.equals(DEVICES));
        devicesOptions.resolveScale(iotScale ? "default" : scale);
        switch (matrix) {
            case "default" -> {
                if (rowsPerRequest == null) rowsPerRequest = DEFAULT_ROWS_PER_REQUEST;
                if (clients == null) clients = DEFAULT_CLIENTS;
                devicesOptions.resolveMatrix(false);
            }
            case "published" -> devicesOptions.resolveMatrix(true);
            default -> throw new UsageException("--matrix " + matrix + ": default or published");
        }
    }

    private void validate() throws UsageException {
        devicesOptions.validate(cluster);
        if (iterations < 1) throw new UsageException("--iterations " + iterations + ": must be at least 1");
        if (forks < 0) throw new UsageException("--forks " + forks + ": must be 0 or more");
        if (queryForks < 0) throw new UsageException("--query-forks " + queryForks + ": must be 0 or more");
        if (queryClients < 1 || queryClients > MAX_QUERY_CLIENTS) {
            throw new UsageException(StepFlags.QUERY_CLIENTS + " " + queryClients + ": must be 1.."
                    + MAX_QUERY_CLIENTS);
        }
        if (rate < 1) throw new UsageException("--rate " + rate + ": must be at least 1 row/s");
        if (stableWithin < 0 || stableWithin >= 100) throw new UsageException("--stable-within " + stableWithin + ": a percent of the mean, 0 (one run) to under 100");
        if (queries != null) {
            try {
                java.util.regex.Pattern.compile(queries);
            } catch (java.util.regex.PatternSyntaxException e) {
                throw new UsageException("--queries " + queries + ": not a regular expression (" + e.getDescription() + ")");
            }
        }
        if (!clientHeap.matches("[0-9]+[kKmMgG]")) throw new UsageException("--client-heap " + clientHeap + ": a size such as 512m or 2g");
        if (cluster && rowsPerRequest != null) numbers("--rows-per-request", rowsPerRequest);
        if (cluster && serverCores != null) {
            throw new UsageException("--cluster with --server-cores " + serverCores + ": the cluster's nodes are not pinned to cores; leave one of them out");
        }
        if (serverCores != null) {
            int cpus = Runtime.getRuntime().availableProcessors();
            if (serverCores < 1) throw new UsageException("--server-cores " + serverCores + ": a whole number, at least 1");
            if (serverCores > cpus) throw new UsageException("--server-cores " + serverCores + ": this machine has " + cpus + " cores");
        }
    }

    /**
     * The modules of the run that have a cluster script; none is an error naming those that have one.
     */
    static List<Module> clusterModules(List<Module> planned, List<Module> present) throws UsageException {
        List<Module> with = planned.stream().filter(m -> m.clusterScript() != null && !m.clusterScript().isBlank()).toList();
        if (with.isEmpty()) {
            List<String> have = present.stream().filter(m -> m.clusterScript() != null && !m.clusterScript().isBlank()).map(Module::name).toList();
            throw new UsageException("--cluster: none of " + String.join(", ", planned.stream().map(Module::name).toList()) + " has a cluster"
                    + " (the modules with one: " + (have.isEmpty() ? "none" : String.join(", ", have)) + ")");
        }
        return with;
    }

    /** The JMH flags of the write steps: the forks, iterations and time asked, one warm-up iteration. */
    private List<String> writeJmh() {
        return List.of(StepFlags.FORKS, String.valueOf(forks), StepFlags.WARMUP_ITERATIONS, "1", StepFlags.WARMUP_TIME, time,
                StepFlags.ITERATIONS, String.valueOf(iterations), StepFlags.TIME, time);
    }

    /** The JMH flags of the query steps: the query forks and time asked, one warm-up and three measured iterations. */
    /** The query step's own flags: the ids to run (null: all), the clients at once (left out at 1, the step's default). */
    static List<String> queryStepFlags(String queries, int queryClients) {
        List<String> flags = new ArrayList<>();
        if (queries != null) flags.addAll(List.of(StepFlags.QUERIES, queries));
        if (queryClients != 1) flags.addAll(List.of(StepFlags.QUERY_CLIENTS, String.valueOf(queryClients)));
        return flags;
    }

    private List<String> queryJmh() {
        return List.of(StepFlags.FORKS, String.valueOf(queryForks), StepFlags.WARMUP_ITERATIONS, "1", StepFlags.WARMUP_TIME, queryTime,
                StepFlags.ITERATIONS, "3", StepFlags.TIME, queryTime);
    }

    /** The cluster's write cells: the R/R of the matrix (the published one's with --matrix published), one client a node. */
    private List<Integer> clusterRowsPerRequest(Module m) throws UsageException {
        String rpr = rowsPerRequest;
        if (rpr == null) rpr = m.publishedRowsPerRequest() != null ? m.publishedRowsPerRequest() : DEFAULT_ROWS_PER_REQUEST;
        return numbers("--rows-per-request", rpr);
    }

    /** A list such as 100,1000 or 1-3,10 as its numbers (the steps' own syntax); anything else is an error naming the flag. */
    static List<Integer> numbers(String flag, String list) throws UsageException {
        try {
            IntList numbers = IntList.parse(list);
            if (numbers.min() >= 1) return numbers.values();
        } catch (IllegalArgumentException e) {
            // said below, as the flag's error
        }
        throw new UsageException(flag + " " + list + ": a list of whole numbers of at least 1, such as 100,1000 or 1-7");
    }

    /**
     * A TSBS workload's modules: those of the plan, each that does not take the workload skipped when the
     * run comes to it (as a database that is not installed), or, when --databases named it for
     * {@code --workload <wl>}, an error naming it before anything runs.
     */
    static List<Module> planTaking(List<Module> planned, String wl, boolean named) throws UsageException {
        if (named) {
            for (Module m : planned) if (!m.takes(wl)) throw new UsageException("--workload " + wl + " --databases: " + doesNotTake(m, wl));
        }
        return planned;
    }

    /** "MySQL does not take the iot workload (it takes devices)", as the module's own step says it. */
    static String doesNotTake(Module m, String wl) {
        String name = m.displayName() == null || m.displayName().isBlank() ? m.name() : m.displayName();
        return name + " does not take the " + wl + " workload (it takes " + String.join(", ", m.workloads()) + ")";
    }

    /** The devices' part of the run, into {@code dir}. */
    private DevicesRun devicesRun(List<String> java, Path dir) {
        return devicesOptions.run(scale, matrix, rowsPerRequest, clients, project.generatorJar(), java, dir);
    }

    /** The trucks' part of the run. */
    IotRun iotRun() {
        return iot.run(scale, further, matrix, rowsPerRequest, clients);
    }

    /** The IoT steps' workload and data-set flags (the trucks' part of the run). */
    List<String> iotDataSet() {
        return iotRun().dataSetFlags(null);
    }

    /** The modules of --databases, in the order found; a name no module has is an error naming the ones there are. */
    private List<Module> plan(List<Module> present) throws UsageException {
        if (databases == null || databases.isBlank()) return present;
        List<String> wanted = Stream.of(databases.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        String have = String.join(", ", present.stream().map(Module::name).toList());
        for (String w : wanted) {
            if (present.stream().noneMatch(m -> m.name().equals(w))) throw new UsageException("--databases " + databases + ": no module " + w + " (have: " + have + ")");
        }
        return present.stream().filter(m -> wanted.contains(m.name())).toList();
    }

    private void createResults() throws UsageException {
        try {
            Files.createDirectories(resultsDir);
            Files.delete(Files.createTempFile(resultsDir, ".probe", ".tmp"));
        } catch (IOException e) {
            throw new UsageException("results folder " + resultsDir + " cannot be written: " + e.getMessage());
        }
    }

    /** The data files and the answers cached for them go at the end: the cache is keyed by the files just removed. */
    private void deleteData(Path data) throws IOException {
        if (Files.isDirectory(data)) {
            try (Stream<Path> all = Files.walk(data)) {
                for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
            }
        }
        try (Stream<Path> cached = Files.list(resultsDir)) {
            for (Path p : cached.filter(p -> p.getFileName().toString().matches("expected-answers-.*\\.bin")).toList()) Files.delete(p);
        }
    }

    private String serverCpus() {
        return serverCores == null ? null : "0-" + (serverCores - 1);
    }

    private void log(String line) {
        err.println("[" + LocalTime.now().format(DateTimeFormatter.ofPattern("HH:mm:ss")) + "] " + line);
    }

    private static long seconds(long fromNanos) {
        return (System.nanoTime() - fromNanos) / 1_000_000_000L;
    }

    /** Strings, numbers, paths and lists of them, flattened into one command line. */
    static List<String> concat(Object... parts) {
        List<String> out = new ArrayList<>();
        for (Object p : parts) {
            if (p instanceof List<?> list) list.forEach(x -> out.addAll(concat(x)));
            else if (p instanceof Object[] array) out.addAll(concat(array));
            else out.add(String.valueOf(p));
        }
        return out;
    }
}
