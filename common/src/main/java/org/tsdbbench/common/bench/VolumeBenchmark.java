package org.tsdbbench.common.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
import org.tsdbbench.common.data.DeviceGenerator;
import org.tsdbbench.common.data.DeviceSession;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Poll;
import org.tsdbbench.common.query.DeviceDialect;
import org.tsdbbench.common.query.ExpectedAnswers;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.workload.PreparedQuery;
import org.tsdbbench.common.workload.ResultCheck;
import org.tsdbbench.results.StepFlags;

/**
 * Write and read speed as the stored volume grows: one client, starting from an empty table,
 * writes a block of {@code blockRows} rows (the next rows in time of every device, in requests of
 * {@code rowsPerRequest}) and at once reads the block back with one time-range query over all
 * devices, checked against the generator; one JMH iteration per block (single shot), so the
 * iterations count the blocks and the target volume is blocks x blockRows. Per block, as JMH
 * secondary metrics with one value per iteration: rows stored before it, write rows/s, mean write
 * request latency, read rows/s and read latency (and, for databases that show acknowledged rows a
 * moment later, how long the block took to show). A test of the devices workload; one class for
 * every database ({@link RunSettings} says which).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Threads(1)
@Warmup(iterations = 0)
@Measurement(iterations = 10)
public class VolumeBenchmark {

    @Param("100000")
    public int blockRows;

    @Param(StepFlags.DEFAULT_ROWS_PER_REQUEST_PARAM)
    public int rowsPerRequest;

    private Database db;
    private DeviceSession session;
    private WriteClient writer;
    private WorkloadSpec spec;
    private DeviceDialect dialect;
    private DeviceGenerator generator;
    private int rowsPerDevicePerBlock;
    /** Rows every device holds: rows 0 .. storedRowsPerDevice - 1. */
    private long storedRowsPerDevice;
    private List<RowBatch> requests;
    private PreparedQuery readBack;

    /** One block's figures; JMH keeps each iteration's values in its JSON (rawData). */
    @AuxCounters(AuxCounters.Type.EVENTS)
    @State(Scope.Thread)
    public static class Block {
        public long storedRowsBefore;
        public double writeRowsPerSecond;
        public double writeRequestMillis;
        public double readRowsPerSecond;
        public double readMillis;
        /** Reads until the block showed (1 unless the database settles acknowledged rows later). */
        public long readAttempts;
        public double visibleAfterMillis;
    }

    @Setup(Level.Trial)
    public void open(RunSettings run) throws Exception {
        db = run.database();
        BenchSettings settings = run.settings();
        spec = DevicesWorkload.dataSetOf(settings.dataSet(), "the volume test").spec();
        if (blockRows % spec.numOfDevices() != 0) {
            throw new IllegalArgumentException("blockRows " + blockRows + ": must be a multiple of the " + spec.numOfDevices()
                    + " devices (a block is the next rows in time of every device)");
        }
        rowsPerDevicePerBlock = blockRows / spec.numOfDevices();
        generator = new DeviceGenerator(spec);
        session = DeviceSession.of(db.open(settings.connection()));
        dialect = DeviceDialect.of(db.dialect(settings.connection()));
        writer = new WriteClient(session, dialect, new WriteOutcome(), FailurePolicy.FIRST_FAILURE);
        session.recreateSchema(spec);
        storedRowsPerDevice = 0;
    }

    /** Generates the next block and its expected read-back outside the measured time. */
    @Setup(Level.Invocation)
    public void nextBlock() {
        long fromRow = storedRowsPerDevice;
        long toRow = fromRow + rowsPerDevicePerBlock;
        requests = new ArrayList<>();
        RowBatch batch = new RowBatch(rowsPerRequest);
        // Time order: row r of every device, then row r + 1, as a feed of all devices arrives.
        for (long row = fromRow; row < toRow; row++) {
            for (int devid = 1; devid <= spec.numOfDevices(); devid++) {
                generator.appendRows(batch, devid, row, 1);
                if (batch.size() == rowsPerRequest) {
                    requests.add(batch);
                    batch = new RowBatch(rowsPerRequest);
                }
            }
        }
        if (batch.size() > 0) requests.add(batch);
        LogicalQuery q = LogicalQuery.range(0, spec.timestamp(fromRow), spec.timestamp(toRow));
        String text = dialect.render(q, spec).orElseThrow(() -> new IllegalStateException(db.displayName() + " has no time-range query"));
        readBack = new PreparedQuery(q, text, dialect.shaper(q), ExpectedAnswers.range(generator, toRow, q));
    }

    @Benchmark
    public long block(Block figures) throws Exception {
        figures.storedRowsBefore = storedRowsPerDevice * spec.numOfDevices();
        long start = System.nanoTime();
        long acked = 0;
        for (RowBatch request : requests) {
            try {
                acked += writer.send(request);
            } catch (WriteClient.GaveUp e) {
                throw new IllegalStateException(db.displayName() + ": a write of the block after " + figures.storedRowsBefore
                        + " stored rows failed: " + e.getCause().getMessage(), e);
            }
        }
        long written = System.nanoTime();
        storedRowsPerDevice += rowsPerDevicePerBlock;
        // A database that shows acknowledged rows a moment later (its settle time) is read again until
        // they show: the read figures are the last read's, and how long the rows took to show is kept.
        ReadBack last = Poll.every(Duration.ofMillis(50), Duration.ofMillis(db.settleMillis()))
                .until(() -> readBack(figures), r -> r.mismatch() == null);
        if (last.mismatch() != null) throw new IllegalStateException("wrong answer reading the block back: " + last.mismatch());
        figures.writeRowsPerSecond = acked * 1e9 / (written - start);
        figures.writeRequestMillis = (written - start) / 1e6 / requests.size();
        figures.readRowsPerSecond = last.rows() * 1e9 / (last.endNanos() - last.startNanos());
        figures.readMillis = (last.endNanos() - last.startNanos()) / 1e6;
        figures.visibleAfterMillis = (last.startNanos() - written) / 1e6;
        return acked;
    }

    /** One read of the block: when it ran, the rows it returned, and what differed from the expected answer (null: right). */
    private record ReadBack(long startNanos, long endNanos, long rows, String mismatch) {
    }

    private ReadBack readBack(Block figures) throws DatabaseException {
        long readStart = System.nanoTime();
        ResultCheck check = readBack.run(session);
        figures.readAttempts++;
        return new ReadBack(readStart, System.nanoTime(), check.rows(), check.mismatch());
    }

    @TearDown(Level.Trial)
    public void close() {
        if (session != null) session.close();
    }
}
