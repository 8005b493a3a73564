package org.tsdbbench.opentsdb;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.tsdbbench.common.query.Aggregate;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.query.ResultSink;

/**
 * Turns the points of an {@code /api/query} answer (one row per point, see {@link #POINT}) into
 * the catalog's rows: q1 and q6 join the temperature and humidity points of each device on time;
 * q2..q5 take each sub-query's value per key (nothing, devgroup or minute) and combine them
 * (avg = sum / count, spread = max - min) once the last point has arrived.
 */
final class OpenTsdbResultShaper implements ResultSink {

    /**
     * The session's row for one point: its sub-query's index, its metric (0 temperature, 1
     * humidity), its series' devid and devgroup tags (NaN when absent), its timestamp, its value.
     * The texts hold the metric's name, the devid and devgroup tags and, from
     * {@link OpenTsdbIotQueries#TAGS_AT}, the series' IoT tags in {@link org.tsdbbench.common.iot.IotTag}
     * order (null when absent) and, at {@link OpenTsdbSession#HOSTNAME_AT}, its DevOps hostname tag.
     */
    static final String POINT = "part, metric, devid, devgroup, ts, value";

    private final LogicalQuery query;
    private final ResultSink sink;
    /** q1, q6: a device's point at a time waiting for its other metric, by devid and time. */
    private final Map<Long, double[]> unpaired = new HashMap<>();
    /** q2..q5: each key's value per sub-query. */
    private final TreeMap<Long, double[]> byKey = new TreeMap<>();
    private final int parts;

    OpenTsdbResultShaper(LogicalQuery query, ResultSink sink) {
        this.query = query;
        this.sink = sink;
        this.parts = query.family().returnsRows() ? 0 : OpenTsdbDialect.parts(query).map(List::size).orElseThrow();
    }

    @Override
    public void row(double[] point) {
        if (query.family().returnsRows()) {
            pair(point);
            return;
        }
        long key = switch (query.family()) {
            case Q3_GROUP_BY_TAG -> (long) point[3];
            case Q4_GROUP_BY_MINUTE -> (long) point[4];
            default -> 0L;
        };
        byKey.computeIfAbsent(key, k -> new double[parts])[(int) point[0]] += point[5];
    }

    /** Rows {@code ts, devid, temperature, humidity}: emitted once both metrics of a device's time have come. */
    private void pair(double[] point) {
        long devid = (long) point[2];
        long ts = (long) point[4];
        double[] row = unpaired.computeIfAbsent(devid << 42 | ts, k -> new double[] {ts, devid, Double.NaN, Double.NaN});
        row[point[1] == 0 ? 2 : 3] = point[5];
        if (!Double.isNaN(row[2]) && !Double.isNaN(row[3])) {
            unpaired.remove(devid << 42 | ts);
            sink.row(row);
        }
    }

    @Override
    public void end() {
        // A temperature with no humidity (or the reverse) still reaches the check, which then says what is missing.
        for (double[] row : unpaired.values()) sink.row(row);
        unpaired.clear();
        double[] row = new double[query.family().returnsOneValue() ? 1 : 2];
        for (Map.Entry<Long, double[]> e : byKey.entrySet()) {
            double[] v = e.getValue();
            // Two parts are combined: avg = sum / count, spread = max - min.
            double value = v.length == 1 ? v[0] : query.function() == Aggregate.AVG ? v[0] / v[1] : v[0] - v[1];
            if (row.length == 1) {
                row[0] = value;
            } else {
                row[0] = e.getKey();
                row[1] = value;
            }
            sink.row(row);
        }
    }
}
