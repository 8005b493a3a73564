package org.tsdbbench.common.devops;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
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
 * How fast one thread makes TSBS cpu-only rows: into a columnar batch (a write test's client before
 * each request; the goal is 10 M metrics/s, 1 M rows/s) and as TSBS's line protocol into a stream
 * that discards it (the generator's cost of a file, without the disk). The hosts are TSBS's usual
 * scale of 4,000, the source unbounded so that no iteration runs dry. The score is rows/s per
 * thread (ten metrics each): one invocation makes one batch of {@value #BATCH} rows.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class CpuGeneratorBenchmark {

    static final int BATCH = 10_000;

    /** Hosts, TSBS's --scale. */
    @Param("4000")
    public int hosts;

    private CpuSource source;
    private final CpuLineWriter discard = new CpuLineWriter(OutputStream.nullOutputStream());

    @Setup
    public void setup() {
        DevopsSpec spec = new DevopsSpec(hosts, DevopsSpec.DEFAULT_START_NS, DevopsSpec.DEFAULT_START_NS + Duration.ofDays(3).toNanos(),
                DevopsSpec.DEFAULT_INTERVAL_NS, DevopsSpec.DEFAULT_SEED);
        source = new CpuGenerator(spec).source(0, hosts, true);
    }

    /** Rows into a columnar batch, as a write test's client fills each request. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public CpuBatch inMemory() throws IOException {
        return source.next(BATCH);
    }

    /** Rows as TSBS's lines into a stream that discards them: the cost of {@code generator -workload cpu-only} without the disk. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void toLineProtocol() throws IOException {
        discard.write(source.next(BATCH));
    }
}
