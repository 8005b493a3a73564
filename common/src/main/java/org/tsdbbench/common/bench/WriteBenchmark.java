package org.tsdbbench.common.bench;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Control;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.infra.ThreadParams;
import org.openjdk.jmh.runner.IterationType;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.ModuleOption;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.workload.Batch;
import org.tsdbbench.common.workload.BatchSource;
import org.tsdbbench.results.TrialRecord;
import org.tsdbbench.results.StepFlags;

/**
 * The write test: each JMH thread is one client with its own connection and its own devices; one
 * invocation sends one request of {@code rowsPerRequest} rows. Operations per invocation equal the
 * rows per request (the CLI sets it per cell), so the score reads as rows/s; the auxiliary counter
 * {@code rowsAcked} counts only what the database acknowledged, and {@code failedRequests} what it
 * refused. At the end of the trial the stored row count must equal the rows acknowledged.
 *
 * <p>With {@code targetRowsPerSecond} above 0 it is the fixed-rate test: each client sends its
 * requests on a schedule that adds up to the target (a real IoT feed does not wait for the
 * database), and a request's latency is measured from when it should have started, so a database
 * that falls behind shows the backlog in its latency instead of hiding it (no coordinated omission).
 *
 * <p>One class for every database: the database and the settings come from {@link RunSettings}.
 * From an IDE it runs as it is against the local server of the module on the class path; keep
 * {@code @OperationsPerInvocation} equal to the chosen {@code rowsPerRequest} (the CLI does this
 * for you).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Threads(1)
@Warmup(iterations = 1, time = 5)
@Measurement(iterations = 3, time = 5)
public class WriteBenchmark {

    /** The seconds a trial's per-second series can hold: a day. */
    static final int SERIES_SECONDS = 86_400;

    @Param(StepFlags.DEFAULT_ROWS_PER_REQUEST_PARAM)
    public int rowsPerRequest;

    /** Rows/s of all clients together on a fixed schedule; 0: as fast as the database takes them. */
    @Param("0")
    public long targetRowsPerSecond;

    /** Bytes of requests all clients together build ahead with {@code --option prebuild=true}, per iteration (the client's heap is 512 MB). */
    static final long PREBUILD_BYTES = 192L << 20;

    private BenchSettings settings;
    private Database db;
    private WriteClient client;
    private BatchSource rows;
    /** With {@code --option prebuild=true}: requests built before the iteration, sent in order; null otherwise. */
    private ArrayDeque<Ahead> prebuilt;
    private long prebuiltCount;
    private long builtWhileMeasured;
    private boolean measuring;
    private Histogram latency;
    private BenchmarkParams params;
    /** Fixed rate: nanoseconds between this client's requests, and when its next one is due (0: not started). */
    private long intervalNanos;
    private long nextDueNanos;
    private long firstDueOffsetNanos;

    /** State shared by the threads of one trial: the table is created once, outcomes are summed. */
    @State(Scope.Benchmark)
    public static class Trial {
        final WriteOutcome outcome = new WriteOutcome();
        final AtomicBoolean abandoned = new AtomicBoolean();
        final AtomicLong measuredAcked = new AtomicLong();
        final AtomicLong measuredFromMs = new AtomicLong();
        final AtomicLong measuredToMs = new AtomicLong();
        /** Where the measured seconds count from (System.nanoTime of the first measured iteration's start; 0: not yet). */
        final AtomicLong measuredFromNanos = new AtomicLong();
        /** Rows acknowledged in each second of the measured window (a day's seconds at most: 700 KB). */
        final AtomicLongArray ackedEachSecond = new AtomicLongArray(SERIES_SECONDS);
        final AtomicInteger finished = new AtomicInteger();
        final Histogram latency = new Histogram(3_600_000_000_000L, 3);
        final Map<String, Long> counters = new java.util.TreeMap<>();
        boolean schemaReady;
    }

    /** Rows acknowledged, reported by JMH as rows/s beside the score. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Acked {
        public long rowsAcked;
        /** TSBS's metrics of the requests acknowledged whole: JMH reports them per second beside rows/s. */
        public long metricsAcked;
    }

    /** A request built ahead ({@code --option prebuild=true}) and the metrics of its rows, counted once it is acknowledged. */
    private record Ahead(PreparedWrite request, long metrics, long superseded) {
        static Ahead of(Batch batch, WriteClient client) throws DatabaseException {
            return new Ahead(batch.prepare(client.session()), batch.metrics(), client.superseded(batch));
        }
    }

    /** Failed requests, reported by JMH as a count per iteration. */
    @AuxCounters(AuxCounters.Type.EVENTS)
    @State(Scope.Thread)
    public static class Failed {
        public long failedRequests;
    }

    @Setup(Level.Trial)
    public void open(RunSettings run, Trial trial, ThreadParams thread, BenchmarkParams benchmark) throws Exception {
        params = benchmark;
        db = run.database();
        settings = run.settings();
        client = new WriteClient(db.open(settings.connection()), db.dialect(settings.connection()), trial.outcome,
                FailurePolicy.WRITE_TEST);
        synchronized (trial) {
            // Shards share the table: the schema step creates it once, before any shard writes.
            if (!trial.schemaReady && settings.dataSet().shard().whole()) {
                settings.dataSet().spec().recreateSchema(client.session());
                trial.schemaReady = true;
            }
        }
        rows = settings.dataSet().client(thread.getThreadIndex(), thread.getThreadCount(), true, client.session());
        if (settings.connection().get(ModuleOption.PREBUILD)) prebuilt = new ArrayDeque<>();
        latency = new Histogram(3_600_000_000_000L, 3);
        if (targetRowsPerSecond > 0) {
            intervalNanos = Math.max(1, Math.round(1e9 * rowsPerRequest * thread.getThreadCount() / targetRowsPerSecond));
            // The clients' schedules interleave evenly instead of all sending at once.
            firstDueOffsetNanos = intervalNanos * thread.getThreadIndex() / thread.getThreadCount();
        }
    }

    @Setup(Level.Iteration)
    public void iteration(IterationParams iteration, Trial trial) throws DatabaseException, IOException {
        if (prebuilt != null) prebuild();
        // Fixed rate: each iteration's schedule starts now, so a backlog left by a slow warm-up is
        // not inherited by the measured time; what falls behind there fell behind there.
        nextDueNanos = 0;
        measuring = iteration.getType() == IterationType.MEASUREMENT;
        if (measuring) {
            trial.measuredFromMs.compareAndSet(0, System.currentTimeMillis());
            trial.measuredFromNanos.compareAndSet(0, System.nanoTime());
        }
    }

    @TearDown(Level.Iteration)
    public void iterationDone(Trial trial) {
        if (measuring) trial.measuredToMs.accumulateAndGet(System.currentTimeMillis(), Math::max);
    }

    /**
     * Builds this client's next requests, in the order they will be sent, until the per-client
     * memory bound: outside the measured time, so the measured path is the database call alone.
     * Requests a fast database needs beyond them are built in the measured time and counted.
     */
    private void prebuild() throws DatabaseException, IOException {
        long bytes = 0;
        for (Ahead a : prebuilt) bytes += a.request().bytes();
        while (bytes < PREBUILD_BYTES / params.getThreads()) {
            Ahead a = Ahead.of(rows.next(rowsPerRequest), client);
            prebuilt.add(a);
            prebuiltCount++;
            bytes += a.request().bytes();
        }
    }

    @Benchmark
    @OperationsPerInvocation(StepFlags.DEFAULT_ROWS_PER_REQUEST)
    public long write(Trial trial, Acked acked, Failed failed, Control control) throws Exception {
        // JMH counts only the calls inside its measured window; with several threads it also calls
        // before (until every thread is ready) and after (until every thread is done), and its
        // counters (Acked) keep counting there while it divides by the measured time alone. Those
        // requests' rows and latencies are left out, or rows/s would contradict clients x rows / latency.
        boolean counted = measuring && control.startMeasurement && !control.stopMeasurement;
        if (trial.abandoned.get()) throw new IllegalStateException(db.displayName() + " write test abandoned by another client");
        Ahead ahead = prebuilt == null ? null : prebuilt.poll();
        if (prebuilt != null && ahead == null) {
            ahead = Ahead.of(rows.next(rowsPerRequest), client);
            builtWhileMeasured++;
        }
        Batch batch = ahead == null ? rows.next(rowsPerRequest) : null;
        int n = ahead != null ? ahead.request().rows() : batch.size();
        long start = targetRowsPerSecond > 0 ? awaitDue() : System.nanoTime();
        try {
            long ok = ahead != null ? client.send(ahead.request(), ahead.superseded()) : client.send(batch);
            if (counted) {
                // JMH divides this counter by the measured time only: rows acknowledged outside it would inflate rows/s.
                acked.rowsAcked += ok;
                // A request's metrics are known when it was acknowledged whole (a partial one is a failed request).
                if (ok == n) acked.metricsAcked += ahead != null ? ahead.metrics() : batch.metrics();
                trial.measuredAcked.addAndGet(ok);
                long second = (System.nanoTime() - trial.measuredFromNanos.get()) / 1_000_000_000L;
                if (second < SERIES_SECONDS) trial.ackedEachSecond.addAndGet((int) second, ok);
            }
            if (ok != n) failed.failedRequests++;
            return ok;
        } catch (WriteClient.GaveUp e) {
            failed.failedRequests++;
            throw abandon(trial, params, e);
        } finally {
            if (counted) latency.recordValue(Math.min(System.nanoTime() - start, latency.getHighestTrackableValue()));
        }
    }

    /** Fixed rate: waits for this client's next request to be due and returns when it was due (never later than now). */
    private long awaitDue() {
        if (nextDueNanos == 0) nextDueNanos = System.nanoTime() + firstDueOffsetNanos;
        long due = nextDueNanos;
        nextDueNanos += intervalNanos;
        for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) LockSupport.parkNanos(wait);
        return due;
    }

    /**
     * The client gave up (every request failed for a while): the server is likely gone. The first
     * client to see it records what was acknowledged and sent (and stored, if the database still
     * answers a count) and the trial ends with a failure instead of running on.
     */
    private IllegalStateException abandon(Trial trial, BenchmarkParams params, WriteClient.GaveUp gaveUp) throws IOException {
        try {
            if (trial.abandoned.compareAndSet(false, true)) {
                WriteOutcome o = trial.outcome;
                OptionalLong stored = StoredRows.now(client.session(), settings.dataSet().spec());
                String counted = stored.isPresent() ? "stored " + stored.getAsLong() : "stored rows not countable";
                String failure = gaveUp.getMessage() + "; rows acknowledged " + o.rowsAcked() + " of " + o.rowsSent() + " sent; " + counted;
                record(trial, params, stored.orElse(-1), failure);
            }
        } finally {
            rows.close();
            client.close();
        }
        return new IllegalStateException(db.displayName() + " write test abandoned: " + gaveUp.getMessage());
    }

    @TearDown(Level.Trial)
    public void close(Trial trial, ThreadParams thread, BenchmarkParams params) throws Exception {
        try {
            synchronized (trial.latency) {
                trial.latency.add(latency);
                client.session().counters().forEach((k, v) -> trial.counters.merge(k, v, Long::sum));
                if (prebuilt != null) {
                    trial.counters.merge("requestsPrebuilt", prebuiltCount, Long::sum);
                    trial.counters.merge("requestsBuiltWhileMeasured", builtWhileMeasured, Long::sum);
                }
            }
            if (trial.finished.incrementAndGet() == thread.getThreadCount()) verify(trial, params);
        } finally {
            rows.close();
            client.close();
        }
    }

    /** Run by the last thread to finish: counts the stored rows and records the trial. */
    private void verify(Trial trial, BenchmarkParams params) throws Exception {
        WriteOutcome o = trial.outcome;
        // A shard cannot count its own rows in a table other shards write: only failures are checked.
        boolean whole = settings.dataSet().shard().whole();
        long stored = whole ? StoredRows.settled(db, client.session(), settings.dataSet().spec(), o.rowsExpectedStored()) : -1;
        String failure = null;
        if (whole && stored != o.rowsExpectedStored()) {
            failure = "stored " + stored + " rows, but " + o.rowsAcked() + " were acknowledged"
                    + (o.rowsSuperseded() == 0 ? "" : " (" + o.rowsSuperseded() + " of them in place of an earlier row of the same key)");
        } else if (o.failedRequests() > 0) {
            failure = o.failedRequests() + " failed requests, first: " + o.firstError();
        }
        record(trial, params, stored, failure);
        if (failure != null) throw new IllegalStateException(db.displayName() + " write test failed: " + failure);
    }

    private void record(Trial trial, BenchmarkParams params, long stored, String failure) throws IOException {
        WriteOutcome o = trial.outcome;
        Map<String, String> p = TrialRecord.paramsOf(params.getParamsKeys(), params::getParam);
        Histogram latency;
        synchronized (trial.latency) {
            latency = trial.latency.copy();
        }
        new TrialRecord(params.getBenchmark(), p, params.getThreads(), o.rowsSent(), o.rowsAcked(), stored,
                o.failedRequests(), o.firstError(), TrialRecord.latencyMillis(latency), failure, trial.measuredAcked.get(),
                trial.measuredFromMs.get(), trial.measuredToMs.get(), counters(trial), TrialRecord.encode(latency), eachSecond(trial))
                .appendTo(settings.verifyLog());
    }

    /** The rows acknowledged in each second of the measured window, through its last (partial) second. */
    private static List<Long> eachSecond(Trial trial) {
        long from = trial.measuredFromMs.get();
        long to = trial.measuredToMs.get();
        if (from == 0 || to <= from) return List.of();
        int seconds = (int) Math.min(SERIES_SECONDS, (to - from + 999) / 1000);
        List<Long> series = new ArrayList<>(seconds);
        for (int i = 0; i < seconds; i++) series.add(trial.ackedEachSecond.get(i));
        return series;
    }

    /** The sessions' counters, and the rows acknowledged in place of an earlier row of their key, when there were any. */
    private static Map<String, Long> counters(Trial trial) {
        Map<String, Long> all;
        synchronized (trial.latency) {
            all = new LinkedHashMap<>(trial.counters);
        }
        if (trial.outcome.rowsSuperseded() > 0) all.put("rowsSuperseded", trial.outcome.rowsSuperseded());
        return all;
    }
}
