package org.tsdbbench.timescaledb.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.common.bench.RequestBuildBenchmarkBase;
import org.tsdbbench.timescaledb.CopyBuilder;
import org.tsdbbench.timescaledb.InsertBuilder;

/**
 * The client's own cost per row, no server: a 1000-row request as the multi-row INSERT text and as
 * the COPY body (target: at least 2 M rows/s per thread each).
 */
public class TimescaleRequestBuild extends RequestBuildBenchmarkBase {

    private final InsertBuilder insert = new InsertBuilder();
    private final CopyBuilder copy = new CopyBuilder();

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public String buildInsert() {
        return insert.build(batch);
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public int buildCopy() {
        return copy.build(batch).length();
    }
}
