package org.tsdbbench.common.bench;

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
import org.tsdbbench.common.data.DeviceGenerator;
import org.tsdbbench.common.data.DeviceRange;
import org.tsdbbench.common.data.GeneratedRows;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;

/**
 * The client's own cost per row, no server: a module's subclass has one {@code @Benchmark} that
 * turns {@link #batch} ({@value #ROWS} rows over 10 devices, made once so only the building is
 * measured) into its request, with {@code @OperationsPerInvocation(ROWS)} so the score is rows/s.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public abstract class RequestBuildBenchmarkBase {

    public static final int ROWS = 1000;

    protected RowBatch batch;

    @Setup
    public void makeBatch() {
        // 100 rows per device: the request spans 10 devices, as a client's requests do.
        WorkloadSpec spec = new WorkloadSpec(100, 100, WorkloadSpec.DEFAULT_START_TS, WorkloadSpec.DEFAULT_SEED);
        batch = new RowBatch(ROWS);
        new GeneratedRows(new DeviceGenerator(spec), new DeviceRange(1, 100), false).fill(batch, ROWS);
    }
}
