package org.tsdbbench.tdengine.bench;

import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.common.bench.IotRequestBuildBenchmarkBase;
import org.tsdbbench.tdengine.TDengineRequests;

/**
 * The client's own cost per IoT record, no server: the multi-table INSERT text of writeMode=sql
 * (each truck's sub-tables named once, created with their tags), as {@link TDengineRequestBuild}
 * measures the devices' rows. The stmt path binds through the driver, which needs a server.
 */
public class TDengineIotRequestBuild extends IotRequestBuildBenchmarkBase {

    private final TDengineRequests requests = new TDengineRequests();

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public List<String> sql() {
        return requests.iotSql(batch);
    }
}
