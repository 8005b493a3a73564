package org.tsdbbench.opentsdb;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.tsdbbench.common.devops.DevopsQueryType;
import org.tsdbbench.common.query.ResultSink;

/**
 * Puts the points of a DevOps bucket query ({@link OpenTsdbDevopsQueries}) into the catalog's rows:
 * each point is one metric's value of a bucket (a partial first bucket's sits at the window's start),
 * keyed by bucket and, for double-groupby, the series' hostname; the rows go out once the answer ends,
 * of a limited type (minute-max-first-10) only its first buckets in time order.
 */
final class OpenTsdbDevopsShaper implements ResultSink {

    private final DevopsQueryType type;
    private final ResultSink sink;
    private final int metrics;
    private final long bucketMs;
    /** Per hostname ("" when not per host), per bucket start, each metric's value (NaN until it arrives). */
    private final Map<String, TreeMap<Long, double[]>> rows = new TreeMap<>();

    OpenTsdbDevopsShaper(DevopsQueryType type, ResultSink sink) {
        this.type = type;
        this.sink = sink;
        this.metrics = type.metrics().size();
        this.bucketMs = type.bucket().toMillis();
    }

    @Override
    public void row(double[] point) {
        row(point, new String[0]);
    }

    /** A point of {@link OpenTsdbResultShaper#POINT}: its sub-query (a metric, each body's in turn), time, value. */
    @Override
    public void row(double[] point, String[] texts) {
        int metric = (int) point[0] % metrics;
        long bucket = Math.floorDiv((long) point[4], bucketMs) * bucketMs;
        String host = type.perHost() ? hostname(texts) : "";
        double[] values = rows.computeIfAbsent(host, h -> new TreeMap<>()).computeIfAbsent(bucket, b -> nans(metrics));
        values[metric] = point[5];
    }

    @Override
    public void end() {
        double[] row = new double[1 + metrics];
        String[] texts = new String[type.perHost() ? 1 : 0];
        int limit = type == DevopsQueryType.HOST_MINUTE_MAX_FIRST_10 ? type.limit() : Integer.MAX_VALUE;
        rows.forEach((host, buckets) -> buckets.entrySet().stream().limit(limit).forEach(bucketValues -> {
            long bucket = bucketValues.getKey();
            double[] values = bucketValues.getValue();
            row[0] = bucket;
            System.arraycopy(values, 0, row, 1, metrics);
            if (texts.length > 0) texts[0] = host;
            sink.row(row, texts);
        }));
        sink.end();
    }

    /** The series' hostname tag; "" (NULL to the check) when it has none. */
    private static String hostname(String[] texts) {
        int at = OpenTsdbSession.HOSTNAME_AT;
        return texts.length > at && texts[at] != null ? texts[at] : "";
    }

    private static double[] nans(int n) {
        double[] v = new double[n];
        Arrays.fill(v, Double.NaN);
        return v;
    }
}
