package org.tsdbbench.tdengine;

import java.util.ArrayList;
import java.util.List;
import org.tsdbbench.common.data.TextFormat;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotTag;
import org.tsdbbench.common.iot.TableRows;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.iot.Trucks;

/**
 * A request of IoT records as one multi-table INSERT, each sub-table created on its first insert:
 * {@code INSERT INTO db.r_truck_1 USING db.readings TAGS ('truck_1','South',...) VALUES (ts,...)(ts,...)
 * db.d_truck_1 USING db.diagnostics TAGS (...) VALUES ...}. The records are grouped by sub-table
 * ({@link IotRuns}), so a request names each sub-table once, as TSBS's loader does. Past {@code maxSqlBytes} the request is split into several statements.
 *
 * <p>Timestamps go in milliseconds (the database's precision, as TSBS's TDengine loader's): a
 * record with a sub-millisecond time is refused rather than rounded into another's.
 */
final class IotInsertBuilder {

    private final IotLayout layout;
    private final int maxSqlBytes;
    private final StringBuilder sql = new StringBuilder(1 << 16);
    private final IotRuns runs = new IotRuns();
    private final byte[] digits = new byte[TextFormat.SHORT_DECIMAL_MAX];

    IotInsertBuilder(IotLayout layout, int maxSqlBytes) {
        if (maxSqlBytes < 1024) throw new IllegalArgumentException("maxSqlBytes " + maxSqlBytes + " is below 1024");
        this.layout = layout;
        this.maxSqlBytes = maxSqlBytes;
    }

    /** One or more statements holding all the batch's records, each at most maxSqlBytes long. */
    List<String> build(TruckBatch batch) {
        List<String> statements = new ArrayList<>(1);
        sql.setLength(0);
        append(batch, batch.readings, statements);
        append(batch, batch.diagnostics, statements);
        if (sql.length() > 0) statements.add(sql.toString());
        return statements;
    }

    private void append(TruckBatch batch, TableRows rows, List<String> statements) {
        runs.sort(batch.trucks, rows);
        int current = Integer.MIN_VALUE;
        for (int k = 0; k < runs.size(); k++) {
            int row = runs.row(k);
            int name = runs.name(k);
            int mark = sql.length();
            if (name != current || sql.length() == 0) tableClause(batch.trucks, rows, row, name);
            values(rows, row);
            if (sql.length() > maxSqlBytes && mark > 0) {
                sql.setLength(mark);
                statements.add(sql.toString());
                sql.setLength(0);
                tableClause(batch.trucks, rows, row, name);
                values(rows, row);
            }
            current = name;
        }
    }

    private void tableClause(Trucks trucks, TableRows rows, int row, int name) {
        if (sql.length() == 0) sql.append("INSERT INTO");
        IotTable table = rows.table;
        sql.append(' ').append(layout.subTable(table, name)).append(" USING ").append(layout.table(table));
        if (name < 0) {
            sql.append(" TAGS (NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL)");
        } else {
            sql.append(" TAGS (");
            int truck = rows.truck[row];
            for (IotTag tag : IotTag.values()) {
                if (tag.ordinal() > 0) sql.append(',');
                int code = trucks.code(truck, tag);
                if (code < 0) {
                    sql.append("NULL");
                } else if (tag.numeric) {
                    sql.append(trucks.number(tag, code));
                } else {
                    sql.append('\'');
                    TDengineInsertBuilder.appendEscaped(sql, trucks.text(tag, code));
                    sql.append('\'');
                }
            }
            sql.append(')');
        }
        sql.append(" VALUES ");
    }

    private void values(TableRows rows, int row) {
        sql.append('(').append(IotLayout.millis(rows.ts[row]));
        IotTable table = rows.table;
        for (int f = 0; f < table.fieldCount(); f++) {
            sql.append(',');
            double v = rows.field[f][row];
            if (Double.isNaN(v)) {
                sql.append("NULL");
            } else if (table.isInteger(f)) {
                sql.append((long) v);
            } else {
                TextFormat.appendDecimal(sql, v, digits);
            }
        }
        sql.append(')');
    }
}
