package org.tsdbbench.common.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.tsdbbench.common.bench.PacedWriters;
import org.tsdbbench.common.bench.StallMeter;
import org.tsdbbench.common.bench.StoredRows;
import org.tsdbbench.common.bench.WriteOutcome;
import org.tsdbbench.common.bench.WriteStall;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.workload.BatchSource;
import org.tsdbbench.common.workload.Workload;
import org.tsdbbench.results.FaultRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The fault cell of a cluster: clients write at a steady pace into an empty table, one node is
 * killed (SIGKILL to the pid given) mid-write, writing goes on with the others, the node is started
 * again with its cluster script, and at the end the stored rows are counted: every acknowledged row
 * must be stored (at most the rows of failed requests beyond them). How long writes stalled is
 * measured by {@link StallMeter}; all of it goes to the manifest's {@code fault} section.
 */
@Command(name = "fault", mixinStandardHelpOptions = true, sortOptions = false, version = "tsdb-bench 0.1.0",
        description = "A cluster node killed mid-write and started again: every acknowledged row counted, how long writes stalled.")
final class FaultStep extends Step {

    /** How long the cluster may take to acknowledge a write or answer a count again after the kill. */
    static final Duration RECOVERY = Duration.ofSeconds(120);

    @Option(names = "--kill-pid", paramLabel = "PID", required = true, description = "The process of the node to kill (the cluster script's status names it).")
    long killPid;

    @Option(names = "--node", paramLabel = "NAME", description = "The killed node's name in the record (default: pid <PID>).")
    String node;

    @Option(names = "--restart-script", paramLabel = "FILE", required = true,
            description = "The cluster's script: 'bash FILE start' brings the killed node back (it starts only what is missing).")
    Path restartScript;

    @Option(names = {"-writeClients", "--write-clients"}, paramLabel = "N", description = "Writing clients (default: ${DEFAULT-VALUE}).")
    int writers = 2;

    @Option(names = {"-rowsPerRequest", "--rows-per-request"}, paramLabel = "N", description = "Rows in one request (default: ${DEFAULT-VALUE}).")
    int rowsPerRequest = 100;

    @Option(names = "--request-every", paramLabel = "TIME",
            description = "Each client sends a request this often at most: a steady feed whose gaps show a stall (default: ${DEFAULT-VALUE}).")
    String requestEvery = "40ms";

    @Option(names = "--steady", paramLabel = "TIME", description = "Writing before the kill, after the first acknowledgement that follows it, and after the restart (default: ${DEFAULT-VALUE}).")
    String steady = "3s";

    FaultStep(Database db, Workload workload) {
        super(db, workload);
    }

    @Override
    protected String stepName() {
        return "fault";
    }

