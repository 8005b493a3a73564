package org.tsdbbench.tdengine;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.tsdbbench.common.data.RequestBytes;
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
    private final RequestBytes sql = new RequestBytes();

    CpuInsertBuilder(CpuLayout layout, int maxSqlBytes) {
        if (maxSqlBytes < 1024) throw new IllegalArgumentException("maxSqlBytes " + maxSqlBytes + " is below 1024");
        this.maxSqlBytes = maxSqlBytes;
        this.clauses = new HostClauses(layout);
    }

    /** One or more statements holding all the batch's rows, each at most maxSqlBytes long. */
    List<String> build(CpuBatch batch) {
        List<String> statements = new ArrayList<>(1);
        sql.clear();
        runs.sort(batch.size(), batch::host, batch::timeNs);
        int current = -1;
        for (int k = 0; k < runs.size(); k++) {
            int row = runs.row(k);
            int host = batch.host(row);
            int mark = sql.length();
            if (host != current || mark == 0) clause(batch, host);
            values(batch, row);
            if (sql.length() > maxSqlBytes && mark > 0) {
                statements.add(text(mark));
                sql.clear();
                clause(batch, host);
                values(batch, row);
            }
            current = host;
        }
        if (sql.length() > 0) statements.add(text(sql.length()));
        return statements;
    }

    private void clause(CpuBatch batch, int host) {
        if (sql.length() == 0) sql.append(INSERT_INTO);
        sql.append(clauses.of(batch.hosts(), host));
    }

    private void values(CpuBatch batch, int row) {
        RequestBytes out = sql;
        out.reserve(ROW_BYTES);
        out.put('(').number(CpuLayout.millis(batch.timeNs(row)));
        long[] values = batch.values();
        int at = row * CpuBatch.FIELD_COUNT;
        for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) out.put(',').number(values[at + f]);
        out.put(')');
    }

    /** The statement in the first {@code end} bytes: UTF-8, as the clauses were written. */
    private String text(int end) {
        return new String(sql.array(), 0, end, StandardCharsets.UTF_8);
    }
}
