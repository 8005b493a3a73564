package org.tsdbbench.tdengine.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
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
import java.util.List;
import org.tsdbbench.tdengine.TDengineInsertBuilder;

/**
 * The client's own cost per row, no server: the INSERT SQL of a 1000-row request over 10 sub-tables (target: at
 * least 5 M rows/s per thread). The batch is made once, so only building is measured.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class TDengineRequestBuild {

    static final int ROWS = 1000;
    private final TDengineInsertBuilder builder = new TDengineInsertBuilder(1 << 20);
    private RowBatch batch;

    @Setup
    public void setup() {
        batch = new RowBatch(ROWS);
        // 100 rows per device: the request spans 10 sub-tables, as requests of the original tool did.
        WorkloadSpec spec = new WorkloadSpec(100, 100, WorkloadSpec.DEFAULT_START_TS, WorkloadSpec.DEFAULT_SEED);
        new GeneratedRows(new DeviceGenerator(spec), new DeviceRange(1, 100), false).fill(batch, ROWS);
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public List<String> buildInsertSql() {
        return builder.build(batch);
    }
}
