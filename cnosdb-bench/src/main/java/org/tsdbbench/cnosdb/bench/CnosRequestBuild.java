package org.tsdbbench.cnosdb.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.cnosdb.DevicesLayout;
import org.tsdbbench.cnosdb.LineProtocol;
import org.tsdbbench.common.bench.RequestBuildBenchmarkBase;

/** The client's own cost per row, no server: a 1000-row request as line protocol bytes, the body CnosDB's /api/v1/write takes. */
public class CnosRequestBuild extends RequestBuildBenchmarkBase {

    private final LineProtocol lines = new LineProtocol();

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public int buildLineProtocol() {
        DevicesLayout.lines(batch, lines);
        return lines.length();
    }
}
