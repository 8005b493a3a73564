package org.tsdbbench.cassandra.bench;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.DefaultProtocolVersion;
import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.detach.AttachmentPoint;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import com.datastax.oss.driver.internal.core.cql.DefaultColumnDefinition;
import com.datastax.oss.driver.internal.core.cql.DefaultColumnDefinitions;
import com.datastax.oss.driver.internal.core.cql.DefaultPreparedStatement;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.response.result.ColumnSpec;
import com.datastax.oss.protocol.internal.response.result.RawType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.tsdbbench.cassandra.CassandraBatchBuilder;
import org.tsdbbench.common.bench.RequestBuildBenchmarkBase;

/**
 * The client's own cost per row, no server: binding a 1000-row request of the module's prepared
 * INSERT into UNLOGGED batches, one per partition (target: at least 1 M rows/s per thread). The
 * driver makes prepared statements only from a server's answer, so the setup builds the one the
 * server would return (same columns and types) from the driver's internal classes; binding then
 * runs the driver's real codecs, exactly as the session does.
 */
public class CassandraBatchBind extends RequestBuildBenchmarkBase {

    private final PreparedStatement insert = offlineInsert();

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public List<Statement<?>> bindBatch() {
        return CassandraBatchBuilder.batches(insert, batch, new ArrayList<>(10));
    }

    /** The prepared INSERT of CassandraSession as the server would describe it. */
    public static PreparedStatement offlineInsert() {
        String[] names = {"devgroup", "devid", "devname", "ts", "temperature", "humidity"};
        int[] types = {ProtocolConstants.DataType.INT, ProtocolConstants.DataType.INT, ProtocolConstants.DataType.VARCHAR,
            ProtocolConstants.DataType.TIMESTAMP, ProtocolConstants.DataType.INT, ProtocolConstants.DataType.FLOAT};
        return offlinePrepared("devices", names, types);
    }

    /** A prepared INSERT into {@code bench.<table>} of these columns (protocol type codes), as the server would describe it. */
    public static PreparedStatement offlinePrepared(String table, String[] names, int[] types) {
        List<ColumnDefinition> columns = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            columns.add(new DefaultColumnDefinition(new ColumnSpec("bench", table, names[i], i, RawType.PRIMITIVES.get(types[i])),
                    AttachmentPoint.NONE));
        }
        return new DefaultPreparedStatement(ByteBuffer.wrap(new byte[] {1}), "INSERT INTO bench." + table + " (...) VALUES (...)",
                DefaultColumnDefinitions.valueOf(columns), List.of(0), null, DefaultColumnDefinitions.valueOf(List.of()),
                CqlIdentifier.fromCql("bench"), Map.of(), null, null, null, null, null, Map.of(), null, null, null, -1, null, null,
                false, CodecRegistry.DEFAULT, DefaultProtocolVersion.V5);
    }
}
