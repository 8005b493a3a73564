package org.tsdbbench.common.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Callable;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.tsdbbench.common.bench.BenchSettings;
import org.tsdbbench.common.bench.AnswerCache;
import org.tsdbbench.common.bench.DataSetGuard;
import org.tsdbbench.common.bench.RunSettings;
import org.tsdbbench.common.bench.ServerProcesses;
import org.tsdbbench.common.data.DeviceDataSet;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.ServerFacts;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.workload.DataSet;
import org.tsdbbench.common.workload.Workload;
import org.tsdbbench.results.ConditionsRecord;
import org.tsdbbench.results.ConnectionRecord;
import org.tsdbbench.results.Manifest;
import org.tsdbbench.results.ServerRecord;
import org.tsdbbench.results.ShardRecord;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What every step does before its own work: validate the options (the module takes the workload,
 * the workload's data-set flags), check the data files and the results folder, reach the server,
 * and start the manifest with the facts of this run.
 */
abstract class Step implements Callable<Integer> {

    private final Database db;

    @Mixin
    final CommonOptions common;

    @Spec
    CommandSpec spec;

    protected BenchSettings settings;
    protected ResultsFolder results;
    /** What the server said of itself when the step began (version, driver, settings). */
    protected ServerFacts facts;

    /** A step of this module on this workload, whose data-set flags it takes. */
    Step(Database db, Workload workload) {
        this.db = db;
        this.common = new CommonOptions(workload);
    }

    protected Database db() {
        return db;
    }

    protected PrintWriter out() {
        return spec.commandLine().getOut();
    }

    /** The step's name in file names and the manifest. */
    protected abstract String stepName();

    protected abstract int execute() throws Exception;

    @Override
    public final Integer call() throws Exception {
        common.validate(db().descriptor());
        validate();
        settings = settings(common.settings(db().descriptor()));
        settings.dataSet().checkFiles();
        results = ResultsFolder.open(common.resultsDir(), db().name());
        // The data set's expected answers are kept in the results folder: every later step and JMH fork of the run reuses them.
        settings = settings.withAnswersDir(results.dir());
        try (Session s = db().open(settings.connection())) {
            facts = s.facts(settings.dataSet().workload());
        } catch (DatabaseException | IllegalArgumentException e) {
            // Before any work: a server that cannot be reached or a module setting it rejects is bad input.
            throw new UsageException(e.getMessage());
        }
        describeRun(facts);
        out().println("# " + db().displayName() + " " + facts.serverVersion() + " at " + settings.host() + ":" + settings.port()
                + "; data: " + settings.dataSet().describe() + "; results: " + results.dir());
        out().flush();
        return execute();
    }

    /** Whether the step measures speed, so the machine's state before it goes into the manifest (a second's wait). */
    protected boolean checksConditions() {
        return false;
    }

    /** Step-specific option checks. */
    protected void validate() throws UsageException {
    }

    /** Step-specific settings (e.g. the query file). */
    protected BenchSettings settings(BenchSettings base) {
        return base;
    }

    private void describeRun(ServerFacts facts) throws IOException, UsageException {
        Manifest.Builder m = results.manifest();
        m.database(db().displayName());
        String runId = common.runId();
        if (runId != null) m.runId(runId);
        else if (m.build().runId() == null) m.runId(java.util.UUID.randomUUID().toString());
        m.shard(new ShardRecord(settings.dataSet().shard().index(), settings.dataSet().shard().count()));
        m.connection(ConnectionRecord.of(settings.host(), settings.port(), settings.user(), settings.database(),
                settings.passwordFile() != null ? "from file " + settings.passwordFile() : "from environment variable " + settings.passwordEnv(),
                settings.options()));
        m.server(new ServerRecord(facts.serverVersion(), facts.driver(), facts.settings(), facts.schema()));
        m.workload(settings.dataSet().record());
        Integer serverCores = common.serverCores();
        String serverCpus = null;
        if (isLocal(settings.host())) {
            // What the local server may really use: a limit that did not take (a server started before it) shows here.
            List<Long> pids = ServerProcesses.listeningOn(settings.port());
            serverCpus = MachineFacts.serverCpus(pids).orElse(null);
            if (serverCpus != null) {
                for (String one : serverCpus.split(", ")) {
                    int allowed = MachineFacts.cpuCount(one.substring(0, one.indexOf(" (pid")));
                    if (serverCores != null && allowed > serverCores) {
                        out().println("# warning: --server-cores " + serverCores + ", but the server may run on CPUs " + one);
                    }
                }
            }
        }
        m.machine(MachineFacts.collect(serverCores, serverCpus));
        if (checksConditions()) {
            ConditionsRecord conditions = RunConditions.check(stepName(), results.dir());
            m.conditions(conditions);
            for (String w : conditions.warnings()) out().println("# warning: " + w);
        }
        results.saveManifest();
    }

    /** Whether the host is this machine (a loopback or one of its own addresses). */
    static boolean isLocal(String host) {
        try {
            InetAddress a = InetAddress.getByName(host);
            return a.isLoopbackAddress() || a.isAnyLocalAddress() || NetworkInterface.getByInetAddress(a) != null;
        } catch (IOException e) {
            return false;
        }
    }

    /** JMH options shared by the steps: run lengths and forks (the settings go with {@link #runBenchmarks}). */
    protected ChainedOptionsBuilder jmh() {
        ChainedOptionsBuilder b = new OptionsBuilder()
                .forks(common.forks)
                .warmupIterations(common.warmupIterations)
                .warmupTime(time("-w", common.warmupTime))
                .measurementIterations(common.iterations)
                .measurementTime(time("-r", common.time))
                .shouldFailOnError(false)
                .verbosity(VerboseMode.NORMAL);
        // JMH's own -prof and -jvmArgs, as a JMH user types them (checked in CommonOptions.validate).
        for (String p : common.profilers) {
            String[] nameAndOptions = p.split(":", 2);
            if (nameAndOptions.length > 1) b.addProfiler(nameAndOptions[0], nameAndOptions[1]);
            else b.addProfiler(nameAndOptions[0]);
        }
        if (common.jvmArgs != null && !common.jvmArgs.isBlank()) b.jvmArgs(common.jvmArgs.strip().split("\\s+"));
        return b;
    }

    /**
     * Runs JMH with these options, its benchmarks reading {@code forkSettings}: written to one file
     * that one property ({@link RunSettings#PROPERTY}) names, on the forks' command line; with
     * {@code -f 0} (the benchmarks run in this JVM) the property is set here for the length of the
     * run only. The file is removed afterwards.
     */
    protected Collection<RunResult> runBenchmarks(ChainedOptionsBuilder options, BenchSettings forkSettings) throws IOException, RunnerException {
        Path file = results.file("jmh-settings", "json").toAbsolutePath();
        forkSettings.writeTo(file);
        String before = System.getProperty(RunSettings.PROPERTY);
        try {
            if (common.forks == 0) System.setProperty(RunSettings.PROPERTY, file.toString());
            return new Runner(options.jvmArgsAppend("-D" + RunSettings.PROPERTY + "=" + file).build()).run();
        } finally {
            if (common.forks == 0) {
                if (before == null) System.clearProperty(RunSettings.PROPERTY);
                else System.setProperty(RunSettings.PROPERTY, before);
            }
            Files.deleteIfExists(file);
        }
    }

    /** One measurement iteration's time (-r) in milliseconds: the window a throughput is counted in. */
    protected final double windowMillis() {
        return time("-r", common.time).convertTo(java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    static TimeValue time(String flag, String value) {
        try {
            String v = value.strip();
            return TimeValue.fromString(v.chars().allMatch(Character::isDigit) ? v + "s" : v);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(flag + " " + value + ": not a time (e.g. 5s, 500ms)");
        }
    }

    /**
     * One JMH run whose JSON is appended to {@code <db>-<kind>.json} at once; a run that fails (in
     * this JVM JMH itself throws) is named in {@code failures} and gives no results.
     */
    protected Collection<RunResult> runJmh(String kind, ChainedOptionsBuilder options, BenchSettings forkSettings, String what,
                                           List<String> failures) throws IOException {
        Path json = results.file(kind + "-run", "json");
        Collection<RunResult> run;
        try {
            run = runBenchmarks(options.resultFormat(ResultFormatType.JSON).result(json.toString()), forkSettings);
            if (run.isEmpty()) failures.add(what + ": the benchmark failed (see the JMH output above)");
        } catch (RunnerException | RuntimeException e) {
            failures.add(what + ": the benchmark failed: " + DatabaseException.rootMessage(e));
            run = List.of();
        }
        results.appendJmhJson(kind, json);
        return run;
    }

    /** Makes sure the server holds exactly the data set ({@code expected} rows), loading it if not; false when the load failed. */
    protected boolean ensureDataSet(long expected, int loadClients) throws Exception {
        DataSet data = settings.dataSet();
        DataSetGuard.Fingerprint fingerprint = () -> AnswerCache.answers(data, settings.answersDir())
                .fingerprint(db().dialect(settings.connection()));
        return DataSetGuard.ensure(db(), settings.connection(), data.spec(), expected, fingerprint, line -> out().println(line),
                () -> LoadStep.load(this, Math.min(loadClients, settings.dataSet().maxClients()), 1000));
    }

    /** Prints a step's table, where its JMH JSON is and what failed; the exit code says whether anything did. */
    protected int finish(CharSequence table, String kind, java.util.List<String> failures) {
        out().println();
        out().print(table);
        out().println("# JMH JSON: " + results.file(kind, "json"));
        for (String f : failures) out().println("FAILED " + f);
        out().flush();
        return failures.isEmpty() ? BenchCli.OK : BenchCli.FAILED;
    }

    /**
     * The devices' data set of a step defined on the devices alone (range, volume, mixed): another
     * workload is bad input, named before any work.
     */
    protected static DeviceDataSet devicesOnly(DataSet data, String step) throws UsageException {
        try {
            return DevicesWorkload.dataSetOf(data, "the " + step + " step");
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** Opens a session to count or check; the server failing now (it answered at the start) is a failed run. */
    protected Session session() throws DatabaseException, IOException {
        return db().open(settings.connection());
    }
}
