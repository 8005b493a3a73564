package org.tsdbbench.opentsdb.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.common.bench.RequestBuildBenchmarkBase;
import org.tsdbbench.opentsdb.PutRequestBuilder;

/** The client's own cost per row, no server: the /api/put JSON of a 1000-row request, 2000 points (target: at least 2 M points/s, i.e. 1 M rows/s, per thread). */
public class OpenTsdbRequestBuild extends RequestBuildBenchmarkBase {

    private final PutRequestBuilder builder = new PutRequestBuilder();

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public String buildPutJson() {
        return builder.build(batch);
    }
}
