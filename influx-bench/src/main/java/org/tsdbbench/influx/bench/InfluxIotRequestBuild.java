package org.tsdbbench.influx.bench;

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
import org.tsdbbench.common.iot.IotGenerator;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotScenario;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.influx.IotRequestBody;

/**
 * The client's own cost per IoT record, no server: TSBS's influx lines for a request of
 * {@value #RECORDS} records of report C's scenario 2 (made once, so only the building is measured),
 * as {@link InfluxRequestBuild} measures the devices' rows. The score is records/s per thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class InfluxIotRequestBuild {

    static final int RECORDS = 1000;

    private final IotRequestBody body = new IotRequestBody();
    private TruckBatch batch;

    @Setup
    public void makeBatch() throws IOException {
        IotGenerator generator = new IotGenerator(IotScenario.named("iot-2").spec());
        try (IotRowSource source = generator.all()) {
            batch = new TruckBatch(source.trucks(), RECORDS);
            source.fill(batch, RECORDS);
        }
    }

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public String buildLines() {
        return body.build(batch);
    }
}
