package org.tsdbbench.common.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.tsdbbench.common.bench.PacedWriters;
import org.tsdbbench.common.bench.ServerProcesses;
import org.tsdbbench.common.bench.StallMeter;
import org.tsdbbench.common.bench.StoredRows;
import org.tsdbbench.common.bench.WriteOutcome;
import org.tsdbbench.common.bench.WriteStall;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DurabilitySetting;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.results.DurabilityRecord;
import org.tsdbbench.common.workload.BatchSource;
import org.tsdbbench.common.workload.Workload;
import org.tsdbbench.results.FaultRecord;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import org.tsdbbench.results.SuiteVersion;
import org.tsdbbench.results.StepFlags;

/**
 * The fault cell: clients write at a steady pace into an empty table and one process is killed
 * (SIGKILL) mid-write, then started again with its script. On a cluster a node dies, writing goes
 * on with the others, and every acknowledged row must be stored (at most the rows of failed
 * requests beyond them); how long writes stalled is measured by {@link StallMeter}. On a single
 * server ({@code --single-server}) nothing takes the writes: the script starts it at once, the rows
 * it kept are counted against the rows acknowledged before the kill (lost, extra), and a loss must
 * be one the server's own durability settings excuse ({@link Session#durability}). All of it goes
 * to the manifest's {@code fault} section.
 */
@Command(name = "fault", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = SuiteVersion.class,
        description = "A cluster node, or with --single-server the server, killed mid-write and started again:"
                + " every acknowledged row counted, how long writes stalled.")
final class FaultStep extends Step {

    /** How long the server may take to acknowledge a write or answer a count again after the kill. */
    static final Duration RECOVERY = Duration.ofSeconds(120);

    /** The process to kill: its pid, or the script's pid files to find it in. */
    static final class Victim {
        @Option(names = StepFlags.KILL_PID, paramLabel = "PID", required = true,
                description = "The process to kill (a cluster script's status names each node's).")
        Long pid;

        @Option(names = "--pid-files", paramLabel = "DIR", required = true,
                description = "Instead of --kill-pid: the folder where the server's script keeps its pid files; the process killed is the one"
                        + " of them listening on the port the step writes to, named after its pid file (taosd, tsd).")
        Path pidFiles;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Victim victim;

    @Option(names = StepFlags.NODE, paramLabel = "NAME", description = "The killed process's name in the record (default: its pid file's name, or pid <PID>).")
    String node;

    @Option(names = StepFlags.RESTART_SCRIPT, paramLabel = "FILE", required = true,
            description = "The server's script: 'bash FILE start' brings the killed process back (it starts only what is missing).")
    Path restartScript;

    @Option(names = "--single-server",
            description = "The killed process is (part of) the only server, not a node of a cluster: the script starts it again at once,"
                    + " the rows it kept are counted against those acknowledged before the kill, and a loss none of its durability"
                    + " settings excuses fails the cell. One writing client, so that lost and extra rows are told apart.")
    boolean singleServer;

    @Option(names = {StepFlags.WRITE_CLIENTS, StepFlags.WRITE_CLIENTS_KEBAB}, paramLabel = "N", description = "Writing clients (default: 2; --single-server: 1).")
    Integer writers;

    @Option(names = {StepFlags.ROWS_PER_REQUEST, StepFlags.ROWS_PER_REQUEST_KEBAB}, paramLabel = "N", description = "Rows in one request (default: ${DEFAULT-VALUE}).")
    int rowsPerRequest = 100;

    @Option(names = "--request-every", paramLabel = "TIME",
            description = "Each client sends a request this often at most: a steady feed whose gaps show a stall (default: ${DEFAULT-VALUE}).")
    String requestEvery = "40ms";

    @Option(names = "--steady", paramLabel = "TIME", description = "Writing before the kill, after the first acknowledgement that follows it, and after the first that follows the restart (default: ${DEFAULT-VALUE}).")
    String steady = "3s";

    FaultStep(Database db, Workload workload) {
        super(db, workload);
    }

    /** The process killed: its pid and its name in the record. */
    private record Target(long pid, String name) {
    }

    /** How the script's start went: its exit code and how long it took. */
    private record Restart(int exitCode, double seconds, long endedAt) {
    }

