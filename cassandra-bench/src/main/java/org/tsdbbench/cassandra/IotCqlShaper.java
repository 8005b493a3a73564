package org.tsdbbench.cassandra;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.query.ResultSink;

/**
 * Turns the groups Cassandra returns for an IoT query ({@link IotCql}: one row per series, or per
 * series and 10-minute bucket, each with Cassandra's own aggregates over its records) into the
 * catalog's rows. It only combines and filters those groups, never records: a series' rows of one
 * (name, driver) are merged by taking the latest (by the ts of each series' first row) or by adding
 * sums and counts; a group's average is the summed sum over the summed count, NULL (NaN) when the
 * count is 0; the buckets a truck drove or idled are counted per truck and day; consecutive
 * buckets of a truck are compared (sessions, breakdowns); a HAVING is applied. An empty text (a null
 * tag as the layout stores it; a null fleet is one NUL character) is passed on as null.
 */
final class IotCqlShaper implements ResultSink {

    private static final long BUCKET_MS = 600_000L;
    private static final long DAY_MS = 86_400_000L;

    private final IotQuery query;
    private final IotQueryType type;
    private final ResultSink out;
    /** Per combined group (its texts and key numbers as a list): its running values. */
    private final Map<List<Object>, double[]> groups = new HashMap<>();
    /** The query's rows with one row only (the counts). */
    private double[] single;

    /** What the client adds to Cassandra's groups, per query type (the manifest's facts and the README say the same). */
    static String clientPart(IotQueryType type) {
        return switch (type) {
            case LAST_LOC -> "per (name, driver) the series row with the latest ts";
            case LOW_FUEL -> "per (name, driver) the series row with the latest ts, kept when its fuel_state < 0.1";
            case HIGH_LOAD -> "per (name, driver) the series row with the latest ts, kept when current_load / load_capacity > 0.9";
            case STATIONARY_TRUCKS -> "per (name, driver) the series' SUM and COUNT of velocity added, kept when SUM / COUNT < 1";
            case LONG_DRIVING_SESSIONS, LONG_DAILY_SESSIONS -> "per (name, driver, bucket) SUM and COUNT added, driving when SUM / COUNT > 1,"
                    + " driving buckets counted per (name, driver), kept when more than " + type.threshold();
            case AVG_VS_PROJECTED_FUEL_CONSUMPTION -> "series of a null fleet or nominal_fuel_consumption left out, per fleet SUM and COUNT added,"
                    + " averages SUM / COUNT";
            case AVG_DAILY_DRIVING_DURATION -> "per (fleet, name, driver, bucket) SUM and COUNT added, driving when SUM / COUNT > 1, driving buckets"
                    + " counted per (fleet, name, driver, day), hours = buckets / 6 averaged over the days with one";
            case AVG_DAILY_DRIVING_SESSION -> "per (name, bucket) SUM and COUNT added, driving when SUM / COUNT > 5 (NULL without a velocity),"
                    + " each name's buckets in time order for the changes and sessions, lengths averaged per (name, day of start)";
            case AVG_LOAD -> "per (fleet, model, load_capacity, name) SUM and COUNT of current_load added, SUM / COUNT / load_capacity averaged"
                    + " over the names per (fleet, model, load_capacity)";
            case DAILY_ACTIVITY -> "per (fleet, model, name, bucket) SUM and COUNT of status added, active when SUM < COUNT, active buckets"
                    + " counted per (fleet, model, day) / 144";
            case BREAKDOWN_FREQUENCY -> "per (model, name, bucket) COUNT of status and Cassandra's count of statuses not 0 added, broken when"
                    + " 2 x zeros >= COUNT, each (model, name)'s buckets in time order, breakdowns counted per model, models with one kept";
            case READINGS_COUNT -> "nothing";
            case LATITUDE_STATS -> "AVG(latitude) as NULL when COUNT(latitude) is 0 (Cassandra's AVG over no value is 0)";
            case LATITUDE_EQUALS -> "nothing";
            case LATITUDE_STATS_BY_DRIVER -> "per driver the series' COUNT(*), SUM and COUNT of latitude added and their MAX and MIN taken,"
                    + " averages SUM / COUNT (NULL without a latitude)";
        };
    }

