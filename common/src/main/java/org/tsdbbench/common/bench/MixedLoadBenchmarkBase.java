package org.tsdbbench.common.bench;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.ThreadParams;
import org.tsdbbench.common.data.DeviceGenerator;
import org.tsdbbench.common.data.DeviceRange;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Session;

/**
 * Mixed load: writers and readers at the same time, as one JMH group. Writers append rows past the
 * data set's end (the next rows in time of their own devices, {@code rowsPerRequest} a request);
 * readers run the concurrent-range test's reads of {@code resultRows} rows inside the data set,
 * whose answers the writers cannot change, every answer checked. Two trials of the same load: in
 * throughput mode {@code rowsAcked} gives the rows/s written (JMH keeps auxiliary counters there,
 * not in sample time) and each method its calls/ms; in sample-time mode each method's latency with
 * percentiles, write requests and queries side by side. The
 * CLI's mixed step runs the group as readers alone ({@code -tg r,0}), both ({@code -tg r,w}) and
 * writers alone ({@code -tg 0,w}), so each side is seen against itself unloaded. Every trial
 * client opens its connection at its first call (in the warmup, when there is one). Every trial
 * starts from exactly the data set (reloaded if an earlier trial appended to it) and ends with a
 * count: stored = data set + rows acknowledged.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 2)
@Measurement(iterations = 3, time = 2)
public abstract class MixedLoadBenchmarkBase {

    @Param("1000")
    public int rowsPerRequest;

    @Param("100")
    public int resultRows;

    protected abstract Database database();

    /** Shared by the group: the data set checked once before anyone starts, the rows acknowledged, the final count. */
    @State(Scope.Benchmark)
    public static class Trial {
        private boolean ready;
        private long datasetRows;
        final WriteOutcome outcome = new WriteOutcome();
        final AtomicInteger finished = new AtomicInteger();

        synchronized void ready(Database db, BenchSettings settings) throws Exception {
            if (ready) return;
            QuerySet set = QuerySet.prepare(db, settings);
            set.ensureLoaded(db, settings);
            datasetRows = set.expectedRows();
            ready = true;
        }

        /** Run by the last thread to finish: every acknowledged row must be stored, and nothing else. */
        void finish(Database db, Session session, BenchmarkParams params) throws Exception {
            if (finished.incrementAndGet() != params.getThreads()) return;
            long expected = datasetRows + outcome.rowsAcked();
            long stored = Loader.settledCount(db, session, expected);
            if (stored != expected) {
                throw new IllegalStateException(db.displayName() + " mixed load: stored " + stored + " rows, expected the data set's "
                        + datasetRows + " + " + outcome.rowsAcked() + " acknowledged");
            }
            if (outcome.failedRequests() > 0) {
                throw new IllegalStateException(db.displayName() + " mixed load: " + outcome.failedRequests() + " failed writes, first: "
                        + outcome.firstError());
            }
        }
    }

    /** Rows acknowledged, reported by JMH as rows/s beside the latencies. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Acked {
        public long rowsAcked;
    }

    /** One writer: its own connection and devices, appending rows past the data set's end. */
    @State(Scope.Thread)
    public static class Writer {
        Session session;
        DeviceGenerator generator;
        DeviceRange devices;
        RowBatch batch;
        int devid;
        long row;
        Database db;

        void open(MixedLoadBenchmarkBase bench, Trial trial, ThreadParams thread) throws Exception {
            db = bench.database();
            BenchSettings settings = BenchSettings.fromSystemProperties(db);
            trial.ready(db, settings);
            WorkloadSpec spec = settings.dataSet().spec();
            generator = new DeviceGenerator(spec);
            devices = DeviceRange.part(spec.numOfDevices(), thread.getSubgroupThreadIndex(), thread.getSubgroupThreadCount());
            batch = new RowBatch(bench.rowsPerRequest);
            devid = devices.first();
            row = spec.rowsPerDevice();
            session = db.open(settings.connection());
        }

        @TearDown(Level.Trial)
        public void close(Trial trial, BenchmarkParams params) throws Exception {
            closeClient(session, db, trial, params);
        }

        /** The next request: up to rowsPerRequest rows of one device, the devices in turn. */
        RowBatch next(int rowsPerRequest) {
            batch.clear();
            generator.appendRows(batch, devid, row, rowsPerRequest);
            if (++devid > devices.last()) {
                devid = devices.first();
                row += rowsPerRequest;
            }
            return batch;
        }
    }

    /** One reader: its own connection and seeded range reads. */
    @State(Scope.Thread)
    public static class Reader {
        Session session;
        RangePlan plan;
        Database db;

        void open(MixedLoadBenchmarkBase bench, Trial trial, ThreadParams thread) throws Exception {
            db = bench.database();
            BenchSettings settings = BenchSettings.fromSystemProperties(db);
            trial.ready(db, settings);
            plan = RangePlan.of(db, settings.connection(), settings.dataSet().spec(), bench.resultRows, thread.getSubgroupThreadIndex());
            session = db.open(settings.connection());
        }

        @TearDown(Level.Trial)
        public void close(Trial trial, BenchmarkParams params) throws Exception {
            closeClient(session, db, trial, params);
        }
    }

    @Benchmark
    @Group("mixed")
    @GroupThreads(1)
    public long write(Writer w, Trial trial, Acked acked, ThreadParams thread) throws Exception {
        // Opened at the first call, by the thread that writes (in the warmup when there is one).
        if (w.session == null) w.open(this, trial, thread);
        RowBatch request = w.next(rowsPerRequest);
        try {
            long ok = w.session.write(request);
            trial.outcome.succeeded(request.size(), ok);
            acked.rowsAcked += ok;
            return ok;
        } catch (DatabaseException e) {
            trial.outcome.failed(request.size(), e.getMessage());
            throw new IllegalStateException(w.db.displayName() + " mixed load: a write failed: " + e.getMessage(), e);
        }
    }

    @Benchmark
    @Group("mixed")
    @GroupThreads(1)
    public long query(Reader r, Trial trial, ThreadParams thread) throws Exception {
        if (r.session == null) r.open(this, trial, thread);
        return r.plan.next().runChecked(r.session);
    }

    /** Closed by the state's own teardown; the last client of the trial counts the rows first. */
    static void closeClient(Session session, Database db, Trial trial, BenchmarkParams params) throws Exception {
        if (session == null) return;
        try {
            trial.finish(db, session, params);
        } finally {
            session.close();
        }
    }
}
