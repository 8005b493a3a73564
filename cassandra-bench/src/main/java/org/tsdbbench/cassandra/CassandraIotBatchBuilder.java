package org.tsdbbench.cassandra;

import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotTag;
import org.tsdbbench.common.iot.TableRows;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.iot.Trucks;

/**
 * Turns a request of IoT records into statements ({@link IotCql}'s layout): per table, one UNLOGGED
 * batch of bound INSERTs per partition (fleet) the request touches, or one bound INSERT per record.
 * A null text tag is bound as {@code ''} (a null fleet as {@link IotCql#NULL_FLEET}: a partition key
 * may not be empty), a null numeric tag as NaN (primary-key columns cannot be null); a null field is left unset, so no cell (and no tombstone) is written for it. Binding
 * encodes every value, so this is the client's whole cost before the driver sends.
 */
public final class CassandraIotBatchBuilder {

    /** The fleet's code of a record without a fleet, as a partition of its own (stored as {@link IotCql#NULL_FLEET}). */
    private static final int NO_FLEET = -1;

    private CassandraIotBatchBuilder() {
    }

    /**
     * The statements of both tables, readings first, with the records of each in {@code rowsOf}.
     * {@code batch}: one UNLOGGED batch per (table, fleet); otherwise one INSERT per record.
     */
    public static List<Statement<?>> statements(PreparedStatement readings, PreparedStatement diagnostics, TruckBatch b, boolean batch,
                                                List<Integer> rowsOf) {
        List<Statement<?>> out = new ArrayList<>(batch ? 10 : b.size());
        add(readings, b.trucks, b.readings, batch, out, rowsOf);
        add(diagnostics, b.trucks, b.diagnostics, batch, out, rowsOf);
        return out;
    }

    private static void add(PreparedStatement insert, Trucks trucks, TableRows rows, boolean batch, List<Statement<?>> out, List<Integer> rowsOf) {
        int n = rows.size();
        if (n == 0) return;
        if (!batch) {
            for (int r = 0; r < n; r++) {
                out.add(bind(insert, trucks, rows, r));
                rowsOf.add(1);
            }
            return;
        }
        // The records by fleet (a client's trucks are of every fleet, interleaved): one batch per partition.
        int fleets = trucks.values(IotTag.FLEET).size() + 1;
        int[] count = new int[fleets];
        BatchStatementBuilder[] batches = new BatchStatementBuilder[fleets];
        for (int r = 0; r < n; r++) {
            int f = rows.tagCode(trucks, r, IotTag.FLEET) - NO_FLEET;
            if (batches[f] == null) batches[f] = BatchStatement.builder(BatchType.UNLOGGED);
            batches[f].addStatement(bind(insert, trucks, rows, r));
            count[f]++;
        }
        for (int f = 0; f < fleets; f++) {
            if (batches[f] == null) continue;
            out.add(batches[f].build());
            rowsOf.add(count[f]);
        }
    }

    /** One record's INSERT, every value bound in {@link IotCql#columns} order. */
    static BoundStatement bind(PreparedStatement insert, Trucks trucks, TableRows rows, int r) {
        long ns = rows.ts[r];
        if (ns % 1_000_000L != 0) {
            // A CQL timestamp holds milliseconds: a finer time would be stored as another.
            throw new IllegalArgumentException("record time " + ns + " ns is not a whole millisecond: Cassandra's timestamp holds milliseconds");
        }
        BoundStatementBuilder s = insert.boundStatementBuilder();
        int c = 0;
        String fleet = trucks.text(IotTag.FLEET, rows.tagCode(trucks, r, IotTag.FLEET));
        s.setString(c++, fleet == null ? IotCql.NULL_FLEET : fleet);
        for (IotTag tag : IotCql.CLUSTERING_TAGS) {
            int code = rows.tagCode(trucks, r, tag);
            if (tag.numeric) {
                s.setDouble(c++, code < 0 ? Double.NaN : trucks.number(tag, code));
            } else {
                String t = trucks.text(tag, code);
                s.setString(c++, t == null ? "" : t);
            }
        }
        s.setInstant(c++, Instant.ofEpochMilli(Math.floorDiv(ns, 1_000_000L)));
        IotTable table = rows.table;
        for (int f = 0; f < table.fieldCount(); f++, c++) {
            double v = rows.field[f][r];
            if (Double.isNaN(v)) continue;
            if (table.isInteger(f)) {
                s.setLong(c, (long) v);
            } else {
                s.setDouble(c, v);
            }
        }
        return s.build();
    }
}