    @Override
    protected void validate() throws UsageException {
        if (killPid < 1 || ProcessHandle.of(killPid).map(p -> !p.isAlive()).orElse(true)) {
            throw new UsageException("--kill-pid " + killPid + ": no such running process");
        }
        if (!Files.isReadable(restartScript)) throw new UsageException("--restart-script " + restartScript + ": no such readable file");
        RowsPerRequestOption.check(rowsPerRequest);
        int max = common.dataSet().maxClients();
        if (writers < 1 || writers > max) throw new UsageException("-writeClients " + writers + ": must be 1.." + max + " (each client owns whole devices or files)");
        try {
            if (time("--request-every", requestEvery).getTime() < 1) throw new UsageException("--request-every " + requestEvery + ": must be more than 0");
            if (time("--steady", steady).getTime() < 1) throw new UsageException("--steady " + steady + ": must be more than 0");
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    @Override
    protected int execute() throws Exception {
        ConnectionOptions c = settings.connection();
        try (Session s = session()) {
            settings.dataSet().spec().recreateSchema(s);
        }
        long every = time("--request-every", requestEvery).convertTo(TimeUnit.NANOSECONDS);
        long steadyMillis = time("--steady", steady).convertTo(TimeUnit.MILLISECONDS);
        String name = node != null ? node : "pid " + killPid;
        List<BatchSource> sources = new ArrayList<>();
        for (int w = 0; w < writers; w++) sources.add(settings.dataSet().client(w, writers, true));
        PacedWriters paced = new PacedWriters(db(), c, sources, rowsPerRequest, every, RECOVERY, "fault-writer");
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
                ProcessHandle victim = ProcessHandle.of(killPid).orElseThrow(() -> new DatabaseException(name + " (pid " + killPid + ") is gone before the kill"));
                victim.destroyForcibly();
                victim.onExit().get(30, TimeUnit.SECONDS);
                long ackedAtKill = outcome.rowsAcked();
                out().printf("# %s killed (SIGKILL) after %,d acknowledged rows%n", name, ackedAtKill);
                out().flush();
                long deadline = System.nanoTime() + RECOVERY.toNanos();
                while (outcome.rowsAcked() == ackedAtKill && System.nanoTime() < deadline && paced.broken() == null) Thread.sleep(20);
                if (outcome.rowsAcked() == ackedAtKill) {
                    failure = "no write was acknowledged within " + RECOVERY.toSeconds() + " s of the kill: " + firstProblem(paced);
                }
                Thread.sleep(steadyMillis);
                long t0 = System.nanoTime();
                // To a file, not this JVM's output: the node it starts in the background inherits it (and would hold a pipe open).
                Path restartLog = Files.createTempFile("fault-restart", ".log");
                int rc;
                try {
                    rc = new ProcessBuilder("bash", restartScript.toString(), "start").redirectErrorStream(true)
                            .redirectOutput(restartLog.toFile()).start().waitFor();
                    out().print(Files.readString(restartLog));
                } finally {
                    Files.deleteIfExists(restartLog);
                }
                restartSeconds = (System.nanoTime() - t0) / 1e9;
                out().printf(Locale.ROOT, "# %s started again in %.1f s (exit %d)%n", name, restartSeconds, rc);
                out().flush();
                if (rc != 0 && failure == null) failure = "bash " + restartScript + " start exited " + rc + ": the killed node did not come back";
                paced.restarted();
                Thread.sleep(steadyMillis);
                if (failure == null && paced.ackedAfterRestart() == 0) failure = "nothing was acknowledged once the node was back: " + firstProblem(paced);
            }
        } finally {
            end = paced.stop();
        }
        for (String t : paced.hanging()) if (failure == null) failure = t + " still hangs " + RECOVERY.toSeconds() + " s after writing stopped";
        if (paced.broken() != null && failure == null) failure = "a client failed: " + DatabaseException.rootMessage(paced.broken());
        WriteStall stall = failure != null && outcome.rowsAcked() == 0 ? new WriteStall(Double.NaN, -1, Double.NaN, 0, 0) : stallOf(paced.meter(), end);
        long stored = countOnceAnswered(outcome.rowsAcked());
        if (failure == null && (stored < outcome.rowsAcked() || stored > outcome.rowsSent())) {
            failure = "stored " + stored + " rows, acknowledged " + outcome.rowsAcked() + ", sent " + outcome.rowsSent();
        }
        results.manifest().fault(new FaultRecord(name, writers, rowsPerRequest, outcome.rowsSent(), outcome.rowsAcked(), outcome.failedRequests(),
                stored, stall.stalledSeconds(), stall.firstAckAfterSeconds(), stall.normalGapSeconds(), stall.requestsAcked(), stall.requestsFailed(),
                restartSeconds, outcome.firstError(), failure));
        results.saveManifest();
        out().printf("%s: %s killed mid-write: %s; %,d rows acknowledged, %,d stored; %,d requests failed%n", db().displayName(), name,
                stall.describe(), outcome.rowsAcked(), stored, outcome.failedRequests());
        if (failure != null) out().println("FAILED fault: " + failure);
        out().flush();
        return failure == null ? BenchCli.OK : BenchCli.FAILED;
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

    /** The stored count once the cluster answers again (it may first have to notice the node is back); -1 when it never did. */
    private long countOnceAnswered(long expected) throws InterruptedException {
        long deadline = System.nanoTime() + RECOVERY.toNanos();
        while (true) {
            try (Session s = session()) {
                return StoredRows.settled(db(), s, settings.dataSet().spec(), expected);
            } catch (DatabaseException | java.io.IOException e) {
                if (System.nanoTime() > deadline) {
                    out().println("# the cluster did not answer a count within " + RECOVERY.toSeconds() + " s: " + e.getMessage());
                    return -1;
                }
                Thread.sleep(1000);
            }
        }
    }
}
