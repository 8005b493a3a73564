package org.tsdbbench.tdengine;

import java.util.List;
import java.util.function.Consumer;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.iot.TruckBatch;

/**
 * A request as each write mode builds it, without a server: what {@code TDengineRequestBuild}
 * measures, so that the client's cost per row is known apart from the database's.
 */
public final class TDengineRequests {

    private final TDengineInsertBuilder insert = new TDengineInsertBuilder(TDengineSettings.defaultMaxSqlBytes(3));
    private final StmtColumns columns = new StmtColumns();
    private final LineProtocolBuilder lines = new LineProtocolBuilder();
    private final IotInsertBuilder iotInsert = new IotInsertBuilder(new IotLayout("bench"), TDengineSettings.defaultMaxSqlBytes(3));
    private final CpuInsertBuilder cpuInsert =
            new CpuInsertBuilder(new CpuLayout("bench"), TDengineSettings.defaultMaxSqlBytes(3));

    /** writeMode=sql: the INSERT statement(s). */
    public List<String> sql(RowBatch batch) {
        return insert.build(batch);
    }

    /** writeMode=stmt: each sub-table's run of rows as the three bound columns, handed to {@code bind} one run at a time. */
    public void stmt(RowBatch batch, Consumer<Object> bind) {
        columns.split(batch);
        for (int r = 0; r < columns.runs(); r++) {
            columns.fill(batch, r);
            bind.accept(columns);
        }
    }

    /** writeMode=sql, the IoT trucks: the multi-table INSERT statement(s) of report C's layout. */
    public List<String> iotSql(TruckBatch batch) {
        return iotInsert.build(batch);
    }

    /** writeMode=sql, the DevOps hosts: the multi-table INSERT statement(s) of TSBS's layout. */
    public List<String> cpuSql(CpuBatch batch) {
        return cpuInsert.build(batch);
    }

    /** writeMode=line on the native path: one line-protocol string per row. */
    public String[] lines(RowBatch batch) {
        return lines.lines(batch);
    }
}
