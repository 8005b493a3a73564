package org.tsdbbench.common.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.ThreadParams;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.Session;

/**
 * Concurrent range queries: each JMH thread is one client with its own connection, running short
 * time-range reads of one random device ({@link RangePlan}), {@code resultRows} rows each, every
 * answer checked. Two measurements of the same work: {@link #queriesPerSecond()} (throughput of
 * all clients) and {@link #latency()} (sample time, with percentiles). The CLI's range step runs
 * it over client counts (JMH threads) and result sizes.
 *
 * <p>A test of the devices workload. One class for every database ({@link RunSettings} says which). From an IDE it runs as it is:
 * if the local server does not hold the data set yet, the setup loads it first.
 */
@State(Scope.Thread)
@Fork(1)
@Threads(1)
@Warmup(iterations = 1, time = 2)
@Measurement(iterations = 3, time = 2)
public class RangeQueryBenchmark {

    /** Rows each query returns: 5 .. 1000 in the published test. */
    @Param("100")
    public int resultRows;

    private Session session;
    private RangePlan plan;

    /** Shared by the clients of a trial: the first to set up checks the data set (loading it if missing) before any client reads. */
    @State(Scope.Benchmark)
    public static class DataReady {
        private boolean checked;

        synchronized void check(Database db, BenchSettings settings) throws Exception {
            if (checked) return;
            if (!settings.dataChecked()) QuerySet.prepare(db, settings).ensureLoaded(db, settings);
            checked = true;
        }
    }

    @Setup(Level.Trial)
    public void open(RunSettings run, DataReady data, ThreadParams thread) throws Exception {
        Database db = run.database();
        BenchSettings settings = run.settings();
        data.check(db, settings);
        plan = RangePlan.of(db, settings.connection(), DevicesWorkload.dataSetOf(settings.dataSet(), "the range test").spec(), resultRows,
                thread.getThreadIndex());
        session = db.open(settings.connection());
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public long queriesPerSecond() throws Exception {
        return runOne();
    }

    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public long latency() throws Exception {
        return runOne();
    }

    private long runOne() throws Exception {
        return plan.next().runChecked(session);
    }

    @TearDown(Level.Trial)
    public void close() {
        if (session != null) session.close();
    }
}
