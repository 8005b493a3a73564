package org.tsdbbench.mysql.bench;

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
import org.openjdk.jmh.infra.Blackhole;
import org.tsdbbench.common.iot.IotGenerator;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotScenario;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.mysql.IotInsertBuilder;

/**
 * The client's own cost per IoT record, no server: a request of {@value #RECORDS} records of report
 * C's scenario 2 (made once, TSBS's nulls included) as the two multi-row INSERTs a session sends
 * (readings, diagnostics), each record's tags row id looked up as a session does once its tag sets
 * are known. The score is records/s per thread, beside {@link MySqlRequestBuild}'s device rows.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class MySqlIotRequestBuild {

    static final int RECORDS = 1000;

    private final IotInsertBuilder builder = new IotInsertBuilder();
    private TruckBatch batch;
    private IotInsertBuilder.Ids ids;

    @Setup
    public void makeBatch() throws IOException {
        try (IotRowSource source = new IotGenerator(IotScenario.named("iot-2").spec()).all()) {
            batch = new TruckBatch(source.trucks(), RECORDS);
            source.fill(batch, RECORDS);
        }
        ids = IotInsertBuilder.numberedIds(batch);
    }

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public void buildInserts(Blackhole bh) {
        bh.consume(builder.build(batch.readings, ids));
        bh.consume(builder.build(batch.diagnostics, ids));
    }
}
