package org.tsdbbench.opentsdb.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.common.bench.IotRequestBuildBenchmarkBase;
import org.tsdbbench.opentsdb.IotPutBuilder;

/**
 * The client's own cost per IoT record, no server: the {@code /api/put} JSON of a request of
 * {@value #RECORDS} records (a point per field present plus a record point each), as
 * {@link OpenTsdbRequestBuild} measures the devices' rows.
 */
public class OpenTsdbIotRequestBuild extends IotRequestBuildBenchmarkBase {

    private final IotPutBuilder builder = new IotPutBuilder();

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public String buildPutJson() {
        return builder.build(batch);
    }
}
