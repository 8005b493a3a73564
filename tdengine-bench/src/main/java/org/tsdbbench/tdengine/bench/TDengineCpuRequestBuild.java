package org.tsdbbench.tdengine.bench;

import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.common.bench.CpuRequestBuildBenchmarkBase;
import org.tsdbbench.tdengine.TDengineRequests;

/**
 * The client's own cost per cpu-only row, no server: the multi-table INSERT text of writeMode=sql
 * (each host's sub-table named once, created with its tags), as {@link TDengineIotRequestBuild}
 * measures the trucks. The stmt path binds through the driver, which needs a server.
 */
public class TDengineCpuRequestBuild extends CpuRequestBuildBenchmarkBase {

    private final TDengineRequests requests = new TDengineRequests();

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public List<String> sql() {
        return requests.cpuSql(batch);
    }
}
