package org.tsdbbench.tdengine;

import java.util.List;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.PreparedWrite;

/**
 * {@code writeMode=sql}: one INSERT per request over as many sub-tables as it spans (split only
 * past the server's SQL length limit); the server's affected-rows count is what is acknowledged.
 */
final class SqlWriter implements RequestWriter {

    private final Channel channel;
    private final TDengineInsertBuilder insert;
    private long splitRequests;

    SqlWriter(Channel channel, int maxSqlBytes) {
        this.channel = channel;
        this.insert = new TDengineInsertBuilder(maxSqlBytes);
    }

    @Override
    public long write(RowBatch batch) throws DatabaseException {
        return send(insert.build(batch), batch.size());
    }

    @Override
    public PreparedWrite prepare(RowBatch batch) {
        List<String> statements = insert.build(batch);
        int rows = batch.size();
        long bytes = 0;
        for (String s : statements) bytes += s.length(); // ASCII: one byte a character in a compact string
        return PreparedWrite.of(rows, bytes, () -> send(statements, rows));
    }

    private long send(List<String> statements, int rows) throws DatabaseException {
        if (statements.size() > 1) splitRequests++;
        long acked = 0;
        try {
            for (String sql : statements) acked += channel.update(sql);
            return acked;
        } catch (DatabaseException e) {
            throw new DatabaseException("insert of " + rows + " rows failed after " + acked + " acknowledged: " + e.getMessage(), e);
        }
    }

    /** Requests this writer had to send as several statements because one would have exceeded the SQL length limit. */
    long splitRequests() {
        return splitRequests;
    }

    @Override
    public String acknowledgement() {
        return "affected rows of each INSERT, counted by the server";
    }
}
