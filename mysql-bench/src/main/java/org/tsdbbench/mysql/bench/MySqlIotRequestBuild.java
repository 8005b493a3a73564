package org.tsdbbench.mysql.bench;

import java.io.IOException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.Blackhole;
import org.tsdbbench.common.bench.IotRequestBuildBenchmarkBase;
import org.tsdbbench.mysql.IotInsertBuilder;

/**
 * The client's own cost per IoT record, no server: the base's 1,000 records as the two multi-row
 * INSERTs a session sends (readings, diagnostics), each record's tags row id looked up as a session
 * does once its tag sets are known. The score is records/s per thread, beside
 * {@link MySqlRequestBuild}'s device rows.
 */
public class MySqlIotRequestBuild extends IotRequestBuildBenchmarkBase {

    private final IotInsertBuilder builder = new IotInsertBuilder();
    private IotInsertBuilder.Ids ids;

    @Override
    @Setup
    public void makeBatch() throws IOException {
        super.makeBatch();
        ids = IotInsertBuilder.numberedIds(batch);
    }

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public void buildInserts(Blackhole bh) {
        bh.consume(builder.build(batch.readings, ids));
        bh.consume(builder.build(batch.diagnostics, ids));
    }
}
