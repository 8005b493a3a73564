package org.tsdbbench.tdengine.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.common.bench.RequestBuildBenchmarkBase;
import org.tsdbbench.tdengine.TDengineInsertBuilder;

/** The client's own cost per row, no server: the INSERT SQL of a 1000-row request over 10 sub-tables (target: at least 5 M rows/s per thread). */
public class TDengineRequestBuild extends RequestBuildBenchmarkBase {

    private final TDengineInsertBuilder builder = new TDengineInsertBuilder(1 << 20);

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public java.util.List<String> buildInsertSql() {
        return builder.build(batch);
    }
}
