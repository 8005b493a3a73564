package org.tsdbbench.timescaledb.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.common.bench.IotRequestBuildBenchmarkBase;
import org.tsdbbench.timescaledb.TimescaleIotRequests;

/**
 * The client's own cost per IoT record, no server: both tables' COPY bodies (TSBS's loader's way)
 * and the multi-row INSERT text, as {@link TimescaleRequestBuild} measures the devices' rows.
 */
public class TimescaleIotRequestBuild extends IotRequestBuildBenchmarkBase {

    private final TimescaleIotRequests requests = new TimescaleIotRequests();

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public int buildCopy() {
        return requests.copy(batch);
    }

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public String buildInsert() {
        return requests.insert(batch);
    }
}