    IotCqlShaper(IotQuery query, ResultSink out) {
        this.query = query;
        this.type = query.type();
        this.out = out;
    }

    /** A tag as the check reads it: null for a null tag as stored ('', or a fleet's NUL). */
    private static String text(String t) {
        return t == null || t.isEmpty() || t.equals(IotCql.NULL_FLEET) ? null : t;
    }

    private double[] group(List<Object> key, int width) {
        return groups.computeIfAbsent(key, k -> new double[width]);
    }

    @Override
    public void row(double[] values) {
        row(values, new String[values.length]);
    }

    @Override
    public void row(double[] v, String[] t) {
        switch (type) {
            case LAST_LOC, LOW_FUEL, HIGH_LOAD -> {
                // The latest record of (name, driver): the series row with the greatest ts.
                double[] g = groups.get(List.of(key(t[0]), key(t[1])));
                if (g == null || v[2] > g[0]) {
                    double[] latest = new double[v.length];
                    System.arraycopy(v, 0, latest, 0, v.length);
                    latest[0] = v[2];
                    groups.put(List.of(key(t[0]), key(t[1])), latest);
                }
            }
            case STATIONARY_TRUCKS -> add(group(List.of(key(t[0]), key(t[1])), 2), v[2], v[3]);
            case LONG_DRIVING_SESSIONS, LONG_DAILY_SESSIONS -> add(group(List.of(key(t[0]), key(t[1]), (long) v[2]), 2), v[3], v[4]);
            case AVG_VS_PROJECTED_FUEL_CONSUMPTION -> {
                // Fleet and nominal_fuel_consumption not null: a series of a null one is left out.
                if (text(t[0]) == null || Double.isNaN(v[1])) return;
                double[] g = group(List.of(t[0]), 4);
                if (v[3] > 0) {
                    g[0] += v[2];
                    g[1] += v[3];
                }
                g[2] += v[4];
                g[3] += v[5];
            }
            case AVG_DAILY_DRIVING_DURATION -> add(group(List.of(key(t[0]), key(t[1]), key(t[2]), (long) v[3]), 2), v[4], v[5]);
            case AVG_DAILY_DRIVING_SESSION -> add(group(List.of(key(t[0]), (long) v[1]), 2), v[2], v[3]);
            case AVG_LOAD -> add(group(List.of(key(t[0]), key(t[1]), v[3], key(t[2])), 2), v[4], v[5]);
            case DAILY_ACTIVITY -> add(group(List.of(key(t[0]), key(t[1]), key(t[2]), (long) v[3]), 2), v[4], v[5]);
            case BREAKDOWN_FREQUENCY -> {
                // {statuses, statuses not 0}; a group without a status adds nothing.
                double[] g = group(List.of(key(t[0]), key(t[1]), (long) v[2]), 2);
                if (v[3] > 0) {
                    g[0] += v[3];
                    g[1] += v[4];
                }
            }
            case READINGS_COUNT -> single = new double[] {v[0]};
            // Cassandra's AVG over no value is 0, not NULL: NULL when it counted no latitude.
            case LATITUDE_STATS -> single = new double[] {v[0], v[1], v[2], v[4] == 0 ? Double.NaN : v[3]};
            case LATITUDE_EQUALS -> single = new double[] {v[0]};
            case LATITUDE_STATS_BY_DRIVER -> {
                // {records, max, min, sum, count} of latitude; a series without a latitude adds its records only.
                double[] g = groups.computeIfAbsent(List.of(key(t[0])), k -> new double[] {0, Double.NaN, Double.NaN, 0, 0});
                g[0] += v[1];
                if (v[5] > 0) {
                    g[1] = Double.isNaN(g[1]) ? v[2] : Math.max(g[1], v[2]);
                    g[2] = Double.isNaN(g[2]) ? v[3] : Math.min(g[2], v[3]);
                    g[3] += v[4];
                    g[4] += v[5];
                }
            }
        }
    }

