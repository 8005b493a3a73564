package org.tsdbbench.timescaledb.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.common.bench.CpuRequestBuildBenchmarkBase;
import org.tsdbbench.timescaledb.TimescaleCpuRequests;

/**
 * The client's own cost per cpu-only row, no server: the binary COPY body of {@code devops.cpu} (TSBS's
 * loader's way, the module's one mode for cpu-only), as {@link TimescaleIotRequestBuild} measures the
 * trucks; each row's host looked up in the session's array of tags row ids.
 */
public class TimescaleCpuRequestBuild extends CpuRequestBuildBenchmarkBase {

    private final TimescaleCpuRequests requests = new TimescaleCpuRequests();

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public int buildCopy() {
        return requests.copy(batch);
    }
}
