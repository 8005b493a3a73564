package org.tsdbbench.generator.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.tsdbbench.common.data.DataFileWriter;
import org.tsdbbench.common.data.DeviceGenerator;
import org.tsdbbench.common.data.DeviceRange;
import org.tsdbbench.common.data.GeneratedRows;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;

/**
 * How fast one thread makes rows: into a batch in memory (the write tests' path; target at least
 * 20 M rows/s) and as text into a file (the generator's path; target at least 5 M rows/s), the
 * latter also without the disk ({@code toText}).
 * The score is rows/s per thread: one invocation makes one batch of {@value #BATCH} rows.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 3, time = 2)
public class GeneratorBenchmark {

    static final int BATCH = 10_000;

    private GeneratedRows rows;
    private RowBatch batch;
    private Path file;
    private DataFileWriter writer;
    private final DataFileWriter discard = new DataFileWriter(OutputStream.nullOutputStream());

    @Setup(Level.Trial)
    public void setup() throws IOException {
        DeviceGenerator generator = new DeviceGenerator(WorkloadSpec.defaults());
        // Unbounded: the stream never ends however long the iteration runs.
        rows = new GeneratedRows(generator, new DeviceRange(1, WorkloadSpec.DEFAULT_DEVICES), true);
        batch = new RowBatch(BATCH);
        file = Files.createTempFile("generator-bench", ".csv");
    }

    @Setup(Level.Iteration)
    public void openFile() throws IOException {
        // A fresh file per iteration keeps the disk use bounded to one iteration's rows.
        OutputStream out = Files.newOutputStream(file);
        writer = new DataFileWriter(out);
    }

    @TearDown(Level.Iteration)
    public void closeFile() throws IOException {
        writer.close();
    }

    @TearDown(Level.Trial)
    public void deleteFile() throws IOException {
        Files.deleteIfExists(file);
    }

    /** Rows into a columnar batch: what a write test's client thread does before each request. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public RowBatch inMemory() throws IOException {
        rows.fill(batch, BATCH);
        return batch;
    }

    /**
     * Rows formatted as text lines into a stream that discards them: the generator's own cost of
     * a file, without the disk (whose writeback stalls dominate toFile on a small VM).
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void toText() throws IOException {
        rows.fill(batch, BATCH);
        discard.write(batch);
    }

    /** Rows formatted as text lines and written to a file, as the generator CLI does. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void toFile() throws IOException {
        rows.fill(batch, BATCH);
        writer.write(batch);
    }
}
