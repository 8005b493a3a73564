package org.tsdbbench.common.iot;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How fast one thread makes IoT records: into a columnar batch (a write test's client before each
 * request; target at least 2 M records/s) and as TSBS's line protocol into a stream that discards
 * it (the generator's cost of a file, without the disk). The trucks are report C's scenario 2 (4,000
 * trucks, the set its queries ran on), the source unbounded so that no iteration runs dry. The
 * score is records/s per thread: one invocation makes one batch of {@value #BATCH} records.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class IotGeneratorBenchmark {

    static final int BATCH = 10_000;

    /** The scenario whose trucks the source makes (iot-1 .. iot-5). */
    @Param("iot-2")
    public String scenario;

    private IotRowSource source;
    private TruckBatch batch;
    private final IotLineWriter discard = new IotLineWriter(OutputStream.nullOutputStream());

    @Setup
    public void setup() {
        IotGenerator generator = new IotGenerator(IotScenario.named(scenario).spec());
        source = generator.source(0, generator.spec().trucks(), true);
        batch = new TruckBatch(source.trucks(), BATCH);
    }

    /** Records into a columnar batch, as a write test's client fills each request. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public TruckBatch inMemory() throws IOException {
        source.fill(batch, BATCH);
        return batch;
    }

    /** Records as TSBS's lines into a stream that discards them: the cost of {@code generator -workload iot} without the disk. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void toLineProtocol() throws IOException {
        source.fill(batch, BATCH);
        discard.write(batch);
    }
}