    @Override
    protected String stepName() {
        return "fault";
    }

    @Override
    protected void validate() throws UsageException {
        if (victim.pid != null && (victim.pid < 1 || ProcessHandle.of(victim.pid).map(p -> !p.isAlive()).orElse(true))) {
            throw new UsageException("--kill-pid " + victim.pid + ": no such running process");
        }
        if (victim.pidFiles != null && !Files.isDirectory(victim.pidFiles)) throw new UsageException("--pid-files " + victim.pidFiles + ": no such folder");
        if (!Files.isReadable(restartScript)) throw new UsageException("--restart-script " + restartScript + ": no such readable file");
        RowsPerRequestOption.check(rowsPerRequest);
        if (writers == null) writers = singleServer ? 1 : 2;
        int max = common.dataSet().maxClients();
        if (singleServer && writers != 1) {
            throw new UsageException(StepFlags.WRITE_CLIENTS + " " + writers + ": --single-server writes with one client, so that lost and extra rows are told apart");
        }
        // A single server's cell writes half the data set before the kill and the other half after it.
        if (singleServer && max < 2) throw new UsageException("--single-server needs a data set of at least 2 devices (or files): it has " + max);
        if (writers < 1 || writers > max) throw new UsageException(StepFlags.WRITE_CLIENTS + " " + writers + ": must be 1.." + max + " (each client owns whole devices or files)");
        try {
            if (time("--request-every", requestEvery).getTime() < 1) throw new UsageException("--request-every " + requestEvery + ": must be more than 0");
            if (time("--steady", steady).getTime() < 1) throw new UsageException("--steady " + steady + ": must be more than 0");
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    @Override
    protected int execute() throws Exception {
        Target target = target();
        try (Session s = session()) {
            settings.dataSet().spec().recreateSchema(s);
        }
        return singleServer ? serverKilled(target) : nodeKilled(target);
    }

    /** The process to kill: the one given, or the one of the script's pid files that listens on the step's port. */
    private Target target() throws IOException, UsageException {
        if (victim.pid != null) return new Target(victim.pid, node != null ? node : "pid " + victim.pid);
        List<Long> listening = ServerProcesses.listeningOn(settings.port());
        try (Stream<Path> files = Files.list(victim.pidFiles)) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".pid")).sorted().toList()) {
                String text = Files.readString(f).strip();
                if (!text.matches("[0-9]{1,18}") || !listening.contains(Long.parseLong(text))) continue;
                String name = f.getFileName().toString();
                return new Target(Long.parseLong(text), node != null ? node : name.substring(0, name.length() - ".pid".length()));
            }
        }
        throw new UsageException("--pid-files " + victim.pidFiles + ": none of its pid files names the process listening on port " + settings.port());
    }

    /** A cluster node killed: writing goes on with the others, the node is started again once writes are acknowledged again. */
    private int nodeKilled(Target target) throws Exception {
        long every = time("--request-every", requestEvery).convertTo(TimeUnit.NANOSECONDS);
        long steadyMillis = time("--steady", steady).convertTo(TimeUnit.MILLISECONDS);
        List<BatchSource> sources = new ArrayList<>();
        for (int w = 0; w < writers; w++) sources.add(settings.dataSet().client(w, writers, true));
        PacedWriters paced = new PacedWriters(db(), settings.connection(), sources, rowsPerRequest, every, RECOVERY, "fault-writer");
        WriteOutcome outcome = paced.outcome();
        String failure = null;
        Double restartSeconds = null;
        paced.start();
        long end;
        try {
            Thread.sleep(steadyMillis);
            if (outcome.rowsAcked() == 0) {
                failure = "nothing was acknowledged before the kill: " + firstProblem(paced);
            } else {
                paced.faultNow();
                kill(target);
                long ackedAtKill = outcome.rowsAcked();
                out().printf("# %s killed (SIGKILL) after %,d acknowledged rows%n", target.name(), ackedAtKill);
                out().flush();
                long deadline = System.nanoTime() + RECOVERY.toNanos();
                while (outcome.rowsAcked() == ackedAtKill && System.nanoTime() < deadline && paced.broken() == null) Thread.sleep(20);
                if (outcome.rowsAcked() == ackedAtKill) {
                    failure = "no write was acknowledged within " + RECOVERY.toSeconds() + " s of the kill: " + firstProblem(paced);
                }
                Thread.sleep(steadyMillis);
                Restart r = restart(target);
                restartSeconds = r.seconds();
                if (r.exitCode() != 0 && failure == null) failure = "bash " + restartScript + " start exited " + r.exitCode() + ": the killed node did not come back";
                paced.restarted();
                // A node that rejoins may take the cluster through another election: wait for writes as after the kill.
                long backBy = System.nanoTime() + RECOVERY.toNanos();
                while (paced.ackedAfterRestart() == 0 && System.nanoTime() < backBy && paced.broken() == null) Thread.sleep(20);
                if (failure == null && paced.ackedAfterRestart() == 0) {
                    failure = "nothing was acknowledged within " + RECOVERY.toSeconds() + " s of the node's restart: " + firstProblem(paced);
                }
                Thread.sleep(steadyMillis);
            }
        } finally {
            end = paced.stop();
        }
        failure = failure != null ? failure : writersFailure(paced);
        WriteStall stall = failure != null && outcome.rowsAcked() == 0 ? new WriteStall(Double.NaN, -1, Double.NaN, 0, 0) : stallOf(paced.meter(), end);
        long stored = countOnceAnswered(outcome.rowsAcked());
        if (failure == null && (stored < outcome.rowsExpectedStored() || stored > outcome.rowsSent())) {
            failure = "stored " + stored + " rows, acknowledged " + outcome.rowsAcked() + ", sent " + outcome.rowsSent();
        }
        results.manifest().fault(new FaultRecord(target.name(), writers, rowsPerRequest, outcome.rowsSent(), outcome.rowsAcked(), outcome.failedRequests(),
                stored, stall.stalledSeconds(), stall.firstAckAfterSeconds(), stall.normalGapSeconds(), stall.requestsAcked(), stall.requestsFailed(),
                restartSeconds, outcome.firstError(), failure, null));
        results.saveManifest();
        out().printf("%s: %s killed mid-write: %s; %,d rows acknowledged, %,d stored; %,d requests failed%n", db().displayName(), target.name(),
                stall.describe(), outcome.rowsAcked(), stored, outcome.failedRequests());
        return finish(failure);
    }

    /**
     * A single server killed: one writer until the kill, halted there (the request the kill cut is
     * answered, no other is sent), the script's start at once, the stored rows counted before any
     * other write (what the kill kept of the rows acknowledged before it), then a writer of the data
     * set's other half until writes are acknowledged again and for the steady time, and a last count
     * (every row acknowledged after the restart must be stored).
     */
    private int serverKilled(Target target) throws Exception {
        List<DurabilitySetting> durability;
        try (Session s = session()) {
            durability = s.durability();
        }
        long every = time("--request-every", requestEvery).convertTo(TimeUnit.NANOSECONDS);
        long steadyMillis = time("--steady", steady).convertTo(TimeUnit.MILLISECONDS);
        PacedWriters before = new PacedWriters(db(), settings.connection(), List.of(settings.dataSet().client(0, 2, true)), rowsPerRequest, every,
                RECOVERY, "fault-writer");
        WriteOutcome a = before.outcome();
        before.start();
        Thread.sleep(steadyMillis);
        if (a.rowsAcked() == 0) {
            before.stop();
            String failure = "nothing was acknowledged before the kill: " + firstProblem(before);
            results.manifest().fault(new FaultRecord(target.name(), 1, rowsPerRequest, a.rowsSent(), 0, a.failedRequests(), -1, Double.NaN, -1,
                    Double.NaN, 0, 0, null, a.firstError(), failure, null));
            results.saveManifest();
            return finish(failure);
        }
        before.faultNow();
        // Halted at the signal: the request under way gets its answer, no other is sent.
        long killedAt = kill(target, before::halt);
        long endBefore = before.halt();
        out().printf("# %s killed (SIGKILL) after %,d acknowledged rows%n", target.name(), a.rowsAcked());
        out().flush();
        Restart r = restart(target);
        before.stop();
        String failure = r.exitCode() != 0 ? "bash " + restartScript + " start exited " + r.exitCode() + ": the killed server did not come back" : null;
        failure = failure != null ? failure : writersFailure(before);
        long ackedBefore = a.rowsAcked();
        long sentBefore = a.rowsSent();
        long storedAfterRestart = countOnceAnswered(ackedBefore);

        PacedWriters after = new PacedWriters(db(), settings.connection(), List.of(settings.dataSet().client(1, 2, true)), rowsPerRequest, every,
                RECOVERY, "fault-writer-after-restart");
        WriteOutcome b = after.outcome();
        // The writer after the restart starts its own clock: the count before it is the step's pause, not the server's.
        after.faultNow();
        after.start();
        long deadline = System.nanoTime() + RECOVERY.toNanos();
        while (b.rowsAcked() == 0 && System.nanoTime() < deadline && after.broken() == null) Thread.sleep(20);
        if (b.rowsAcked() > 0) Thread.sleep(steadyMillis);
        long endAfter = after.stop();
        if (failure == null && b.rowsAcked() == 0) failure = "no write was acknowledged within " + RECOVERY.toSeconds() + " s of the restart: " + firstProblem(after);
        failure = failure != null ? failure : writersFailure(after);
        WriteStall resumed = stallOf(after.meter(), endAfter);
        double writableAfter = resumed.firstAckAfterSeconds() < 0 ? -1 : (r.endedAt() - killedAt) / 1e9 + resumed.firstAckAfterSeconds();
        long storedAtEnd = countOnceAnswered(Math.max(0, storedAfterRestart) + b.rowsAcked());

        long lost = storedAfterRestart < 0 ? 0 : Math.max(0, ackedBefore - storedAfterRestart);
        long extra = Math.max(0, storedAfterRestart - ackedBefore);
        List<String> excuses = durability.stream().filter(d -> d.explainsLossOf(target.name())).map(d -> d.name() + "=" + d.value()).toList();
        String lossExplainedBy = lost > 0 && !excuses.isEmpty() ? String.join(", ", excuses) : null;
        if (failure == null) failure = countFailure(storedAfterRestart, storedAtEnd, sentBefore, b);
        if (failure == null && lost > 0 && lossExplainedBy == null) {
            failure = String.format(Locale.ROOT, "%,d of %,d rows acknowledged before the kill are lost, and none of the server's settings excuses it (%s)",
                    lost, ackedBefore, durability.isEmpty() ? "it declares none" : String.join(", ", durability.stream().map(d -> d.name() + "=" + d.value()).toList()));
        }
        WriteStall beforeKill = stallOf(before.meter(), endBefore);
        List<DurabilityRecord.Setting> recorded = durability.stream()
                .map(d -> new DurabilityRecord.Setting(d.name(), d.value(), d.meaning(), d.losesOnKill(), d.process())).toList();
        DurabilityRecord kept = new DurabilityRecord(facts.settings().get("writePath"), sentBefore, ackedBefore, storedAfterRestart, lost, extra,
                writableAfter, recorded, lossExplainedBy);
        results.manifest().fault(new FaultRecord(target.name(), 1, rowsPerRequest, a.rowsSent() + b.rowsSent(), a.rowsAcked() + b.rowsAcked(),
                a.failedRequests() + b.failedRequests(), storedAtEnd, writableAfter, writableAfter, beforeKill.normalGapSeconds(), resumed.requestsAcked(),
                beforeKill.requestsFailed() + resumed.requestsFailed(), r.seconds(), a.firstError() != null ? a.firstError() : b.firstError(), failure, kept));
        results.saveManifest();
        out().printf(Locale.ROOT, "%s: %s killed mid-write: %,d rows acknowledged before the kill, %,d stored after the restart: %,d lost, %,d extra"
                        + " (%,d rows in requests that failed); writes acknowledged again %.2f s after the kill (the script's start took %.1f s)%s%n",
                db().displayName(), target.name(), ackedBefore, storedAfterRestart, lost, extra, sentBefore - ackedBefore, writableAfter, r.seconds(),
                lossExplainedBy == null ? "" : "; the loss is what " + lossExplainedBy + " allows");
        return finish(failure);
    }

    /**
     * What the counts of a single server's cell contradict, or null: more rows after the restart
     * than were sent before the kill, a count that never came, or rows acknowledged after the restart
     * missing (or more than were sent).
     */
    private static String countFailure(long storedAfterRestart, long storedAtEnd, long sentBefore, WriteOutcome after) {
        if (storedAfterRestart < 0) return "the server did not answer a count within " + RECOVERY.toSeconds() + " s of its restart";
        if (storedAfterRestart > sentBefore) {
            return "stored " + storedAfterRestart + " rows after the restart, more than the " + sentBefore + " sent before the kill";
        }
        long added = storedAtEnd - storedAfterRestart;
        if (storedAtEnd < 0 || added < after.rowsAcked() || added > after.rowsSent()) {
            return "after the restart " + after.rowsAcked() + " rows were acknowledged (" + after.rowsSent() + " sent), and the count went from "
                    + storedAfterRestart + " to " + storedAtEnd;
        }
        return null;
    }

    private int finish(String failure) {
        if (failure != null) out().println("FAILED fault: " + failure);
        out().flush();
        return failure == null ? BenchCli.OK : BenchCli.FAILED;
    }

    /** SIGKILL to the target; returns when it is gone (the time of the kill). */
    private static long kill(Target target) throws Exception {
        return kill(target, () -> { });
    }

    /**
     * SIGKILL to the target, {@code signalled} run as soon as the signal is sent (a process can take
     * a second to be gone, releasing its memory, while a client's requests fail); returns when it is
     * gone (the time of the kill).
     */
    private static long kill(Target target, Runnable signalled) throws Exception {
        ProcessHandle p = ProcessHandle.of(target.pid())
                .orElseThrow(() -> new DatabaseException(target.name() + " (pid " + target.pid() + ") is gone before the kill"));
        long at = System.nanoTime();
        p.destroyForcibly();
        signalled.run();
        p.onExit().get(30, TimeUnit.SECONDS);
        return at;
    }

    /** The script's start, its output to the step's (through a file: the server it starts in the background inherits it). */
    private Restart restart(Target target) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        Path log = Files.createTempFile("fault-restart", ".log");
        int rc;
        try {
            rc = new ProcessBuilder("bash", restartScript.toString(), "start").redirectErrorStream(true).redirectOutput(log.toFile()).start().waitFor();
            out().print(Files.readString(log));
        } finally {
            Files.deleteIfExists(log);
        }
        long end = System.nanoTime();
        double seconds = (end - t0) / 1e9;
        out().printf(Locale.ROOT, "# %s started again in %.1f s (exit %d)%n", target.name(), seconds, rc);
        out().flush();
        return new Restart(rc, seconds, end);
    }

    /** A writer that still hangs, or one that ended on an exception (not a failed request: those are counted); null when none. */
    private static String writersFailure(PacedWriters paced) {
        for (String t : paced.hanging()) return t + " still hangs " + RECOVERY.toSeconds() + " s after writing stopped";
        return paced.broken() == null ? null : "a client failed: " + DatabaseException.rootMessage(paced.broken());
    }

    private static WriteStall stallOf(StallMeter meter, long end) {
        try {
            return meter.result(end);
        } catch (IllegalStateException e) {
            // no fault was marked: nothing was acknowledged before it
            return new WriteStall(Double.NaN, -1, Double.NaN, 0, 0);
        }
    }

    private static String firstProblem(PacedWriters paced) {
        if (paced.outcome().firstError() != null) return paced.outcome().firstError();
        return paced.broken() == null ? "no error seen" : DatabaseException.rootMessage(paced.broken());
    }

    /** The stored count once the server answers again (it may first have to notice the node is back); -1 when it never did. */
    private long countOnceAnswered(long expected) throws InterruptedException {
        long deadline = System.nanoTime() + RECOVERY.toNanos();
        while (true) {
            try (Session s = session()) {
                return StoredRows.settled(db(), s, settings.dataSet().spec(), expected);
            } catch (DatabaseException | java.io.IOException e) {
                if (System.nanoTime() > deadline) {
                    out().println("# the server did not answer a count within " + RECOVERY.toSeconds() + " s: " + e.getMessage());
                    return -1;
                }
                Thread.sleep(1000);
            }
        }
    }
}
