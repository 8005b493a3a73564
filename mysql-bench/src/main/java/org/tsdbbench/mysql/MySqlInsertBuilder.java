package org.tsdbbench.mysql;

import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.TextFormat;

/**
 * Builds one multi-row INSERT for a batch: {@code INSERT INTO devices (...) VALUES (...),(...)}.
 * One statement per request means the server's affected-row count is exactly the rows it
 * acknowledged. The builder is reused for every request of a client (no garbage per row).
 */
public final class MySqlInsertBuilder {

    static final String PREFIX = "INSERT INTO devices (devid,devname,devgroup,ts,temperature,humidity) VALUES ";
    private final StringBuilder sql = new StringBuilder(1 << 16);

    public String build(RowBatch b) {
        sql.setLength(0);
        sql.append(PREFIX);
        for (int i = 0; i < b.size(); i++) {
            if (i > 0) sql.append(',');
            sql.append('(').append(b.devid[i]).append(",'");
            appendEscaped(b.devname[i]);
            sql.append("',").append(b.devgroup[i]).append(',').append(b.ts[i]).append(',').append(b.temperature[i]).append(',');
            TextFormat.appendFloat(sql, b.humidity[i]);
            sql.append(')');
        }
        return sql.toString();
    }

    private void appendEscaped(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\'' || c == '\\') sql.append('\\');
            sql.append(c);
        }
    }
}
