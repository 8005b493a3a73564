package org.tsdbbench.common.bench;

import java.io.IOException;
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
import org.tsdbbench.common.iot.IotGenerator;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotScenario;
import org.tsdbbench.common.iot.TruckBatch;

/**
 * The client's own cost per IoT record, no server, as {@link RequestBuildBenchmarkBase} measures
 * the devices' rows: a module's subclass has one {@code @Benchmark} per request it builds from
 * {@link #batch}, the first {@value #RECORDS} records of report C's scenario iot-2 (4,000 trucks,
 * TSBS's nulls and disorder included; made once, so only the building is measured), with
 * {@code @OperationsPerInvocation(RECORDS)} so the score is records/s per thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public abstract class IotRequestBuildBenchmarkBase {

    public static final int RECORDS = 1000;

    protected TruckBatch batch;

    @Setup
    public void makeBatch() throws IOException {
        try (IotRowSource source = new IotGenerator(IotScenario.named("iot-2").spec()).all()) {
            batch = new TruckBatch(source.trucks(), RECORDS);
            source.fill(batch, RECORDS);
        }
    }
}
