package org.tsdbbench.cnosdb.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.cnosdb.IotLayout;
import org.tsdbbench.cnosdb.LineProtocol;
import org.tsdbbench.common.bench.IotRequestBuildBenchmarkBase;

/**
 * The client's own cost per IoT record, no server: a request of {@value #RECORDS} records as line
 * protocol bytes, the body CnosDB's /api/v1/write takes.
 */
public class CnosIotRequestBuild extends IotRequestBuildBenchmarkBase {

    private final IotLayout layout = new IotLayout();
    private final LineProtocol lines = new LineProtocol();

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public int buildLineProtocol() {
        layout.lines(batch, lines);
        return lines.length();
    }
}
