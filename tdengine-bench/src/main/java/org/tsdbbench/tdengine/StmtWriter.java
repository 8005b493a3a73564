package org.tsdbbench.tdengine;

import com.taosdata.jdbc.TSDBPreparedStatement;
import java.sql.SQLException;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.db.DatabaseException;

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

    StmtWriter(JdbcChannel channel) throws DatabaseException {
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
                statement.setTableName("dev" + batch.devid[first]);
                statement.setTagInt(0, batch.devid[first]);
                statement.setTagString(1, batch.devname[first]);
                statement.setTagInt(2, batch.devgroup[first]);
                columns.fill(batch, r);
                statement.setTimestamp(0, columns.ts);
                statement.setInt(1, columns.temperature);
                statement.setFloat(2, columns.humidity);
                statement.columnDataAddBatch();
            }
            statement.columnDataExecuteBatch();
            return batch.size();
        } catch (SQLException e) {
            throw new DatabaseException("bound insert of " + batch.size() + " rows failed: " + e.getMessage(), e);
        }
    }

    @Override
    public String acknowledgement() {
        return "rows of a bound batch that executed without error (the driver returns no count)";
    }

    @Override
    public void close() {
        try {
            statement.columnDataCloseBatch();
            statement.close();
        } catch (SQLException e) {
            // the connection is going away with it
        }
    }
}
