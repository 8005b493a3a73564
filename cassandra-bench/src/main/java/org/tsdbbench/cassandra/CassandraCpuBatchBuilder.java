package org.tsdbbench.cassandra;

import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.tsdbbench.common.devops.CpuBatch;

/**
 * Turns a request of {@code cpu} rows into statements ({@link CpuCql}'s layout): one UNLOGGED batch of
 * bound INSERTs per host (partition) the request touches, or one bound INSERT per row. A host's
 * static tags are bound on its first row of the request only; its other rows leave them unset (no
 * cell written). One builder per session: its sort buffer is reused from request to request.
 */
public final class CassandraCpuBatchBuilder {

    /** The request's rows by host: {@code host << 32 | row}, sorted; grown as needed, never shrunk. */
    private long[] byHost = new long[0];

    /** The statements, each one's rows in {@code rowsOf}: a batch per host ({@code batch}), else an INSERT a row. */
    public List<Statement<?>> statements(PreparedStatement insert, CpuBatch b, boolean batch, List<Integer> rowsOf) {
        int n = b.size();
        if (byHost.length < n) byHost = new long[Math.max(n, 2 * byHost.length)];
        for (int r = 0; r < n; r++) byHost[r] = (long) b.host(r) << 32 | r;
        Arrays.sort(byHost, 0, n);
        List<Statement<?>> out = new ArrayList<>(batch ? 16 : n);
        int start = 0;
        while (start < n) {
            int host = (int) (byHost[start] >>> 32);
            int end = start + 1;
            while (end < n && (int) (byHost[end] >>> 32) == host) end++;
            if (batch) {
                BatchStatementBuilder hostBatch = BatchStatement.builder(BatchType.UNLOGGED);
                for (int i = start; i < end; i++) hostBatch.addStatement(bind(insert, b, (int) byHost[i], i == start));
                out.add(hostBatch.build());
                rowsOf.add(end - start);
            } else {
                for (int i = start; i < end; i++) {
                    out.add(bind(insert, b, (int) byHost[i], i == start));
                    rowsOf.add(1);
                }
            }
            start = end;
        }
        return out;
    }

    /** One row's INSERT in {@link CpuCql#columns} order; the static tags bound only when {@code withTags}. */
    static BoundStatement bind(PreparedStatement insert, CpuBatch b, int r, boolean withTags) {
        long ns = b.timeNs(r);
        if (ns % 1_000_000L != 0) {
            // A CQL timestamp holds milliseconds: a finer time would be stored as another.
            throw new IllegalArgumentException("row time " + ns + " ns is not a whole millisecond:"
                    + " Cassandra's timestamp holds milliseconds");
        }
        String[] tags = b.tags(r);
        BoundStatementBuilder s = insert.boundStatementBuilder();
        s.setString(0, tags[0]);
        s.setInstant(1, Instant.ofEpochMilli(Math.floorDiv(ns, 1_000_000L)));
        long[] values = b.values();
        int first = r * CpuBatch.FIELD_COUNT;
        for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) s.setLong(CpuCql.FIRST_FIELD + f, values[first + f]);
        if (withTags) {
            for (int t = 1; t < tags.length; t++) {
                if (tags[t] != null) s.setString(CpuCql.FIRST_TAG + t - 1, tags[t]);
            }
        }
        return s.build();
    }
}