    /** A text as a map key: a null tag ('', a fleet's NUL, or null) as ''. */
    private static String key(String t) {
        return text(t) == null ? "" : t;
    }

    /** Adds a group's sum and count; a sum over no value (0 in Cassandra, or NULL) adds nothing. */
    private static void add(double[] g, double sum, double count) {
        if (count == 0) return;
        g[0] += sum;
        g[1] += count;
    }

    /** A group's average: NULL (NaN) over no value. */
    private static double avg(double sum, double count) {
        return count == 0 ? Double.NaN : sum / count;
    }

    private static long day(long bucketMs) {
        return Math.floorDiv(bucketMs, DAY_MS) * DAY_MS;
    }

    private static String[] texts(List<Object> key, int n) {
        String[] t = new String[n];
        for (int i = 0; i < n; i++) t[i] = text((String) key.get(i));
        return t;
    }

    @Override
    public void end() {
        switch (type) {
            case LAST_LOC -> groups.forEach((k, g) -> out.row(new double[] {g[3], g[4]}, texts(k, 2)));
            case LOW_FUEL -> groups.forEach((k, g) -> {
                if (g[3] < 0.1) out.row(new double[] {g[3]}, texts(k, 2));
            });
            case HIGH_LOAD -> groups.forEach((k, g) -> {
                if (g[3] / g[4] > 0.9) out.row(new double[] {g[3]}, texts(k, 2));
            });
            case STATIONARY_TRUCKS -> groups.forEach((k, g) -> {
                if (avg(g[0], g[1]) < 1) out.row(new double[0], texts(k, 2));
            });
            case LONG_DRIVING_SESSIONS, LONG_DAILY_SESSIONS -> {
                Map<List<Object>, int[]> driving = new HashMap<>();
                groups.forEach((k, g) -> {
                    if (avg(g[0], g[1]) > 1) driving.computeIfAbsent(k.subList(0, 2), x -> new int[1])[0]++;
                });
                driving.forEach((k, n) -> {
                    if (n[0] > type.threshold()) out.row(new double[0], texts(k, 2));
                });
            }
            case AVG_VS_PROJECTED_FUEL_CONSUMPTION -> groups.forEach((k, g) -> out.row(new double[] {avg(g[0], g[1]), avg(g[2], g[3])}, texts(k, 1)));
            case AVG_DAILY_DRIVING_DURATION -> {
                // Per (fleet, name, driver): its driving buckets per day, then hours = buckets / 6 averaged over the days with one.
                Map<List<Object>, Map<Long, int[]>> perDay = new HashMap<>();
                groups.forEach((k, g) -> {
                    if (avg(g[0], g[1]) > 1) perDay.computeIfAbsent(k.subList(0, 3), x -> new HashMap<>()).computeIfAbsent(day((Long) k.get(3)), x -> new int[1])[0]++;
                });
                perDay.forEach((k, days) -> {
                    long total = 0;
                    for (int[] n : days.values()) total += n[0];
                    out.row(new double[] {total / (6.0 * days.size())}, texts(k, 3));
                });
            }
            case AVG_DAILY_DRIVING_SESSION -> sessions();
            case AVG_LOAD -> {
                // Per (fleet, model, load_capacity): the average over its names of (the name's average load) / load_capacity.
                Map<List<Object>, double[]> perCapacity = new HashMap<>();
                groups.forEach((k, g) -> {
                    double[] c = perCapacity.computeIfAbsent(k.subList(0, 3), x -> new double[2]);
                    double capacity = (Double) k.get(2);
                    double term = avg(g[0], g[1]) / capacity;
                    if (!Double.isNaN(term)) {
                        c[0] += term;
                        c[1]++;
                    }
                });
                perCapacity.forEach((k, c) -> out.row(new double[] {(Double) k.get(2), avg(c[0], c[1])}, texts(k, 2)));
            }
            case DAILY_ACTIVITY -> {
                // Active buckets (average status < 1: sum < count, exact in whole numbers) per (fleet, model, day), over 144.
                Map<List<Object>, int[]> perDay = new HashMap<>();
                groups.forEach((k, g) -> {
                    if (g[1] > 0 && g[0] < g[1]) perDay.computeIfAbsent(List.of(k.get(0), k.get(1), day((Long) k.get(3))), x -> new int[1])[0]++;
                });
                perDay.forEach((k, n) -> out.row(new double[] {(Long) k.get(2), n[0] / 144.0}, texts(k, 2)));
            }
            case BREAKDOWN_FREQUENCY -> breakdowns();
            case READINGS_COUNT, LATITUDE_STATS, LATITUDE_EQUALS -> {
                if (single != null) out.row(single, new String[0]);
            }
            case LATITUDE_STATS_BY_DRIVER -> groups.forEach((k, g) -> out.row(new double[] {g[0], g[1], g[2], avg(g[3], g[4])}, texts(k, 1)));
        }
        out.end();
    }

