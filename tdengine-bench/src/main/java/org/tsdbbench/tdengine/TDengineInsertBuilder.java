package org.tsdbbench.tdengine;

import java.util.ArrayList;
import java.util.List;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.TextFormat;

/**
 * Builds a request's INSERT as the original tool did: one statement carrying several devices'
 * rows, each device's sub-table created on first insert,
 * {@code INSERT INTO dev1 USING devices TAGS (1,'dev_1',1) VALUES (ts,t,h)(ts,t,h) dev2 USING ...}.
 *
 * <p>The server refuses SQL longer than its limit (1 MB on 3.x; 64 KB by default on 2.x, raised with
 * {@code maxSQLLength}). A request that would exceed {@code maxSqlBytes} is split into several
 * statements, each under the limit, sent one after the other; the session counts such splits so
 * the manifest can say that R/R was larger than one statement could carry.
 */
public final class TDengineInsertBuilder {

    /** The statement prefix and one device's clause can never be larger than this. */
    static final int MAX_ROW_BYTES = 64;
    static final int MAX_DEVICE_CLAUSE_BYTES = 128;

    private final int maxSqlBytes;
    private final StringBuilder sql = new StringBuilder(1 << 16);

    public TDengineInsertBuilder(int maxSqlBytes) {
        if (maxSqlBytes < 1024) throw new IllegalArgumentException("maxSqlBytes " + maxSqlBytes + " is below 1024");
        this.maxSqlBytes = maxSqlBytes;
    }

    /** One or more statements holding all the batch's rows, each at most maxSqlBytes long. */
    public List<String> build(RowBatch b) {
        List<String> statements = new ArrayList<>(1);
        sql.setLength(0);
        int device = Integer.MIN_VALUE;
        for (int i = 0; i < b.size(); i++) {
            boolean newDevice = b.devid[i] != device;
            int room = MAX_ROW_BYTES + (newDevice ? MAX_DEVICE_CLAUSE_BYTES : 0);
            if (sql.length() > 0 && sql.length() + room > maxSqlBytes) {
                statements.add(sql.toString());
                sql.setLength(0);
                newDevice = true;
            }
            if (sql.length() == 0) sql.append("INSERT INTO");
            if (newDevice) {
                device = b.devid[i];
                sql.append(" dev").append(device).append(" USING devices TAGS (").append(device).append(",'");
                appendEscaped(sql, b.devname[i]);
                sql.append("',").append(b.devgroup[i]).append(") VALUES ");
            }
            sql.append('(').append(b.ts[i]).append(',').append(b.temperature[i]).append(',');
            TextFormat.appendFloat(sql, b.humidity[i]);
            sql.append(')');
        }
        if (sql.length() > 0) statements.add(sql.toString());
        return statements;
    }

    /** A text for a quoted SQL literal: quotes and backslashes escaped. */
    static void appendEscaped(StringBuilder sql, String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\'' || c == '\\') sql.append('\\');
            sql.append(c);
        }
    }
}
