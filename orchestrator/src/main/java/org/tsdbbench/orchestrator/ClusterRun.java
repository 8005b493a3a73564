package org.tsdbbench.orchestrator;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.tsdbbench.results.LoadRecord;
import org.tsdbbench.results.Manifest;
import org.tsdbbench.results.QueryRecord;
import org.tsdbbench.results.RunFolder;
import org.tsdbbench.results.RunRecord;
import org.tsdbbench.results.StepFlags;
import org.tsdbbench.results.VerifyRecord;

/**
 * compare's {@code --cluster} for one database: its single-node server stopped (the cluster takes
 * its ports; started again after), the three-node cluster of its cluster script started, and the
 * client settings the script gives (replication 3, the consistency that keeps acknowledged rows
 * countable with a node down). Then, with one shard client per node (three processes at once, as
 * three client machines would run them): the load, verified as the whole data set stored once;
 * the queries, each shard a query client over the whole data set; one write cell per R/R, one client
 * a shard; all merged by {@code report --merge} into {@code <run>/cluster/<db>/}. Last the fault
 * cell: the last node killed mid-write and started again, every acknowledged row counted and the
 * stall measured, in the same folder's manifest. Disk use is not measured on a cluster. Each
 * process's output goes to a log in that folder; the cluster is stopped at the end.
 */
final class ClusterRun {

    /** The nodes of every cluster script, and so the shards: one client per node. */
    static final int NODES = 3;

    /** A cluster's phases: disk use is not measured on a cluster; the shards' results are merged before the fault cell writes beside them. */
    private static final Set<Phase> PHASES = EnumSet.of(Phase.LOAD, Phase.VERIFY, Phase.QUERY, Phase.WRITE, Phase.MERGE, Phase.FAULT);

    private final Project project;
    private final List<String> java;
    private final Path runDir;
    private final PrintStream err;
    private final Consumer<String> log;
    private final List<Process> running = new ArrayList<>();
    private ServerScript startedCluster;
    private boolean aborted;

    ClusterRun(Project project, List<String> java, Path runDir, PrintStream err, Consumer<String> log) {
        this.project = project;
        this.java = java;
        this.runDir = runDir;
        this.err = err;
        this.log = log;
    }

    /** The folder of one database's cluster results. */
    Path dir(Module m) {
        return runDir.resolve("cluster").resolve(m.name());
    }

