package org.tsdbbench.clickhouse.bench;

import java.io.IOException;
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
import org.tsdbbench.clickhouse.IotTabSeparatedBuilder;
import org.tsdbbench.common.iot.IotGenerator;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.TruckBatch;

/**
 * The client's own cost per IoT record, no server: a request of {@value #RECORDS} records (readings
 * and diagnostics of the default data set's 20 trucks, TSBS's nulls included, made once) as the two
 * TabSeparated INSERT bodies a ClickHouse session sends, one per table. The score is records/s.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class ClickHouseIotRequestBuild {

    public static final int RECORDS = 1000;

    private final IotTabSeparatedBuilder readings = new IotTabSeparatedBuilder();
    private final IotTabSeparatedBuilder diagnostics = new IotTabSeparatedBuilder();
    private TruckBatch batch;

    @Setup
    public void makeBatch() throws IOException {
        IotRowSource source = new IotGenerator(IotSpec.defaults()).all();
        batch = new TruckBatch(source.trucks(), RECORDS);
        source.fill(batch, RECORDS);
    }

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public int buildTabSeparated() {
        return readings.build(batch.trucks, batch.readings).length() + diagnostics.build(batch.trucks, batch.diagnostics).length();
    }
}
