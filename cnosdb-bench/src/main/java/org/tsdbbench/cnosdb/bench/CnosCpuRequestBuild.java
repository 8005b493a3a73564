package org.tsdbbench.cnosdb.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.cnosdb.CnosCpuRequests;
import org.tsdbbench.common.bench.CpuRequestBuildBenchmarkBase;

/**
 * The client's own cost per cpu-only row, no server: a request of {@value #ROWS} generated rows as
 * the line protocol bytes CnosDB's /api/v1/write takes, as {@link CnosIotRequestBuild} measures the
 * trucks (a TSBS file's lines are sent as they are, with nothing to build).
 */
public class CnosCpuRequestBuild extends CpuRequestBuildBenchmarkBase {

    private final CnosCpuRequests requests = new CnosCpuRequests();

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public int buildLineProtocol() {
        return requests.lines(batch);
    }
}
