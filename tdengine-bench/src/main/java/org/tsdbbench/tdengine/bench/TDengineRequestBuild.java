package org.tsdbbench.tdengine.bench;

import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.infra.Blackhole;
import org.tsdbbench.common.bench.RequestBuildBenchmarkBase;
import org.tsdbbench.tdengine.TDengineRequests;

/**
 * The client's own cost per row in each write mode, no server, for a 1000-row request over 10
 * sub-tables: the INSERT text (sql), the per-sub-table columns the driver binds (stmt), the
 * schemaless lines (line). Targets: sql and stmt at least 5 M rows/s per thread.
 */
public class TDengineRequestBuild extends RequestBuildBenchmarkBase {

    private final TDengineRequests requests = new TDengineRequests();

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public List<String> sql() {
        return requests.sql(batch);
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void stmt(Blackhole bh) {
        requests.stmt(batch, bh::consume);
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public String[] line() {
        return requests.lines(batch);
    }
}
