package org.tsdbbench.clickhouse.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.clickhouse.CpuTabSeparatedBuilder;
import org.tsdbbench.common.bench.CpuRequestBuildBenchmarkBase;

/**
 * The client's own cost per cpu-only row, no server: a request of {@value #ROWS} rows as the
 * TabSeparated body of the {@code cpu} INSERT a ClickHouse session sends (a host's {@code tags} row
 * goes once, in the first request that has it, so it is not measured here).
 */
public class ClickHouseCpuRequestBuild extends CpuRequestBuildBenchmarkBase {

    private final CpuTabSeparatedBuilder rows = new CpuTabSeparatedBuilder();

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public int buildTabSeparated() {
        return rows.rows(batch).length();
    }
}
