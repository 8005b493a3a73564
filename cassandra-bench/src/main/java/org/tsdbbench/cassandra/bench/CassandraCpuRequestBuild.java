package org.tsdbbench.cassandra.bench;

import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.cassandra.CassandraCpuBatchBuilder;
import org.tsdbbench.common.bench.CpuRequestBuildBenchmarkBase;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.HostTags;

/**
 * The client's own cost per cpu-only row, no server: a request of {@value #ROWS} rows bound into the
 * module's prepared INSERT, one UNLOGGED batch per host, as a Cassandra session sends them. The prepared
 * statement is built offline as {@link CassandraBatchBind} builds the devices' one; binding runs the
 * driver's real codecs.
 */
public class CassandraCpuRequestBuild extends CpuRequestBuildBenchmarkBase {

    private final PreparedStatement insert = offlineInsert();
    private final CassandraCpuBatchBuilder builder = new CassandraCpuBatchBuilder();

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public List<Statement<?>> bindBatches() {
        return builder.statements(insert, batch, true, new ArrayList<>(HOSTS));
    }

    /** The prepared INSERT of {@code cpu} as the server would describe it: hostname, time, ten fields, nine tags. */
    public static PreparedStatement offlineInsert() {
        List<String> names = new ArrayList<>(List.of("hostname", "time"));
        List<Integer> types = new ArrayList<>(List.of(ProtocolConstants.DataType.VARCHAR,
                ProtocolConstants.DataType.TIMESTAMP));
        for (String field : CpuBatch.FIELDS) {
            names.add(field);
            types.add(ProtocolConstants.DataType.BIGINT);
        }
        for (String tag : HostTags.KEYS.subList(1, HostTags.KEYS.size())) {
            names.add(tag);
            types.add(ProtocolConstants.DataType.VARCHAR);
        }
        int[] codes = types.stream().mapToInt(Integer::intValue).toArray();
        return CassandraBatchBind.offlinePrepared("cpu", names.toArray(String[]::new), codes);
    }
}
