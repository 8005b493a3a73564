package org.tsdbbench.tdengine;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.tsdbbench.common.data.RequestBytes;
import org.tsdbbench.common.data.TextFormat;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotTag;
import org.tsdbbench.common.iot.TableRows;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.iot.TruckEncodings;
import org.tsdbbench.common.iot.Trucks;

/**
 * A request of IoT records as one multi-table INSERT, each sub-table created on its first insert:
 * {@code INSERT INTO db.r_truck_1 USING db.readings TAGS ('truck_1','South',...) VALUES (ts,...)(ts,...)
 * db.d_truck_1 USING db.diagnostics TAGS (...) VALUES ...}. The records are grouped by sub-table
 * ({@link SubTableRuns}), so a request names each sub-table once, as TSBS's loader does. Past {@code maxSqlBytes} the request is split into several statements.
 *
 * <p>Built in bytes, no object per record: a sub-table's clause (its name, super table and tags)
 * is the same in every request, so it is written once per truck ({@link TruckEncodings}) and copied
 * after; the values are formatted in place. In a request of iot-2 every record is another truck's,
 * so the clause is most of the text.
 *
 * <p>Timestamps go in milliseconds (the database's precision, as TSBS's TDengine loader's): a
 * record with a sub-millisecond time is refused rather than rounded into another's.
 */
final class IotInsertBuilder {

    private static final byte[] INSERT_INTO = ascii("INSERT INTO");
    private static final byte[] NULL = ascii("NULL");
    /** Room for a value: a long's 20 characters or a double's {@link TextFormat#DOUBLE_MAX}, with its comma. */
    private static final int VALUE_BYTES = TextFormat.DOUBLE_MAX + 1;

    private final int maxSqlBytes;
    private final SubTableRuns runs = new SubTableRuns();
    /** Per table (by ordinal): each truck's sub-table clause, and the null-name table's. */
    private final TruckEncodings[] clauses = new TruckEncodings[IotTable.values().length];
    private final byte[][] nullNameClauses = new byte[IotTable.values().length][];
    private final RequestBytes sql = new RequestBytes();

    IotInsertBuilder(IotLayout layout, int maxSqlBytes) {
        if (maxSqlBytes < 1024) throw new IllegalArgumentException("maxSqlBytes " + maxSqlBytes + " is below 1024");
        this.maxSqlBytes = maxSqlBytes;
        for (IotTable table : IotTable.values()) {
            clauses[table.ordinal()] = new TruckEncodings((trucks, truck) -> clause(layout, table, trucks, truck));
            nullNameClauses[table.ordinal()] = clause(layout, table, null, -1);
        }
    }

    /** One or more statements holding all the batch's records, each at most maxSqlBytes long. */
    List<String> build(TruckBatch batch) {
        List<String> statements = new ArrayList<>(1);
        sql.clear();
        append(batch.trucks, batch.readings, statements);
        append(batch.trucks, batch.diagnostics, statements);
        if (sql.length() > 0) statements.add(text(sql.length()));
        return statements;
    }

    private void append(Trucks trucks, TableRows rows, List<String> statements) {
        runs.sort(rows.size(), i -> rows.tagCode(trucks, i, IotTag.NAME) + 1, i -> rows.ts[i]);
        int current = Integer.MIN_VALUE;
        for (int k = 0; k < runs.size(); k++) {
            int row = runs.row(k);
            int name = runs.subTable(k) - 1;
            int mark = sql.length();
            if (name != current || mark == 0) tableClause(trucks, rows, row, name);
            values(rows, row);
            if (sql.length() > maxSqlBytes && mark > 0) {
                statements.add(text(mark));
                sql.clear();
                tableClause(trucks, rows, row, name);
                values(rows, row);
            }
            current = name;
        }
    }

    private void tableClause(Trucks trucks, TableRows rows, int row, int name) {
        if (sql.length() == 0) sql.append(INSERT_INTO);
        int table = rows.table.ordinal();
        // A named record's sub-table is its truck's (the name is the truck's, the row nulls no other tag of the clause).
        sql.append(name < 0 ? nullNameClauses[table] : clauses[table].of(trucks, rows.truck[row]));
    }

    /**
     * {@code " db.r_truck_1 USING db.readings TAGS ('truck_1',...) VALUES "} of a truck, or of the
     * null-name table (truck -1: every tag NULL), as UTF-8.
     */
    private static byte[] clause(IotLayout layout, IotTable table, Trucks trucks, int truck) {
        int name = truck < 0 ? -1 : trucks.code(truck, IotTag.NAME);
        StringBuilder s = new StringBuilder(160);
        s.append(' ').append(layout.subTable(table, name)).append(" USING ").append(layout.table(table)).append(" TAGS (");
        for (IotTag tag : IotTag.values()) {
            if (tag.ordinal() > 0) s.append(',');
            int code = name < 0 ? -1 : trucks.code(truck, tag);
            if (code < 0) {
                s.append("NULL");
            } else if (tag.numeric) {
                s.append(trucks.number(tag, code));
            } else {
                s.append('\'');
                TDengineInsertBuilder.appendEscaped(s, trucks.text(tag, code));
                s.append('\'');
            }
        }
        return s.append(") VALUES ").toString().getBytes(StandardCharsets.UTF_8);
    }

    private void values(TableRows rows, int row) {
        IotTable table = rows.table;
        RequestBytes out = sql;
        out.reserve(2 + (table.fieldCount() + 1) * VALUE_BYTES);
        out.put('(').number(IotLayout.millis(rows.ts[row]));
        for (int f = 0; f < table.fieldCount(); f++) {
            out.put(',');
            double v = rows.field[f][row];
            if (Double.isNaN(v)) {
                out.append(NULL);
            } else if (table.isInteger(f)) {
                out.number((long) v);
            } else {
                out.number(v);
            }
        }
        out.put(')');
    }

    /** The statement in the first {@code end} bytes: UTF-8, as the clauses were written. */
    private String text(int end) {
        return new String(sql.array(), 0, end, StandardCharsets.UTF_8);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
