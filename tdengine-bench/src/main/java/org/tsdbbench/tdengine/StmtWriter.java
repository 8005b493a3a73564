package org.tsdbbench.tdengine;

import com.taosdata.jdbc.TSDBPreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.iot.TruckBatch;

/**
 * {@code writeMode=stmt}: parameter binding on the native path, the way TDengine's own loaders
 * write: one prepared {@code INSERT INTO ? USING devices TAGS (?,?,?) VALUES (?,?,?)} per session;
 * per request, each sub-table's rows are bound as columns and the whole request is executed at
 * once. The driver returns no row count for a bound batch, so the rows of a batch that executed
 * without error are the rows acknowledged (the count after every cell checks them).
 */
final class StmtWriter implements RequestWriter {

    static final String INSERT = "INSERT INTO ? USING devices TAGS (?,?,?) VALUES (?,?,?)";

    private final TSDBPreparedStatement statement;
    private final StmtColumns columns = new StmtColumns();
    private final IotStmt iot;
    private final CpuStmt cpu;

    StmtWriter(JdbcChannel channel, IotLayout iotLayout, CpuLayout cpuLayout) throws DatabaseException {
        this.iot = new IotStmt(channel.connection(), iotLayout);
        this.cpu = new CpuStmt(channel.connection(), cpuLayout);
        try {
            this.statement = channel.connection().prepareStatement(INSERT).unwrap(TSDBPreparedStatement.class);
        } catch (SQLException e) {
            throw new DatabaseException("cannot prepare " + INSERT + ": " + e.getMessage(), e);
        }
    }

    @Override
    public long write(RowBatch batch) throws DatabaseException {
        columns.split(batch);
        try {
            for (int r = 0; r < columns.runs(); r++) {
                int first = columns.firstRow(r);
                columns.fill(batch, r);
                bind("dev" + batch.devid[first], batch.devid[first], batch.devname[first], batch.devgroup[first],
                        columns.ts, columns.temperature, columns.humidity);
            }
            statement.columnDataExecuteBatch();
            return batch.size();
        } catch (SQLException e) {
            throw new DatabaseException("bound insert of " + batch.size() + " rows failed: " + e.getMessage(), e);
        }
    }

    private void bind(String table, int devid, String devname, int devgroup, ArrayList<Long> ts, ArrayList<Integer> temperature,
                      ArrayList<Float> humidity) throws SQLException {
        statement.setTableName(table);
        statement.setTagInt(0, devid);
        statement.setTagString(1, devname);
        statement.setTagInt(2, devgroup);
        statement.setTimestamp(0, ts);
        statement.setInt(1, temperature);
        statement.setFloat(2, humidity);
        statement.columnDataAddBatch();
    }

    /** The runs' column lists built now; handing them to the driver and executing is the measured part. */
    @Override
    public PreparedStmt prepare(RowBatch batch) {
        return new PreparedStmt(batch.size(), columns.build(batch));
    }

    /** A request built by {@link #prepare}: each sub-table's tags and columns, ready to bind. */
    final class PreparedStmt implements PreparedWrite {
        private final int rows;
        final List<StmtColumns.Run> runs;

        private PreparedStmt(int rows, List<StmtColumns.Run> runs) {
            this.rows = rows;
            this.runs = runs;
        }

        @Override
        public int rows() {
            return rows;
        }

        @Override
        public long bytes() {
            long bytes = 0;
            for (StmtColumns.Run r : runs) bytes += r.bytes();
            return bytes;
        }

        @Override
        public long send() throws DatabaseException {
            try {
                for (StmtColumns.Run r : runs) bind(r.table(), r.devid(), r.devname(), r.devgroup(), r.ts(), r.temperature(), r.humidity());
                statement.columnDataExecuteBatch();
                return rows;
            } catch (SQLException e) {
                throw new DatabaseException("bound insert of " + rows + " rows failed: " + e.getMessage(), e);
            }
        }
    }

    @Override
    public long write(TruckBatch batch) throws DatabaseException {
        return iot.write(batch);
    }

    /** The IoT records copied now; sorting and binding them are part of the measured send. */
    @Override
    public PreparedWrite prepare(TruckBatch batch) {
        TruckBatch copy = batch.copy();
        return PreparedWrite.of(copy.size(), 80L * copy.size(), () -> iot.write(copy));
    }

    @Override
    public long write(CpuBatch batch) throws DatabaseException {
        return cpu.write(batch);
    }

    /** The cpu rows copied now; grouping and binding them are part of the measured send, as the IoT records'. */
    @Override
    public PreparedWrite prepare(CpuBatch batch) {
        CpuBatch copy = batch.copy();
        return PreparedWrite.of(copy.size(), 100L * copy.size(), () -> cpu.write(copy));
    }

    @Override
    public String acknowledgement() {
        return "rows of a bound batch that executed without error (the driver returns no count)";
    }

    @Override
    public void close() {
        iot.close();
        cpu.close();
        try {
            statement.columnDataCloseBatch();
            statement.close();
        } catch (SQLException e) {
            // the connection is going away with it
        }
    }
}
