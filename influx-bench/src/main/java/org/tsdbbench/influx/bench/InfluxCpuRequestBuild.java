package org.tsdbbench.influx.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.common.bench.CpuRequestBuildBenchmarkBase;
import org.tsdbbench.influx.CpuRequestBody;

/**
 * The client's own cost per cpu-only row, no server: TSBS's influx lines for a request of
 * {@value #ROWS} generated rows, as {@link InfluxIotRequestBuild} measures the trucks (a TSBS
 * file's lines are sent as they are, with nothing to build).
 */
public class InfluxCpuRequestBuild extends CpuRequestBuildBenchmarkBase {

    private final CpuRequestBody body = new CpuRequestBody();

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public int buildLines() {
        return body.build(batch);
    }
}
