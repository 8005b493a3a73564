package org.tsdbbench.tdengine;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.tsdbbench.common.data.TextFormat;
import org.tsdbbench.common.devops.CpuBatch;

/**
 * A request of cpu rows as one multi-table INSERT, each host's sub-table named once and created on its
 * first insert: {@code INSERT INTO db.host_0 USING db.cpu TAGS ('host_0',...) VALUES (ts,...)(ts,...)
 * db.host_1 USING ...} (the rows grouped by {@link SubTableRuns}). Built in bytes with no object per row: a
 * host's clause is copied ({@link HostClauses}), the values formatted in place. Past {@code maxSqlBytes}
 * the request is split into several statements.
 */
final class CpuInsertBuilder {

    private static final byte[] INSERT_INTO = "INSERT INTO".getBytes(StandardCharsets.US_ASCII);
    /** A row at most: its parentheses and eleven longs of up to 20 characters, each with a comma. */
    private static final int ROW_BYTES = 2 + (CpuBatch.FIELD_COUNT + 1) * 21;

    private final int maxSqlBytes;
    private final SubTableRuns runs = new SubTableRuns();
    private final HostClauses clauses;
    private byte[] sql = new byte[1 << 16];
    private int len;

    CpuInsertBuilder(CpuLayout layout, int maxSqlBytes) {
        if (maxSqlBytes < 1024) throw new IllegalArgumentException("maxSqlBytes " + maxSqlBytes + " is below 1024");
        this.maxSqlBytes = maxSqlBytes;
        this.clauses = new HostClauses(layout);
    }

    /** One or more statements holding all the batch's rows, each at most maxSqlBytes long. */
    List<String> build(CpuBatch batch) {
        List<String> statements = new ArrayList<>(1);
        len = 0;
        runs.sort(batch.size(), batch::host, batch::timeNs);
        int current = -1;
        for (int k = 0; k < runs.size(); k++) {
            int row = runs.row(k);
            int host = batch.host(row);
            int mark = len;
            if (host != current || len == 0) clause(batch, host);
            values(batch, row);
            if (len > maxSqlBytes && mark > 0) {
                statements.add(text(mark));
                len = 0;
                clause(batch, host);
                values(batch, row);
            }
            current = host;
        }
        if (len > 0) statements.add(text(len));
        return statements;
    }

    private void clause(CpuBatch batch, int host) {
        if (len == 0) put(INSERT_INTO);
        put(clauses.of(batch.hosts(), host));
    }

    private void values(CpuBatch batch, int row) {
        ensure(ROW_BYTES);
        sql[len++] = '(';
        len = TextFormat.appendLong(sql, len, CpuLayout.millis(batch.timeNs(row)));
        long[] values = batch.values();
        int at = row * CpuBatch.FIELD_COUNT;
        for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) {
            sql[len++] = ',';
            len = TextFormat.appendLong(sql, len, values[at + f]);
        }
        sql[len++] = ')';
    }

    private void put(byte[] bytes) {
        ensure(bytes.length);
        System.arraycopy(bytes, 0, sql, len, bytes.length);
        len += bytes.length;
    }

    private void ensure(int more) {
        if (len + more > sql.length) sql = Arrays.copyOf(sql, Math.max(2 * sql.length, len + more));
    }

    /** The statement in sql[0, end): UTF-8, as the clauses were written. */
    private String text(int end) {
        return new String(sql, 0, end, StandardCharsets.UTF_8);
    }
}