    /**
     * The cluster phase of one module with the run's data set ({@code dataset}: its flags without
     * -results), JMH flags for queries and writes, and the R/R of the write cells; the status it ends
     * with (also written to the folder's run.json).
     */
    RunRecord.DatabaseStatus run(Module m, List<String> dataset, List<String> generated, List<String> queryJmh, List<String> writeJmh,
                                 List<Integer> rowsPerRequest) throws IOException, InterruptedException {
        Path dir = dir(m);
        Files.createDirectories(dir);
        String name = m.name() + " cluster";
        ServerScript single = new ServerScript(project, m.serverScript(), err);
        ServerScript cluster = new ServerScript(project, m.clusterScript(), err);
        if (!cluster.exists()) return finish(m, "failed", "no cluster script scripts/servers/" + m.clusterScript() + ".sh");
        boolean singleWasRunning = single.exists() && single.running();
        List<String> failed = new ArrayList<>();
        try {
            if (singleWasRunning) {
                log.accept(name + ": stopping the single-node server (the cluster takes its ports; started again after)");
                single.stop();
            }
            if (!cluster.running()) {
                log.accept(name + ": starting scripts/servers/" + m.clusterScript() + ".sh");
                // Stopped at the end even when its start fails: the script may have started some of its nodes.
                synchronized (this) {
                    startedCluster = cluster;
                }
                ServerScript.Start start = cluster.start(null);
                if (!start.ok()) return finish(m, start.unavailable() ? "skipped" : "failed", "the cluster did not start: " + start.error());
            }
            List<ServerScript.Node> nodes = cluster.nodes();
            if (nodes.size() != NODES) return finish(m, "failed", "scripts/servers/" + m.clusterScript() + ".sh status lists " + nodes.size() + " nodes, not " + NODES);
            ServerScript.Client client;
            try {
                client = cluster.client();
            } catch (UsageException e) {
                return finish(m, "failed", e.getMessage());
            }
            String runId = runDir.getFileName() + "-" + m.name() + "-cluster";
            Steps steps = new Steps(m, dir, CompareCommand.concat(dataset, client.args()), client.env(), runId);

            ServerScript.Node victim = nodes.get(NODES - 1);
            boolean whole = Phase.runInOrder(PHASES, p -> switch (p) {
                case LOAD -> steps.once("schema", "schema")
                        && steps.sharded("load", StepFlags.WRITE_CLIENTS, "1", StepFlags.ROWS_PER_REQUEST, StepFlags.DEFAULT_ROWS_PER_REQUEST);
                case VERIFY -> record(steps.once("verify", "verify"), failed, "verify");
                // Every shard a query client over the whole data set the load stored.
                case QUERY -> {
                    boolean passed = steps.sharded("query", queryJmh);
                    if (!passed) failed.add("query" + wrongAnswers(m.name(), dir));
                    yield passed;
                }
                case WRITE -> {
                    boolean passed = true;
                    for (int r : rowsPerRequest) {
                        // A sharded write cell starts on the empty table the schema step makes, once for all shards.
                        passed &= record(steps.once("schema", "schema")
                                && steps.sharded("write", writeJmh, StepFlags.ROWS_PER_REQUEST, r, StepFlags.WRITE_CLIENTS, "1"), failed, "write " + r);
                    }
                    yield passed;
                }
                case MERGE -> {
                    List<String> shardDirs = new ArrayList<>();
                    for (int i = 0; i < NODES; i++) shardDirs.add(dir.resolve("shard-" + i).toString());
                    boolean merged = steps.run("merge", List.of(CompareCommand.concat(java, "-jar", project.reportJar(), "--merge", shardDirs, "-o", dir)),
                            Map.of(), List.of(dir.resolve("merge.log"))) == 0;
                    if (merged) withVerifiedCount(m.name(), dir);
                    yield record(merged, failed, "merge");
                }
                case FAULT -> record(steps.fault(victim, generated, CompareCommand.concat(client.args())), failed, "fault");
                default -> throw new IllegalStateException(p + ": not a phase of a cluster's run");
            }, p -> p == Phase.MERGE && isAborted(), () -> failed.add("load"));
            if (!whole) return finish(m, "failed", "interrupted");
        } finally {
            release();
            if (singleWasRunning) {
                log.accept(name + ": starting the single-node server again");
                if (!single.start(null).ok()) failed.add("restarting the single-node server");
            }
        }
        return finish(m, failed.isEmpty() ? "passed" : "failed", failed.isEmpty() ? null
                : "failed: " + String.join(", ", failed) + " (logs in " + dir + ")");
    }

    /** Whether a part passed; its name added to the failed ones when it did not. */
    private static boolean record(boolean passed, List<String> failed, String part) {
        if (!passed) failed.add(part);
        return passed;
    }

    /**
     * The merged load with the verify step's count: the shards cannot count their own rows in the
     * table they share, the verify step counted the whole data set once.
     */
    private static void withVerifiedCount(String db, Path dir) throws IOException {
        RunFolder merged = new RunFolder(dir);
        Manifest m = merged.manifest(db).orElse(null);
        VerifyRecord v = new RunFolder(dir.resolve("verify")).manifest(db).map(Manifest::verify).orElse(null);
        if (m == null || m.load() == null || v == null) return;
        LoadRecord l = m.load();
        merged.writeManifest(db, m.toBuilder().verify(v).load(new LoadRecord(l.shards(), l.clients(), l.rowsPerRequest(), l.rowsSent(),
                l.rowsAcknowledged(), v.rowsStored(), l.countError(), l.rowsExpected(), l.failedRequests(), l.firstError(), l.seconds(),
                l.rowsPerSecond(), l.verified() && v.verified(), l.metricsAcknowledged(), l.metricsPerSecond(), l.rowsSuperseded(), l.sharedKeys(),
                l.filesCheckedSeconds(), l.answersSeconds(), l.clientCpuSeconds()))
                .build());
    }

