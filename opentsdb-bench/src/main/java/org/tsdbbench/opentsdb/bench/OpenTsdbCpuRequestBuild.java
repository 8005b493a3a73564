package org.tsdbbench.opentsdb.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.common.bench.CpuRequestBuildBenchmarkBase;
import org.tsdbbench.opentsdb.CpuPutBuilder;

/**
 * The client's own cost per cpu-only row, no server: the {@code /api/put} JSON of a request of
 * {@value #ROWS} rows (ten points a row, each with eight of its host's tags), as
 * {@link OpenTsdbIotRequestBuild} measures the trucks.
 */
public class OpenTsdbCpuRequestBuild extends CpuRequestBuildBenchmarkBase {

    private final CpuPutBuilder builder = new CpuPutBuilder();

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public String buildPutJson() {
        return builder.build(batch);
    }
}
