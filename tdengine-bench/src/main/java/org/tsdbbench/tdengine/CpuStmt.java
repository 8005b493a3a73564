package org.tsdbbench.tdengine;

import com.taosdata.jdbc.TSDBPreparedStatement;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.HostTags;

/**
 * {@code writeMode=stmt} for the DevOps hosts: one prepared {@code INSERT INTO ? USING db.cpu TAGS (?,...)
 * VALUES (?,...)}, prepared at the first write (the DevOps database exists by then); per request, each
 * host's rows ({@link SubTableRuns}) bound as eleven columns with the host's ten tags, then executed once. The
 * column lists are reused (the driver takes boxed lists). The driver returns no count: the rows of a
 * request that executed without error are the rows acknowledged.
 */
final class CpuStmt implements AutoCloseable {

    private final Connection connection;
    private final CpuLayout layout;
    private final SubTableRuns runs = new SubTableRuns();
    private final ArrayList<Long> ts = new ArrayList<>();
    private final List<ArrayList<Long>> fields = new ArrayList<>();
    private TSDBPreparedStatement statement;

    CpuStmt(Connection connection, CpuLayout layout) {
        this.connection = connection;
        this.layout = layout;
        for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) fields.add(new ArrayList<>());
    }

    long write(CpuBatch batch) throws DatabaseException {
        if (batch.isEmpty()) return 0;
        try {
            TSDBPreparedStatement st = statement();
            runs.sort(batch.size(), batch::host, batch::timeNs);
            for (int k = 0; k < runs.size(); k = runs.runEnd(k)) bind(st, batch, k, runs.runEnd(k));
            st.columnDataExecuteBatch();
            return batch.size();
        } catch (SQLException | IllegalArgumentException e) {
            throw new DatabaseException("bound insert of " + batch.size() + " cpu rows failed: " + e.getMessage(), e);
        }
    }

    private TSDBPreparedStatement statement() throws SQLException {
        if (statement == null) {
            StringBuilder sql = new StringBuilder("INSERT INTO ? USING ").append(layout.table()).append(" TAGS (?");
            for (int t = 1; t < HostTags.KEYS.size(); t++) sql.append(",?");
            sql.append(") VALUES (?");
            for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) sql.append(",?");
            statement = connection.prepareStatement(sql.append(')').toString()).unwrap(TSDBPreparedStatement.class);
        }
        return statement;
    }

    /** One host's rows [from, to) of the run order: its sub-table and tags, then its columns. */
    private void bind(TSDBPreparedStatement st, CpuBatch batch, int from, int to) throws SQLException {
        String[] tags = batch.tags(runs.row(from));
        st.setTableName(layout.subTable(tags[0]));
        for (int t = 0; t < tags.length; t++) st.setTagString(t, tags[t]);
        ts.clear();
        for (ArrayList<Long> f : fields) f.clear();
        long[] values = batch.values();
        for (int k = from; k < to; k++) {
            int row = runs.row(k);
            ts.add(CpuLayout.millis(batch.timeNs(row)));
            int at = row * CpuBatch.FIELD_COUNT;
            for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) fields.get(f).add(values[at + f]);
        }
        st.setTimestamp(0, ts);
        for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) st.setLong(f + 1, fields.get(f));
        st.columnDataAddBatch();
    }

    @Override
    public void close() {
        if (statement == null) return;
        try {
            statement.columnDataCloseBatch();
            statement.close();
        } catch (SQLException e) {
            // the connection is going away with it
        }
    }
}
