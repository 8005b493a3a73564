package org.tsdbbench.cassandra;

import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.tsdbbench.common.data.RowBatch;

/**
 * Turns a request's rows into statements: one UNLOGGED batch per run of rows of one partition
 * (devgroup), or one bound INSERT per row. Binding encodes every value, so this is the client's
 * whole cost before the driver sends.
 */
public final class CassandraBatchBuilder {

    private CassandraBatchBuilder() {
    }

    /** The batches, with the row count of each in {@code rowsOf}. */
    public static List<Statement<?>> batches(PreparedStatement insert, RowBatch b, List<Integer> rowsOf) {
        List<Statement<?>> out = new ArrayList<>(1);
        int start = 0;
        for (int i = 1; i <= b.size(); i++) {
            if (i == b.size() || b.devgroup[i] != b.devgroup[start]) {
                BatchStatementBuilder batch = BatchStatement.builder(BatchType.UNLOGGED);
                for (int r = start; r < i; r++) batch.addStatement(bind(insert, b, r));
                out.add(batch.build());
                rowsOf.add(i - start);
                start = i;
            }
        }
        return out;
    }

    /** One bound INSERT per row (the async write mode). */
    public static List<Statement<?>> singles(PreparedStatement insert, RowBatch b, List<Integer> rowsOf) {
        List<Statement<?>> out = new ArrayList<>(b.size());
        for (int i = 0; i < b.size(); i++) {
            out.add(bind(insert, b, i));
            rowsOf.add(1);
        }
        return out;
    }

    static BoundStatement bind(PreparedStatement ps, RowBatch b, int i) {
        return ps.bind(b.devgroup[i], b.devid[i], b.devname[i], Instant.ofEpochMilli(b.ts[i]), b.temperature[i], b.humidity[i]);
    }
}
