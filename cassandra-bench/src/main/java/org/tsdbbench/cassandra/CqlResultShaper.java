package org.tsdbbench.cassandra;

import java.util.TreeMap;
import org.tsdbbench.common.query.Aggregate;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.query.ResultSink;

/**
 * Turns CQL's rows into the catalog's: spread is MAX - MIN of the row; q4's per-device minute
 * buckets (minute, count, sum) are summed into one bucket per minute and the function applied.
 * The merging is arithmetic on the database's own counts and sums, never on raw rows.
 */
final class CqlResultShaper implements ResultSink {

    private final LogicalQuery query;
    private final ResultSink sink;
    private final double[] out = new double[2];
    private final TreeMap<Long, long[]> minutes = new TreeMap<>();

    CqlResultShaper(LogicalQuery query, ResultSink sink) {
        this.query = query;
        this.sink = sink;
    }

    @Override
    public void row(double[] v) {
        switch (query.family()) {
            case Q1_FULL_READ, Q6_RANGE -> sink.row(v);
            case Q2_AGGREGATE, Q5_DEVICE_FUNCTION -> {
                out[0] = query.function() == Aggregate.SPREAD ? v[0] - v[1] : v[0];
                sink.row(new double[] {out[0]});
            }
            case Q3_GROUP_BY_TAG -> {
                out[0] = v[0];
                out[1] = query.function() == Aggregate.SPREAD ? v[1] - v[2] : v[1];
                sink.row(out);
            }
            case Q4_GROUP_BY_MINUTE -> {
                long[] bucket = minutes.computeIfAbsent((long) v[0], k -> new long[2]);
                bucket[0] += (long) v[1];
                bucket[1] += (long) v[2];
            }
        }
    }

    /** Emits the merged minutes (q4). */
    @Override
    public void end() {
        for (var e : minutes.entrySet()) {
            long count = e.getValue()[0];
            long sum = e.getValue()[1];
            out[0] = e.getKey();
            out[1] = switch (query.function()) {
                case COUNT -> count;
                case SUM -> sum;
                case AVG -> (double) sum / count;
                default -> throw new IllegalStateException("q4 has no " + query.function());
            };
            sink.row(out);
        }
    }
}
