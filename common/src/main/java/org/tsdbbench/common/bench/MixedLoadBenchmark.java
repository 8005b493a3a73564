package org.tsdbbench.common.bench;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Control;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.infra.ThreadParams;
import org.openjdk.jmh.runner.IterationType;
import org.tsdbbench.common.data.DeviceGenerator;
import org.tsdbbench.common.data.DeviceRange;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.results.TrialRecord;
import org.tsdbbench.results.StepFlags;

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
 * starts from exactly the data set (reloaded if an earlier trial appended to it, in the trial's
 * setup); every client opens its connection in the setup of the first iteration, never inside a
 * measured call; and every trial ends with a count, in the trial's teardown, whatever each client
 * did: stored = data set + rows acknowledged. A test of the devices workload; one class for every
 * database ({@link RunSettings} says which).
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 2)
@Measurement(iterations = 3, time = 2)
public class MixedLoadBenchmark {

    @Param(StepFlags.DEFAULT_ROWS_PER_REQUEST_PARAM)
    public int rowsPerRequest;

    @Param("100")
    public int resultRows;

    /** Shared by the group: the database and settings, the data set's rows, the rows acknowledged. */
    @State(Scope.Benchmark)
    public static class Trial {
        Database db;
        BenchSettings settings;
        int rowsPerRequest;
        int resultRows;
        long datasetRows;
        WorkloadSpec spec;
        final WriteOutcome outcome = new WriteOutcome();
        /** Rows acknowledged within measured iterations, and when those began and ended (epoch ms), as the write test keeps them. */
        final AtomicLong measuredAcked = new AtomicLong();
        final AtomicLong measuredFromMs = new AtomicLong();
        final AtomicLong measuredToMs = new AtomicLong();

        /** Makes sure the database holds exactly the data set, before any client starts. */
        void prepare(RunSettings run, int rowsPerRequest, int resultRows) throws Exception {
            this.db = run.database();
            this.rowsPerRequest = rowsPerRequest;
            this.resultRows = resultRows;
            settings = run.settings();
            spec = DevicesWorkload.dataSetOf(settings.dataSet(), "the mixed load").spec();
            QuerySet set = QuerySet.prepare(db, settings);
            set.ensureLoaded(db, settings);
            datasetRows = set.storedRows();
        }

        /**
         * The rows written per second of wall clock in the measured iterations, from the trial's own
         * count: JMH's throughput of a group method (and its rowsAcked counter) came out about 2.7x
         * above what the writes' own latency allows when readers shared the group, so the mixed
         * step reads this record instead (and still holds it against the latency).
         */
        void record(BenchmarkParams params, String failure) throws IOException {
            if (params == null || settings.verifyLog() == null) return; // a run from an IDE: nobody reads it
            Map<String, String> p = TrialRecord.paramsOf(params.getParamsKeys(), params::getParam);
            p.put("mode", params.getMode().shortLabel());
            new TrialRecord(params.getBenchmark(), p, params.getThreads(), outcome.rowsSent(), outcome.rowsAcked(), -1,
                    outcome.failedRequests(), outcome.firstError(), Map.of(), failure, measuredAcked.get(), measuredFromMs.get(),
                    measuredToMs.get(), Map.of(), null, null).appendTo(settings.verifyLog());
        }

        /** Every acknowledged row must be stored, and nothing else; no write may have failed. */
        void check() throws Exception {
            long expected = datasetRows + outcome.rowsAcked();
            long stored;
            try (Session session = db.open(settings.connection())) {
                stored = StoredRows.settled(db, session, spec, expected);
            }
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

    /** Once per trial, before any client's setup (JMH sets up a benchmark-wide state before handing it to the threads). */
    @Setup(Level.Trial)
    public void prepare(RunSettings run, Trial trial) throws Exception {
        trial.prepare(run, rowsPerRequest, resultRows);
    }

    /**
     * Once per trial, after every client has finished (JMH tears a benchmark-wide state down when all
     * threads are done). The trial's record says whether its count held: JMH drops a trial whose
     * teardown threw from its results, so the mixed step learns of the failure from the record.
     */
    @TearDown(Level.Trial)
    public void check(Trial trial, BenchmarkParams params) throws Exception {
        String failure = "the trial's count did not finish";
        try {
            trial.check();
            failure = null;
        } catch (Exception e) {
            failure = e.getMessage() != null ? e.getMessage() : e.toString();
            throw e;
        } finally {
            trial.record(params, failure);
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
        WriteClient client;
        DeviceGenerator generator;
        DeviceRange devices;
        RowBatch batch;
        int devid;
        long row;
        boolean measuring;

        /**
         * Opens the connection before the first iteration: the trial's own setup has run by then
         * (a trial-level setup of this state could run before it), and no measured call pays for it.
         */
        @Setup(Level.Iteration)
        public void open(Trial trial, ThreadParams thread, IterationParams iteration) throws Exception {
            measuring = iteration.getType() == IterationType.MEASUREMENT;
            if (measuring) trial.measuredFromMs.compareAndSet(0, System.currentTimeMillis());
            if (client != null) return;
            WorkloadSpec spec = trial.spec;
            generator = new DeviceGenerator(spec);
            devices = DeviceRange.part(spec.numOfDevices(), thread.getSubgroupThreadIndex(), thread.getSubgroupThreadCount());
            batch = new RowBatch(trial.rowsPerRequest);
            devid = devices.first();
            row = spec.rowsPerDevice();
            client = new WriteClient(trial.db.open(trial.settings.connection()), trial.db.dialect(trial.settings.connection()), trial.outcome,
                    FailurePolicy.FIRST_FAILURE);
        }

        @TearDown(Level.Trial)
        public void close() {
            if (client != null) client.close();
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

        /** As {@link Writer#open}: before the first iteration. */
        @Setup(Level.Iteration)
        public void open(Trial trial, ThreadParams thread) throws Exception {
            if (session != null) return;
            plan = RangePlan.of(trial.db, trial.settings.connection(), trial.spec, trial.resultRows,
                    thread.getSubgroupThreadIndex());
            session = trial.db.open(trial.settings.connection());
        }

        @TearDown(Level.Trial)
        public void close() {
            if (session != null) session.close();
        }
    }

    @Benchmark
    @Group("mixed")
    @GroupThreads(1)
    public long write(Writer w, Trial trial, Acked acked, Control control) throws Exception {
        // Counted inside JMH's measured window only, as JMH counts its operations (see WriteBenchmark.write).
        boolean counted = w.measuring && control.startMeasurement && !control.stopMeasurement;
        long ok;
        try {
            ok = w.client.send(w.next(rowsPerRequest));
        } catch (WriteClient.GaveUp e) {
            throw new IllegalStateException(trial.db.displayName() + " mixed load: " + e.getMessage(), e);
        }
        if (counted) {
            acked.rowsAcked += ok;
            // The measured clock ends at the last measured write, not in an iteration teardown: JMH runs a group
            // state's trial teardown in the first thread done (a reader, say), maybe before the writers' teardowns.
            trial.measuredAcked.addAndGet(ok);
            trial.measuredToMs.accumulateAndGet(System.currentTimeMillis(), Math::max);
        }
        return ok;
    }

    @Benchmark
    @Group("mixed")
    @GroupThreads(1)
    public long query(Reader r) throws Exception {
        return r.plan.next().runChecked(r.session);
    }
}
