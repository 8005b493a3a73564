package org.tsdbbench.mysql;

import org.tsdbbench.common.data.TextFormat;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.TableRows;

/**
 * Builds one table's rows of an IoT request as one multi-row INSERT:
 * {@code INSERT INTO readings (ts,tags_id,latitude,...) VALUES (...),(...)}, into one reused buffer
 * (no object per row). A row is its time in epoch nanoseconds, its tags row's id ({@link Ids}) and
 * its fields in their fewest plain decimals, a NaN field as NULL, diagnostics' status as an integer. One statement per table means
 * the server's affected-row count is exactly the rows it stored.
 */
public final class IotInsertBuilder {

    /** The id of a record's tags row (a session's {@link TagIds}, resolved before the build). */
    @FunctionalInterface
    public interface Ids {
        int id(TableRows rows, int row);
    }

    private static final String[] PREFIX = new String[IotTable.values().length];

    static {
        for (IotTable t : IotTable.values()) PREFIX[t.ordinal()] = "INSERT INTO " + t.measurement + " (" + IotSchema.columns(t) + ") VALUES ";
    }

    /** The ids a session would look up for the batch's records, numbered without a server (for benchmarks and tests). */
    public static Ids numberedIds(org.tsdbbench.common.iot.TruckBatch batch) {
        return TagIds.numbered(batch);
    }

    private final StringBuilder sql = new StringBuilder(1 << 16);
    private final byte[] digits = new byte[TextFormat.SHORT_DECIMAL_MAX];

    /** The INSERT of the table's rows, or null when it has none. */
    public String build(TableRows rows, Ids ids) {
        if (rows.size() == 0) return null;
        IotTable table = rows.table;
        int fields = table.fieldCount();
        sql.setLength(0);
        sql.append(PREFIX[table.ordinal()]);
        for (int r = 0; r < rows.size(); r++) {
            if (r > 0) sql.append(',');
            sql.append('(').append(rows.ts[r]).append(',').append(ids.id(rows, r));
            for (int f = 0; f < fields; f++) {
                sql.append(',');
                double v = rows.field[f][r];
                if (Double.isNaN(v)) sql.append("NULL");
                else if (table.isInteger(f)) sql.append((long) v);
                else TextFormat.appendDecimal(sql, v, digits);
            }
            sql.append(')');
        }
        return sql.toString();
    }
}
