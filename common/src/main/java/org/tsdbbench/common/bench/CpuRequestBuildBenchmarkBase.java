package org.tsdbbench.common.bench;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.CpuGenerator;
import org.tsdbbench.common.devops.CpuSource;
import org.tsdbbench.common.devops.DevopsSpec;

/**
 * The client's own cost per cpu-only row, no server, as {@link IotRequestBuildBenchmarkBase} measures
 * the trucks': a module's subclass has one {@code @Benchmark} per request it builds from {@link #batch},
 * the first {@value #ROWS} rows of a generated cpu-only data set of {@value #HOSTS} hosts (TSBS's
 * order: ten epochs of every host; made once, so only the building is measured), with
 * {@code @OperationsPerInvocation(ROWS)} so the score is rows/s per thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public abstract class CpuRequestBuildBenchmarkBase {

    public static final int ROWS = 1000;
    /** The data set's hosts: a request spans all of them, as a client's requests of TSBS's 100-host day do. */
    public static final int HOSTS = 100;

    protected CpuBatch batch;

    @Setup
    public void makeBatch() throws IOException {
        long start = DevopsSpec.DEFAULT_START_NS;
        long end = start + Duration.ofHours(1).toNanos();
        DevopsSpec spec = new DevopsSpec(HOSTS, start, end, DevopsSpec.DEFAULT_INTERVAL_NS, DevopsSpec.DEFAULT_SEED);
        try (CpuSource source = new CpuGenerator(spec).all()) {
            batch = source.next(ROWS).copy();
        }
    }
}
