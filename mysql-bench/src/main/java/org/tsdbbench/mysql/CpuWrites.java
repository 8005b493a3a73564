package org.tsdbbench.mysql;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.devops.CpuBatch;

/**
 * A session's DevOps write path: the batch's new hosts inserted into {@code cpu_tags} first (a tags
 * row without cpu rows is harmless), then its rows as one multi-row INSERT in autocommit, whose
 * affected-row count is the rows acknowledged.
 */
final class CpuWrites {

    private final Connection connection;
    private final HostIds hostIds = new HostIds();
    private final CpuInsertBuilder insert = new CpuInsertBuilder();

    CpuWrites(Connection connection) {
        this.connection = connection;
    }

    /** Forgets the host ids: the session recreated the tables. */
    void clear() {
        hostIds.clear();
    }

    /** The request built now (its new hosts' tags rows inserted now), sent by the returned write. */
    PreparedWrite prepare(CpuBatch batch) throws DatabaseException {
        int rows = batch.size();
        if (rows == 0) return PreparedWrite.of(0, 0, () -> 0);
        try {
            hostIds.resolve(connection, batch);
        } catch (SQLException e) {
            throw failed(rows, e);
        }
        String sql = insert.build(batch, hostIds::id);
        return PreparedWrite.of(rows, 64L + sql.length(), () -> send(rows, sql));
    }

    private long send(int rows, String sql) throws DatabaseException {
        try (Statement st = connection.createStatement()) {
            return st.executeUpdate(sql);
        } catch (SQLException e) {
            throw failed(rows, e);
        }
    }

    private static DatabaseException failed(int rows, SQLException e) {
        return new DatabaseException("MySQL insert of " + rows + " cpu rows failed: " + e.getMessage(), e);
    }
}
