package org.tsdbbench.mysql.bench;

import java.io.IOException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Setup;
import org.tsdbbench.common.bench.CpuRequestBuildBenchmarkBase;
import org.tsdbbench.mysql.CpuInsertBuilder;

/**
 * The client's own cost per cpu-only row, no server: the base's {@value #ROWS} rows as the one multi-row
 * INSERT a session sends, each row's {@code cpu_tags} id looked up in an array by host number as a
 * session does once its hosts are inserted, as {@link MySqlIotRequestBuild} measures the trucks.
 */
public class MySqlCpuRequestBuild extends CpuRequestBuildBenchmarkBase {

    private final CpuInsertBuilder builder = new CpuInsertBuilder();
    /** The id of host {@code first + i} at {@code i}, numbered without a server. */
    private int[] ids;
    private int first;

    @Override
    @Setup
    public void makeBatch() throws IOException {
        super.makeBatch();
        first = batch.hosts().first();
        ids = new int[batch.hosts().end() - first];
        for (int i = 0; i < ids.length; i++) ids[i] = i + 1;
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public String buildInsert() {
        return builder.build(batch, host -> ids[host - first]);
    }
}
