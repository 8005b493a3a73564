package org.tsdbbench.tdengine;

import java.util.List;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.iot.TruckBatch;

/**
 * {@code writeMode=sql}: one INSERT per request over as many sub-tables as it spans (split only
 * past the server's SQL length limit); the server's affected-rows count is what is acknowledged.
 */
final class SqlWriter implements RequestWriter {

    private final Channel channel;
    private final TDengineInsertBuilder insert;
    private final IotInsertBuilder iotInsert;
    private final CpuInsertBuilder cpuInsert;
    private long splitRequests;

    SqlWriter(Channel channel, int maxSqlBytes, IotLayout iot, CpuLayout cpu) {
        this.channel = channel;
        this.insert = new TDengineInsertBuilder(maxSqlBytes);
        this.iotInsert = new IotInsertBuilder(iot, maxSqlBytes);
        this.cpuInsert = new CpuInsertBuilder(cpu, maxSqlBytes);
    }

    @Override
    public long write(RowBatch batch) throws DatabaseException {
        return send(insert.build(batch), batch.size());
    }

    @Override
    public PreparedWrite prepare(RowBatch batch) {
        return prepared(insert.build(batch), batch.size());
    }

    private PreparedWrite prepared(List<String> statements, int rows) {
        long bytes = 0;
        for (String s : statements) bytes += s.length(); // ASCII: one byte a character in a compact string
        return PreparedWrite.of(rows, bytes, () -> send(statements, rows));
    }

    @Override
    public long write(TruckBatch batch) throws DatabaseException {
        return send(buildIot(batch), batch.size());
    }

    @Override
    public PreparedWrite prepare(TruckBatch batch) throws DatabaseException {
        return prepared(buildIot(batch), batch.size());
    }

    private List<String> buildIot(TruckBatch batch) throws DatabaseException {
        try {
            return iotInsert.build(batch);
        } catch (IllegalArgumentException e) {
            throw new DatabaseException(e.getMessage(), e);
        }
    }

    @Override
    public long write(CpuBatch batch) throws DatabaseException {
        return send(buildCpu(batch), batch.size());
    }

    @Override
    public PreparedWrite prepare(CpuBatch batch) throws DatabaseException {
        return prepared(buildCpu(batch), batch.size());
    }

    private List<String> buildCpu(CpuBatch batch) throws DatabaseException {
        try {
            return cpuInsert.build(batch);
        } catch (IllegalArgumentException e) {
            throw new DatabaseException(e.getMessage(), e);
        }
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
