package org.tsdbbench.influx.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.common.bench.RequestBuildBenchmarkBase;
import org.tsdbbench.influx.LineProtocolBuilder;

/** The client's own cost per row, no server: line protocol for a 1000-row request (target: at least 3 M rows/s per thread). */
public class InfluxRequestBuild extends RequestBuildBenchmarkBase {

    private final LineProtocolBuilder builder = new LineProtocolBuilder();

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public String buildLineProtocol() {
        return builder.build(batch);
    }
}
