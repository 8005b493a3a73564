package org.tsdbbench.common.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tsdbbench.common.bench.Loader;
import org.tsdbbench.common.bench.ServerProcesses;
import org.tsdbbench.common.cli.BenchCli;
import org.tsdbbench.common.cli.BenchMain;
import org.tsdbbench.common.data.DeviceDataSet;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.results.DurabilityRecord;
import org.tsdbbench.results.FaultRecord;
import org.tsdbbench.results.RunFolder;
import org.tsdbbench.results.StepFlags;

/**
 * What a run does when its real server dies under it. Each test runs the module's CLI as a user
 * would (its own JVM, JMH forks included), kills the server process listening on the port
 * (SIGKILL) or restarts it with the project's own script, and checks that the step ends soon,
 * reports rows acknowledged against rows sent, keeps its results, exits non-zero and leaves no
 * process behind; and what a kill keeps: for each write path and process of
 * {@link #durabilityCases()}, the {@code fault --single-server} step kills the process mid-write
 * (the pid from its script's pid file), the script starts it again, and the rows acknowledged
 * before the kill are counted against those stored: a loss passes only when one of the server's
 * own settings ({@code Session.durability}) excuses it. A module gets all of it by extending this
 * class. The server is started again with the script after each test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ServerFaultContract {

    /** How long a step may take to notice a dead server and end: the 5 s give-up plus start-up and count timeouts. */
    private static final long END_WITHIN_SECONDS = 60;

    @TempDir
    Path tmp;

    /** The module's database; its CLI runs in its own JVM through the jars' one main, which finds it on the class path. */
    protected abstract Database db();

    /** The project's script for this server: scripts/servers/&lt;name&gt;.sh, as the module's descriptor names it. */
    protected String serverScript() {
        return db().descriptor().serverScript();
    }

    protected String host() {
        return DatabaseContract.env(db().descriptor().passwordEnv().replace("PASSWORD", "") + "HOST", "127.0.0.1");
    }

    protected int port() {
        return Integer.parseInt(DatabaseContract.env(db().descriptor().passwordEnv().replace("PASSWORD", "") + "PORT", String.valueOf(db().descriptor().defaultPort())));
    }

    /** The server under test; a module with settings of its own (a connection path) adds them here. */
    protected ConnectionOptions connection() {
        return new ConnectionOptions(host(), port(), db().descriptor().defaultUser(), db().descriptor().defaultDatabase(),
                ConnectionOptions.Secret.fromEnv(db().descriptor().passwordEnv()), Map.of());
    }

    /** The CLI arguments that reach the same server as {@link #connection()}. */
    protected List<String> cliConnectionArgs() {
        return List.of("-host", host(), "-port", String.valueOf(port()));
    }

    /**
     * Whether the module's client may ride out a server restart by itself (TDengine's native client
     * reconnects and re-sends a query while the server comes back): then a query step that saw every
     * answer right and exited 0 passes too, else the query in flight must be reported failed.
     */
    protected boolean clientRidesOutARestart() {
        return false;
    }

    /**
     * How long a step may take to notice the dead server and end. The default fits a server whose
     * requests fail at once; a module whose server answers each request late when its storage is
     * gone (a proxy in front of it) gives its reason and a longer bound.
     */
    protected long endWithinSeconds() {
        return END_WITHIN_SECONDS;
    }

    /** Why no server can be had on this machine (the skip message), or null: the tests then need the server. */
    protected String unavailableBecause() {
        return null;
    }

    /** The port of the process the tests kill: the one that stores the data (TDengine's taosd, not its REST adapter). */
    protected int serverPort() {
        return port();
    }

    /**
     * Before any fault the server has stored the workload's devices once, so every tag value and
     * name already has its id: OpenTSDB assigns one on a name's first write, and after a TSD was
     * killed right then, queries on that name failed (seen on a fresh HBase; opentsdb-bench/README.md).
     */
    @BeforeAll
    void serverKnowsTheWorkload() throws Exception {
        assumeTrue(unavailableBecause() == null, unavailableBecause());
        Loader.Result r = Loader.load(db(), connection(), DeviceDataSet.generated(DatabaseContract.SMALL), DatabaseContract.SMALL.totalRows(),
                2, 1000, n -> { });
        assertTrue(r.verified(), r.describe());
    }

    @AfterEach
    void serverRunsAgain() throws Exception {
        script("start");
    }

    /** How long the durability test writes before the kill and after the server takes writes again. */
    private static final String STEADY = "2s";

    /**
     * One kill of the durability test: a write path (module options added to the test's
     * connection) and the process killed, by the name of its script's pid file (null: the one
     * listening on {@link #serverPort()}).
     */
    public record DurabilityCase(String name, Map<String, String> options, String process) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** The write paths and processes the durability test kills, one kill each; by default the test's connection and the server's process. */
    protected List<DurabilityCase> durabilityCases() {
        return List.of(new DurabilityCase(db().displayName(), Map.of(), null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("durabilityCases")
    void serverKilledMidWriteKeepsWhatItsSettingsPromise(DurabilityCase c, @TempDir Path dir) throws Exception {
        Path state = stateDir();
        List<String> args = new ArrayList<>(List.of("fault", "--single-server", "-numOfDevices", String.valueOf(DatabaseContract.SMALL.numOfDevices()),
                "-rowsPerDevice", String.valueOf(DatabaseContract.SMALL.rowsPerDevice()), "-results", dir.toString(),
                "--restart-script", ServerScript.path(serverScript()).toString(), "--steady", STEADY));
        if (c.process() == null && serverPort() == port()) {
            // As the comparison run asks for it: the step finds the process among the script's pid files.
            args.addAll(List.of("--pid-files", state.toString()));
        } else {
            String process = c.process() != null ? c.process() : pidFileListeningOn(state, serverPort());
            args.addAll(List.of("--kill-pid", Files.readString(state.resolve(process + ".pid")).strip(), "--node", process));
        }
        args.addAll(cliConnectionArgs());
        c.options().forEach((k, v) -> args.addAll(List.of("--option", k + "=" + v)));
        CliCapture.Result r = CliCapture.run(db(), args);
        FaultRecord f = new RunFolder(dir).manifest(db().name()).orElseThrow(() -> new AssertionError("no manifest:\n" + r.output())).fault();
        assertTrue(f != null && f.singleServer(), "no single server's fault record:\n" + r.output());
        DurabilityRecord d = f.durability();
        System.out.printf(java.util.Locale.ROOT, "[durability] %s | %s killed | %,d acknowledged | %,d lost | %,d extra (%,d rows in failed requests) |"
                        + " writes again after %.2f s (script's start %.1f s) | %s%s%n", c.name(), f.node(), d.rowsAcknowledgedBeforeKill(), d.rowsLost(),
                d.rowsExtra(), d.rowsSentBeforeKill() - d.rowsAcknowledgedBeforeKill(), d.writableAfterSeconds(), f.restartSeconds(),
                String.join("; ", d.settings().stream().map(x -> x.name() + "=" + x.value() + (x.losesOnKill() ? " (may lose on a kill)" : "")).toList()),
                d.lossExplainedBy() == null ? "" : " | loss excused by " + d.lossExplainedBy());
        assertEquals(BenchCli.OK, r.exit(), r.output());
        assertEquals(null, f.failure(), f.toString());
        // The record's figures agree with each other: lost and extra are the two sides of the count after the restart.
        assertTrue(d.rowsAcknowledgedBeforeKill() > 0 && d.rowsStoredAfterRestart() >= 0, d.toString());
        assertEquals(Math.max(0, d.rowsAcknowledgedBeforeKill() - d.rowsStoredAfterRestart()), d.rowsLost(), d.toString());
        assertEquals(Math.max(0, d.rowsStoredAfterRestart() - d.rowsAcknowledgedBeforeKill()), d.rowsExtra(), d.toString());
        assertTrue(d.rowsStoredAfterRestart() <= d.rowsSentBeforeKill(), "more stored than sent: " + d);
        // Every row acknowledged after the restart is stored.
        assertTrue(f.rowsStored() - d.rowsStoredAfterRestart() >= f.rowsAcknowledged() - d.rowsAcknowledgedBeforeKill(), f.toString());
        // A loss stands only with a setting of this server under which the database documents it, for the process killed.
        if (d.rowsLost() > 0) {
            List<DurabilityRecord.Setting> excusing = d.settings().stream()
                    .filter(x -> x.losesOnKill() && (x.process() == null || x.process().equals(f.node()))).toList();
            assertFalse(excusing.isEmpty(), d.rowsLost() + " acknowledged rows lost, and no setting excuses it: " + d);
            assertTrue(d.lossExplainedBy() != null && d.lossExplainedBy().contains(excusing.get(0).name()), d.toString());
        } else {
            assertEquals(null, d.lossExplainedBy(), d.toString());
        }
        assertTrue(d.writableAfterSeconds() > 0 && d.writableAfterSeconds() < 120, "writes acknowledged again after " + d.writableAfterSeconds() + " s");
        assertEquals(0, ServerScript.call(serverScript(), "status").exit(), "the server runs again after the fault step");
    }

    /** Where the server's script keeps its pid files: $TSBENCH_STATE/&lt;script&gt;, else .servers/&lt;script&gt; of the project. */
    private Path stateDir() {
        String root = System.getenv("TSBENCH_STATE");
        Path project = ServerScript.path(serverScript()).getParent().getParent().getParent();
        return (root == null || root.isBlank() ? project.resolve(".servers") : Path.of(root)).resolve(serverScript());
    }

    /** The name of the pid file whose process listens on the port. */
    private static String pidFileListeningOn(Path state, int port) throws IOException {
        List<Long> listening = ServerProcesses.listeningOn(port);
        try (var files = Files.list(state)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".pid")).sorted().toList()) {
                String pid = Files.readString(f).strip();
                if (pid.matches("[0-9]+") && listening.contains(Long.parseLong(pid))) return f.getFileName().toString().replace(".pid", "");
            }
        }
        throw new AssertionError("no pid file in " + state + " names the process listening on port " + port + " (" + listening + ")");
    }

    @Test
    void serverKilledDuringTheWriteTest() throws Exception {
        Path results = tmp.resolve("write");
        Process run = start(results, "write", "-numOfDevices", "20", "-rowsPerDevice", "1000000", "-f", "1", "-wi", "0", "-i", "1",
                "-r", "120s", StepFlags.WRITE_CLIENTS, "2", StepFlags.ROWS_PER_REQUEST, "100");
        awaitRowsStored(run, results);
        long killedAt = killServer();
        int exit = awaitEnd(run, killedAt);
        String out = Files.readString(results.resolve("out.txt"));
        assertEquals(BenchCli.FAILED, exit, out);
        JsonNode cell = manifest(results).get("write").get(0);
        assertTrue(cell.get("failure").asText().contains("every request failed"), cell.toString());
        JsonNode verified = cell.get("verified");
        assertTrue(verified.get("rowsAcked").asLong() > 0, cell.toString());
        assertTrue(verified.get("rowsSent").asLong() > verified.get("rowsAcked").asLong(), cell.toString());
        assertTrue(verified.get("failedRequests").asLong() > 0, cell.toString());
        assertTrue(out.contains("FAILED"), out);
    }

    @Test
    void serverKilledDuringTheLoad() throws Exception {
        Path results = tmp.resolve("load");
        Process run = start(results, "load", "-numOfDevices", "100", "-rowsPerDevice", "100000", StepFlags.WRITE_CLIENTS, "2",
                StepFlags.ROWS_PER_REQUEST, "500");
        awaitRowsStored(run, results);
        long killedAt = killServer();
        int exit = awaitEnd(run, killedAt);
        String out = Files.readString(results.resolve("out.txt"));
        assertEquals(BenchCli.FAILED, exit, out);
        JsonNode load = manifest(results).get("load");
        assertFalse(load.get("verified").asBoolean(), load.toString());
        assertTrue(load.get("rowsAcknowledged").asLong() > 0, load.toString());
        assertTrue(load.get("rowsAcknowledged").asLong() < load.get("rowsExpected").asLong(), load.toString());
        assertTrue(load.get("failedRequests").asLong() > 0, load.toString());
        assertTrue(out.contains("LOAD FAILED"), out);
    }

    @Test
    void serverRestartedBetweenQueries() throws Exception {
        Path results = tmp.resolve("query");
        List<String> ids = List.of("q1.g0", "q2.count.p10", "q2.sum.p20", "q2.max.p30", "q2.min.p40", "q3.count.p50");
        Process run = start(results, "query", "-numOfDevices", "20", "-rowsPerDevice", "200", "-f", "0", "-wi", "0", "-i", "1",
                "-r", "2s", "-queries", String.join("|", ids).replace(".", "\\."));
        Path out = results.resolve("out.txt");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!Files.readString(out).contains("# query 2/" + ids.size())) {
            if (!run.isAlive() || System.nanoTime() > deadline) fail("the query step never reached its 2nd query:\n" + Files.readString(out));
            Thread.sleep(100);
        }
        script("stop");
        script("start");
        int exit = awaitEnd(run, System.nanoTime());
        String text = Files.readString(out);
        List<String> measured = new ArrayList<>();
        for (JsonNode r : new ObjectMapper().readTree(results.resolve(db().name() + "-query.json").toFile())) {
            measured.add(r.get("params").get("queryId").asText());
        }
        if (exit == BenchCli.OK && clientRidesOutARestart()) {
            // The client library waited for the server and carried on: every query answered, each answer checked.
            assertEquals(ids, measured, text);
            assertFalse(text.contains("wrong answer"), text);
            return;
        }
        // The query running while the server went away failed; the ones after it ran on a new connection.
        assertEquals(BenchCli.FAILED, exit, text);
        assertTrue(text.contains("FAILED q2.count.p10") || text.contains("FAILED q2.sum.p20"), text);
        assertTrue(measured.contains("q1.g0"), measured + "\n" + text);
        assertTrue(measured.containsAll(ids.subList(3, ids.size())), measured + " should hold the queries after the restart\n" + text);
        // Every invocation checks its answer: a query that answered wrong (OpenTSDB once did, right after
        // its restart) is reported failed and has no figure; none is measured with a wrong answer.
        Matcher wrong = Pattern.compile("wrong answer: (q[0-9a-z.]+):").matcher(text);
        while (wrong.find()) {
            assertFalse(measured.contains(wrong.group(1)), wrong.group(1) + " answered wrong but was measured\n" + text);
            assertTrue(text.contains("FAILED " + wrong.group(1) + ":"), wrong.group(1) + " answered wrong but is not reported\n" + text);
        }
    }

    /** Starts the CLI in its own JVM, output to results/out.txt, on an empty table (no rows of an earlier test). */
    private Process start(Path results, String... args) throws IOException, DatabaseException {
        Files.createDirectories(results);
        try (Session s = db().open(connection())) {
            DatabaseContract.SMALL.recreateSchema(s);
        }
        List<String> cmd = ChildJvm.command("-cp", System.getProperty("java.class.path"), BenchMain.class.getName());
        cmd.addAll(List.of(args));
        cmd.addAll(cliConnectionArgs());
        cmd.addAll(List.of("-results", results.toString()));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(results.resolve("out.txt").toFile()).start();
    }

    /** Waits until the server holds some of the step's rows, so the kill lands in the middle of writing. */
    private void awaitRowsStored(Process run, Path results) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (!run.isAlive()) {
                fail("the step ended before the server was killed (exit " + run.exitValue() + "):\n" + Files.readString(results.resolve("out.txt")));
            }
            try (Session s = db().open(connection())) {
                if (DatabaseContract.SMALL.countRows(s) > 1000) return;
            } catch (DatabaseException e) {
                // table not created yet
            }
            Thread.sleep(300);
        }
        fail("no rows reached the server within 120 s");
    }

    /** SIGKILL to every process listening on the server's port; returns when it happened. */
    private long killServer() throws Exception {
        List<Long> pids = ServerProcesses.listeningOn(serverPort());
        assertFalse(pids.isEmpty(), "no process listens on port " + serverPort());
        for (long pid : pids) ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        for (long pid : pids) ProcessHandle.of(pid).ifPresent(p -> p.onExit().join());
        return System.nanoTime();
    }

    /** The step must end soon after the fault, with no process of its own (JMH forks) left. */
    private int awaitEnd(Process run, long faultAt) throws Exception {
        List<ProcessHandle> children = run.descendants().toList();
        if (!run.waitFor(endWithinSeconds(), TimeUnit.SECONDS)) {
            run.descendants().forEach(ProcessHandle::destroyForcibly);
            run.destroyForcibly();
            fail("the step was still running " + endWithinSeconds() + " s after the fault");
        }
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - faultAt);
        for (ProcessHandle child : children) {
            child.onExit().get(10, TimeUnit.SECONDS);
            assertFalse(child.isAlive(), "process " + child.pid() + " outlived the step");
        }
        System.out.println(db().displayName() + ": the step ended " + seconds + " s after the fault, exit " + run.exitValue());
        return run.exitValue();
    }

    private static JsonNode manifest(Path results) throws IOException {
        try (var files = Files.list(results)) {
            Path m = files.filter(f -> f.getFileName().toString().endsWith("-manifest.json")).findFirst()
                    .orElseThrow(() -> new AssertionError("no manifest in " + results));
            return new ObjectMapper().readTree(m.toFile());
        }
    }

    /** Runs scripts/servers/&lt;name&gt;.sh with the action, found from the module's folder upwards. */
    private void script(String action) throws Exception {
        ServerScript.run(serverScript(), action);
    }
}
