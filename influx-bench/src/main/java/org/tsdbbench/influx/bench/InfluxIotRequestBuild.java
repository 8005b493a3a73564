package org.tsdbbench.influx.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.common.bench.IotRequestBuildBenchmarkBase;
import org.tsdbbench.influx.IotRequestBody;

/**
 * The client's own cost per IoT record, no server: TSBS's influx lines for a request of
 * {@value #RECORDS} records, as {@link InfluxRequestBuild} measures the devices' rows.
 */
public class InfluxIotRequestBuild extends IotRequestBuildBenchmarkBase {

    private final IotRequestBody body = new IotRequestBody();

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public int buildLines() {
        return body.build(batch);
    }
}
