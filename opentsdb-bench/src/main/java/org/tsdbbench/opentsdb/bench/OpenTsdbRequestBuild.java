package org.tsdbbench.opentsdb.bench;

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
import org.tsdbbench.opentsdb.PutRequestBuilder;

/**
 * The client's own cost per row, no server: the /api/put JSON of a 1000-row request, 2000 points (target: at
 * least 2 M points/s, i.e. 1 M rows/s, per thread). The batch is made once, so only building is measured.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class OpenTsdbRequestBuild {

    static final int ROWS = 1000;
    private final PutRequestBuilder builder = new PutRequestBuilder();
    private RowBatch batch;

    @Setup
    public void setup() {
        batch = new RowBatch(ROWS);
        new GeneratedRows(new DeviceGenerator(WorkloadSpec.defaults()), new DeviceRange(1, 100), false).fill(batch, ROWS);
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public String buildPutJson() {
        return builder.build(batch);
    }
}
