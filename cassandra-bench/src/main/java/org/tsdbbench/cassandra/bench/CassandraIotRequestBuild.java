package org.tsdbbench.cassandra.bench;

import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.cassandra.CassandraIotBatchBuilder;
import org.tsdbbench.common.bench.IotRequestBuildBenchmarkBase;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotTag;

/**
 * The client's own cost per IoT record, no server: a request of {@value #RECORDS} records bound into
 * the module's prepared INSERTs, one UNLOGGED batch per table and fleet, as a Cassandra session
 * sends them. The prepared statements are built offline as {@link CassandraBatchBind} builds the
 * devices' one; binding runs the driver's real codecs.
 */
public class CassandraIotRequestBuild extends IotRequestBuildBenchmarkBase {

    private final PreparedStatement readings = offlineInsert(IotTable.READINGS);
    private final PreparedStatement diagnostics = offlineInsert(IotTable.DIAGNOSTICS);

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public List<Statement<?>> bindBatches() {
        return CassandraIotBatchBuilder.statements(readings, diagnostics, batch, true, new ArrayList<>(10));
    }

    /** The prepared INSERT of a table of the IoT layout as the server would describe it: fleet, the seven other tags, ts, the fields. */
    public static PreparedStatement offlineInsert(IotTable table) {
        List<String> names = new ArrayList<>();
        List<Integer> types = new ArrayList<>();
        names.add(IotTag.FLEET.key);
        types.add(ProtocolConstants.DataType.VARCHAR);
        for (IotTag t : IotTag.values()) {
            if (t == IotTag.FLEET) continue;
            names.add(t.key);
            types.add(t.numeric ? ProtocolConstants.DataType.DOUBLE : ProtocolConstants.DataType.VARCHAR);
        }
        names.add("ts");
        types.add(ProtocolConstants.DataType.TIMESTAMP);
        for (int f = 0; f < table.fieldCount(); f++) {
            names.add(table.fields().get(f));
            types.add(table.isInteger(f) ? ProtocolConstants.DataType.BIGINT : ProtocolConstants.DataType.DOUBLE);
        }
        return CassandraBatchBind.offlinePrepared(table.measurement, names.toArray(String[]::new), types.stream().mapToInt(Integer::intValue).toArray());
    }
}