    /** The buckets of each first-two-key group (a name; a model and name) in time order: bucket ms -> {sum, count}. */
    private Map<List<Object>, TreeMap<Long, double[]>> timeOrdered(int keys) {
        Map<List<Object>, TreeMap<Long, double[]>> per = new HashMap<>();
        groups.forEach((k, g) -> per.computeIfAbsent(k.subList(0, keys), x -> new TreeMap<>()).put((Long) k.get(keys), g));
        return per;
    }

    /**
     * Per name its buckets in time order, driving when the average velocity &gt; 5 (NULL without a
     * velocity); a change is a bucket whose state differs from the previous bucket's, both known;
     * each change to driving starts a session the next change ends. Per (name, day of the start)
     * the average length of the sessions that ended, NULL when none did.
     */
    private void sessions() {
        timeOrdered(1).forEach((name, buckets) -> {
            List<long[]> changes = new ArrayList<>(); // {bucket ms, driving ? 1 : 0}
            int previous = -1; // -1 none yet, 0/1 the state, 2 NULL
            for (Map.Entry<Long, double[]> b : buckets.entrySet()) {
                double v = avg(b.getValue()[0], b.getValue()[1]);
                int state = Double.isNaN(v) ? 2 : v > 5 ? 1 : 0;
                if (previous == 0 || previous == 1) {
                    if (state != 2 && state != previous) changes.add(new long[] {b.getKey(), state});
                }
                previous = state;
            }
            TreeMap<Long, double[]> perDay = new TreeMap<>(); // day -> {sum of lengths, ended}
            for (int c = 0; c < changes.size(); c++) {
                if (changes.get(c)[1] != 1) continue;
                double[] d = perDay.computeIfAbsent(day(changes.get(c)[0]), x -> new double[2]);
                if (c + 1 < changes.size()) {
                    d[0] += changes.get(c + 1)[0] - changes.get(c)[0];
                    d[1]++;
                }
            }
            String[] texts = texts(name, 1);
            perDay.forEach((day, d) -> out.row(new double[] {day, avg(d[0], d[1])}, texts));
        });
    }

    /**
     * Per (model, name) its buckets with a status in time order, broken down when at least half its
     * statuses are 0 (count - not zero); a breakdown is a bucket broken down whose previous one was
     * not. Per model the breakdowns, models without one left out.
     */
    private void breakdowns() {
        Map<String, long[]> perModel = new HashMap<>();
        timeOrdered(2).forEach((modelName, buckets) -> {
            long count = 0;
            int previous = -1;
            for (double[] b : buckets.values()) {
                double n = b[0];
                if (n == 0) continue;
                double zeros = n - b[1];
                int broken = 2 * zeros >= n ? 1 : 0;
                if (previous == 0 && broken == 1) count++;
                previous = broken;
            }
            if (count > 0) perModel.computeIfAbsent((String) modelName.get(0), m -> new long[1])[0] += count;
        });
        perModel.forEach((model, c) -> out.row(new double[] {c[0]}, new String[] {text(model)}));
    }
}
