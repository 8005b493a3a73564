package org.tsdbbench.clickhouse.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.common.bench.RequestBuildBenchmarkBase;
import org.tsdbbench.clickhouse.TabSeparatedBuilder;

/** The client's own cost per row, no server: the TabSeparated body of a 1000-row insert (target: at least 5 M rows/s per thread). */
public class ClickHouseRequestBuild extends RequestBuildBenchmarkBase {

    private final TabSeparatedBuilder builder = new TabSeparatedBuilder();

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public TabSeparatedBuilder.Buffer buildTabSeparated() {
        return builder.build(batch);
    }
}