    /**
     * " (answers checked wrong: shard i: ...; ...)" from the query shards' manifests, or "" when no
     * shard recorded one. Each says itself what it was: "q4.sum.p80: wrong answer in 1 benchmark run:
     * minute ...: expected 51195, got 51197" (what the database returned) or "q4.avg.p100: query
     * failed: ..." (no answer), never only that the step failed.
     */
    static String wrongAnswers(String db, Path dir) throws IOException {
        List<String> wrong = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            Manifest m = new RunFolder(dir.resolve("shard-" + i)).manifest(db).orElse(null);
            if (m == null || m.query() == null || m.query().checked() == null) continue;
            for (QueryRecord.QueryCheck c : m.query().checked()) if (!c.correct()) wrong.add("shard " + i + ": " + c.problem());
        }
        return wrong.isEmpty() ? "" : " (answers checked wrong: " + String.join("; ", wrong) + ")";
    }

    /** Ends the running processes (the run was interrupted); the cluster is stopped by {@link #release}. */
    void abort() {
        List<Process> now;
        synchronized (this) {
            aborted = true;
            now = List.copyOf(running);
        }
        for (Process p : now) {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
        }
    }

    /** Stops the cluster this run started. */
    void release() throws IOException, InterruptedException {
        ServerScript s;
        synchronized (this) {
            s = startedCluster;
            startedCluster = null;
        }
        if (s != null) {
            log.accept("stopping scripts/servers/" + s.name() + ".sh");
            s.stop();
        }
    }

    private synchronized boolean isAborted() {
        return aborted;
    }

    private RunRecord.DatabaseStatus finish(Module m, String status, String reason) throws IOException {
        RunRecord.DatabaseStatus s = new RunRecord.DatabaseStatus(m.name(), status, reason);
        Files.createDirectories(dir(m));
        new RunFolder(dir(m)).writeRun(new RunRecord(runDir.getFileName() + "-" + m.name() + "-cluster", !isAborted(), null, NODES, List.of(s)));
        return s;
    }

    /** The steps of one database against its cluster: each a JVM of its jar with the data set and the cluster's flags. */
    private final class Steps {
        final Module module;
        final Path dir;
        final List<String> common;
        final Map<String, String> env;
        final String runId;

        Steps(Module module, Path dir, List<String> common, Map<String, String> env, String runId) {
            this.module = module;
            this.dir = dir;
            this.common = common;
            this.env = env;
            this.runId = runId;
        }

        /** One step once, for all shards (schema, verify), into {@code dir/<folder>}. */
        boolean once(String step, String folder) throws IOException, InterruptedException {
            return run(step, List.of(CompareCommand.concat(java, "-jar", module.jar(), step, common, StepFlags.RESULTS, dir.resolve(folder))), env,
                    List.of(dir.resolve(module.name() + ".log"))) == 0;
        }

        /** Shard i of {@value #NODES} for every i at once, each into {@code dir/shard-<i>}; whether all passed. */
        boolean sharded(String step, Object... args) throws IOException, InterruptedException {
            List<List<String>> commands = new ArrayList<>();
            List<Path> logs = new ArrayList<>();
            for (int i = 0; i < NODES; i++) {
                // The shards run JMH at the same time on purpose: JMH's one-run-per-machine lock is waived.
                commands.add(CompareCommand.concat(java, "-Djmh.ignoreLock=true", "-jar", module.jar(), step, common, args, StepFlags.SHARD, i + "/" + NODES,
                        StepFlags.RUN_ID, runId, StepFlags.RESULTS, dir.resolve("shard-" + i)));
                logs.add(dir.resolve("shard-" + i + ".log"));
            }
            return run(step + " x " + NODES + " shards", commands, env, logs) == 0;
        }

        /** The fault cell into the merged folder: the victim killed mid-write, started again by the cluster script. */
        boolean fault(ServerScript.Node victim, List<String> generated, List<String> conn) throws IOException, InterruptedException {
            List<String> command = CompareCommand.concat(java, "-jar", module.jar(), "fault", generated, conn, StepFlags.RESULTS, dir,
                    StepFlags.KILL_PID, victim.pid(), StepFlags.NODE, "node " + victim.index() + " (" + victim.address() + ")",
                    StepFlags.RESTART_SCRIPT, project.serverScript(module.clusterScript()));
            boolean passed = run("fault: node " + victim.index() + " killed mid-write", List.of(command), env, List.of(dir.resolve(module.name() + ".log"))) == 0;
            // The fault step, one process, wrote itself down as shard 0 of 1 in the merged manifest: a merge is no shard.
            RunFolder merged = new RunFolder(dir);
            Manifest m = merged.manifest(module.name()).orElse(null);
            if (m != null && m.merged() != null) merged.writeManifest(module.name(), m.toBuilder().shard(null).build());
            return passed;
        }

        /** Runs the commands at once, each appending to its log; 0 when every one exited 0, else the first other exit code. */
        int run(String what, List<List<String>> commands, Map<String, String> env, List<Path> logs) throws IOException, InterruptedException {
            if (isAborted()) return 130;
            log.accept(module.name() + " cluster: " + what);
            long t0 = System.nanoTime();
            List<Process> started = new ArrayList<>();
            for (int i = 0; i < commands.size(); i++) {
                ProcessBuilder pb = new ProcessBuilder(commands.get(i)).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(logs.get(i).toFile()));
                pb.environment().putAll(env);
                Process p = pb.start();
                started.add(p);
                synchronized (ClusterRun.this) {
                    running.add(p);
                }
            }
            int rc = 0;
            for (int i = 0; i < started.size(); i++) {
                int code = started.get(i).waitFor();
                synchronized (ClusterRun.this) {
                    running.remove(started.get(i));
                }
                if (code != 0) {
                    if (rc == 0) rc = code;
                    log.accept(module.name() + " cluster: " + what + (started.size() > 1 ? ", shard " + i : "") + " FAILED (exit " + code + "): "
                            + StepSummary.firstError(logs.get(i), 0) + " (log: " + logs.get(i) + ")");
                }
            }
            long s = (System.nanoTime() - t0) / 1_000_000_000L;
            if (rc == 0) log.accept(module.name() + " cluster: " + what + " done in " + s + " s" + summary(what));
            return rc;
        }

        private String summary(String what) {
            String step = what.split(" ")[0].replace(":", "");
            try {
                Path folder = step.equals("fault") || step.equals("merge") ? dir : dir.resolve("shard-0");
                Manifest m = new RunFolder(folder).manifest(module.name()).orElse(null);
                return step.equals("fault") ? faultText(m) : StepSummary.of(step, m) + (folder.equals(dir) || StepSummary.of(step, m).isEmpty() ? "" : " (shard 0)");
            } catch (IOException e) {
                return "";
            }
        }
    }

    /** The fault cell in one line, for the person watching. */
    static String faultText(Manifest m) {
        if (m == null || m.fault() == null) return "";
        var f = m.fault();
        return String.format(Locale.ROOT, ": writes stalled %.2f s; %,d rows acknowledged, %,d stored", f.stalledSeconds(), f.rowsAcknowledged(),
                f.rowsStored());
    }
}
