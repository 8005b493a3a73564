package org.tsdbbench.timescaledb;

import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.TextFormat;

/**
 * Builds one multi-row INSERT for a batch: {@code INSERT INTO devices (...) VALUES (...),(...)}.
 * One statement per request, one implicit transaction: the server's row count ({@code INSERT 0 n})
 * is exactly the rows it acknowledged. The builder is reused for every request of a client (no
 * garbage per row). Strings are standard SQL literals (PostgreSQL's standard_conforming_strings,
 * on by default): only a quote is doubled.
 */
public final class InsertBuilder {

    static final String PREFIX = "INSERT INTO " + DevicesTable.NAME + " (" + DevicesTable.COLUMNS + ") VALUES ";
    private final StringBuilder sql = new StringBuilder(1 << 16);
    private final TimestampText timestamps = new TimestampText();

    public String build(RowBatch b) {
        sql.setLength(0);
        sql.append(PREFIX);
        for (int i = 0; i < b.size(); i++) {
            if (i > 0) sql.append(',');
            sql.append("('");
            timestamps.append(sql, b.ts[i]);
            sql.append("',").append(b.devid[i]).append(",'");
            appendQuoted(b.devname[i]);
            sql.append("',").append(b.devgroup[i]).append(',').append(b.temperature[i]).append(',');
            TextFormat.appendFloat(sql, b.humidity[i]);
            sql.append(')');
        }
        return sql.toString();
    }

    private void appendQuoted(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\'') sql.append('\'');
            sql.append(c);
        }
    }
}
