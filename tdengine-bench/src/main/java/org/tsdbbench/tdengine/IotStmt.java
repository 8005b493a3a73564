package org.tsdbbench.tdengine;

import com.taosdata.jdbc.TSDBConstants;
import com.taosdata.jdbc.TSDBPreparedStatement;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotTag;
import org.tsdbbench.common.iot.TableRows;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.iot.Trucks;

/**
 * {@code writeMode=stmt} for the IoT trucks: one prepared {@code INSERT INTO ? USING db.readings
 * TAGS (?,...) VALUES (?,...)} per table, prepared at the first write (the IoT database exists by
 * then); per request, each sub-table's records ({@link SubTableRuns}) bound as columns with the truck's
 * tags, then each table's statement executed once. The driver returns no count: the records of a
 * request whose two executions succeeded are the records acknowledged.
 */
final class IotStmt implements AutoCloseable {

    private final Connection connection;
    private final IotLayout layout;
    private final TSDBPreparedStatement[] statements = new TSDBPreparedStatement[IotTable.values().length];
    private final SubTableRuns runs = new SubTableRuns();
    private final ArrayList<Long> ts = new ArrayList<>();
    private final List<ArrayList<Double>> doubles = new ArrayList<>();
    private final ArrayList<Long> status = new ArrayList<>();

    IotStmt(Connection connection, IotLayout layout) {
        this.connection = connection;
        this.layout = layout;
        for (int f = 0; f < IotTable.MAX_FIELDS; f++) doubles.add(new ArrayList<>());
    }

    long write(TruckBatch batch) throws DatabaseException {
        for (IotTable table : IotTable.values()) {
            TableRows rows = batch.rows(table);
            if (rows.size() == 0) continue;
            try {
                TSDBPreparedStatement st = statement(table);
                runs.sort(rows.size(), i -> rows.tagCode(batch.trucks, i, IotTag.NAME) + 1, i -> rows.ts[i]);
                for (int k = 0; k < runs.size(); k = runs.runEnd(k)) bind(st, batch.trucks, rows, k, runs.runEnd(k));
                st.columnDataExecuteBatch();
            } catch (SQLException | IllegalArgumentException e) {
                throw new DatabaseException("bound insert of " + batch.size() + " IoT records failed at " + table.measurement + ": " + e.getMessage(), e);
            }
        }
        return batch.size();
    }

    private TSDBPreparedStatement statement(IotTable table) throws SQLException {
        TSDBPreparedStatement st = statements[table.ordinal()];
        if (st == null) {
            StringBuilder sql = new StringBuilder("INSERT INTO ? USING ").append(layout.table(table)).append(" TAGS (?,?,?,?,?,?,?,?) VALUES (?");
            for (int f = 0; f < table.fieldCount(); f++) sql.append(",?");
            st = connection.prepareStatement(sql.append(')').toString()).unwrap(TSDBPreparedStatement.class);
            statements[table.ordinal()] = st;
        }
        return st;
    }

    /** One sub-table's records [from, to) of the sorted order: its name and tags, then its columns. */
    private void bind(TSDBPreparedStatement st, Trucks trucks, TableRows rows, int from, int to) throws SQLException {
        IotTable table = rows.table;
        int name = runs.subTable(from) - 1;
        int truck = rows.truck[runs.row(from)];
        st.setTableName(layout.subTable(table, name));
        for (IotTag tag : IotTag.values()) {
            int code = name < 0 ? -1 : trucks.code(truck, tag);
            int i = tag.ordinal();
            if (code < 0) {
                // BINARY: 3.x's VARCHAR is the same type code (8), and the 2.x driver of the -Ptdengine2 build knows only BINARY.
                st.setTagNull(i, tag.numeric ? TSDBConstants.TSDB_DATA_TYPE_DOUBLE : TSDBConstants.TSDB_DATA_TYPE_BINARY);
            } else if (tag.numeric) {
                st.setTagDouble(i, trucks.number(tag, code));
            } else {
                st.setTagString(i, trucks.text(tag, code));
            }
        }
        ts.clear();
        status.clear();
        for (ArrayList<Double> d : doubles) d.clear();
        for (int k = from; k < to; k++) {
            int row = runs.row(k);
            ts.add(IotLayout.millis(rows.ts[row]));
            for (int f = 0; f < table.fieldCount(); f++) {
                double v = rows.field[f][row];
                if (table.isInteger(f)) {
                    status.add(Double.isNaN(v) ? null : (long) v);
                } else {
                    doubles.get(f).add(Double.isNaN(v) ? null : v);
                }
            }
        }
        st.setTimestamp(0, ts);
        for (int f = 0; f < table.fieldCount(); f++) {
            if (table.isInteger(f)) {
                st.setLong(f + 1, status);
            } else {
                st.setDouble(f + 1, doubles.get(f));
            }
        }
        st.columnDataAddBatch();
    }

    @Override
    public void close() {
        for (TSDBPreparedStatement st : statements) {
            if (st == null) continue;
            try {
                st.columnDataCloseBatch();
                st.close();
            } catch (SQLException e) {
                // the connection is going away with it
            }
        }
    }
}
