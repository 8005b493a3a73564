package org.tsdbbench.mysql.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.common.bench.RequestBuildBenchmarkBase;
import org.tsdbbench.mysql.MySqlInsertBuilder;

/** The client's own cost per row, no server: the multi-row INSERT of a 1000-row request (target: at least 2 M rows/s per thread). */
public class MySqlRequestBuild extends RequestBuildBenchmarkBase {

    private final MySqlInsertBuilder builder = new MySqlInsertBuilder();

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public String buildInsert() {
        return builder.build(batch);
    }
}
