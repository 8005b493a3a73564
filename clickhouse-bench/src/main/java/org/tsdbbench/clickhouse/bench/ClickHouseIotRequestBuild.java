package org.tsdbbench.clickhouse.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.clickhouse.IotTabSeparatedBuilder;
import org.tsdbbench.common.bench.IotRequestBuildBenchmarkBase;

/**
 * The client's own cost per IoT record, no server: a request of {@value #RECORDS} records as the
 * two TabSeparated INSERT bodies a ClickHouse session sends, one per table.
 */
public class ClickHouseIotRequestBuild extends IotRequestBuildBenchmarkBase {

    private final IotTabSeparatedBuilder readings = new IotTabSeparatedBuilder();
    private final IotTabSeparatedBuilder diagnostics = new IotTabSeparatedBuilder();

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public int buildTabSeparated() {
        return readings.build(batch.trucks, batch.readings).length() + diagnostics.build(batch.trucks, batch.diagnostics).length();
    }
}
