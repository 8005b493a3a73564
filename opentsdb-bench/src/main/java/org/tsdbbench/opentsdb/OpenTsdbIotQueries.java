package org.tsdbbench.opentsdb;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotTag;
import org.tsdbbench.common.query.ResultSink;
import org.tsdbbench.common.query.RowShaper;

/**
 * The IoT catalog as {@code /api/query} bodies over the trucks' layout ({@link IotPutBuilder}: a
 * metric per field, a record point per record, the record's own tags). OpenTSDB computes every
 * aggregate over data points: each sub-query keeps the series apart ({@code aggregator: none}, so
 * nothing is interpolated across series) and downsamples each series' points, over the whole
 * range ({@code 0all-sum}, {@code 0all-count}, {@code 0all-last}, {@code 0all-max}) or per
 * epoch-aligned 10-minute bucket ({@code 10m-sum}, {@code 10m-count}); the two counting queries
 * also sum across series in OpenTSDB ({@code zimsum}, {@code mimmax}, {@code mimmin} over the
 * aligned {@code 0all} values: no interpolation). "name is not null" is a wildcard filter on name
 * (which drops the series without the tag), a fleet an anchored regexp filter. {@link Shaper} then only
 * combines what each series returned: the series of one group (a truck whose record left a tag
 * null is a series of its own) summed into the group's sum and count, averages of those, the
 * latest record of a group as the series whose greatest record point is greatest, HAVING and
 * counts of buckets. Absent (README): avg-vs-projected-fuel-consumption (a record's
 * fuel_consumption kept only when its own velocity &gt; 1: OpenTSDB filters no point by another
 * metric's point) and breakdown-frequency (no downsampler counts a bucket's zero statuses).
 */
final class OpenTsdbIotQueries {

    private static final ObjectMapper JSON = new ObjectMapper();
    static final long BUCKET_MS = IotSpec.BUCKET_NS / 1_000_000L;
    private static final long DAY_MS = 86_400_000L;
    /** Where the session's rows hold a series' IoT tags as texts ({@link OpenTsdbResultShaper#POINT} first). */
    static final int TAGS_AT = 6;
    private static final int NAME = IotTag.NAME.ordinal();
    private static final int FLEET = IotTag.FLEET.ordinal();
    private static final int DRIVER = IotTag.DRIVER.ordinal();
    private static final int MODEL = IotTag.MODEL.ordinal();
    private static final int LOAD_CAPACITY = IotTag.LOAD_CAPACITY.ordinal();

    private OpenTsdbIotQueries() {
    }

    /** One sub-query: metric, downsampler, aggregator. */
    private record Part(String metric, String downsample, String aggregator) {
        static Part none(String metric, String downsample) {
            return new Part(metric, downsample, "none");
        }
    }

    private static String field(IotTable table, int f) {
        return IotPutBuilder.metric(table, f);
    }

    private static final IotTable R = IotTable.READINGS;
    private static final IotTable D = IotTable.DIAGNOSTICS;

    static Optional<String> render(IotQuery q, IotSpec spec) {
        // OpenTSDB's ranges, as measured on 2.4.1: a 0all downsampler takes [start, end), a 10m one [start, end] and drops a
        // bucket that begins before start (a partial first bucket is no value at all). Every record of the data set is in
        // [startMs, endMs); its first bucket begins at or before startMs.
        long startMs = Math.floorDiv(spec.startNs(), 1_000_000L);
        long endMs = Math.floorDiv(spec.endNs() - 1, 1_000_000L) + 1;
        long bucketsFrom = Math.floorDiv(startMs, BUCKET_MS) * BUCKET_MS;
        String velocity = field(R, IotTable.VELOCITY);
        String fleet = q.fleet();
        return switch (q.type()) {
            case LAST_LOC -> Optional.of(body(startMs, endMs, fleet, true, Part.none(IotPutBuilder.recordMetric(R), "0all-max"),
                    Part.none(field(R, IotTable.LONGITUDE), "0all-last"), Part.none(field(R, IotTable.LATITUDE), "0all-last")).toString());
            case LOW_FUEL -> Optional.of(body(startMs, endMs, fleet, true, Part.none(IotPutBuilder.recordMetric(D), "0all-max"),
                    Part.none(field(D, IotTable.FUEL_STATE), "0all-last")).toString());
            case HIGH_LOAD -> Optional.of(body(startMs, endMs, fleet, true, Part.none(IotPutBuilder.recordMetric(D), "0all-max"),
                    Part.none(field(D, IotTable.CURRENT_LOAD), "0all-last")).toString());
            case STATIONARY_TRUCKS -> Optional.of(body(q.windowStartMs(), windowEndMs(q), fleet, true,
                    Part.none(velocity, "0all-sum"), Part.none(velocity, "0all-count")).toString());
            case LONG_DRIVING_SESSIONS, LONG_DAILY_SESSIONS -> Optional.of(window10m(q, velocity));
            // Every reading, a null name included: no filter at all.
            case AVG_DAILY_DRIVING_DURATION -> Optional.of(body(bucketsFrom, endMs - 1, null, false, Part.none(velocity, "10m-sum"),
                    Part.none(velocity, "10m-count")).toString());
            case AVG_DAILY_DRIVING_SESSION -> Optional.of(body(bucketsFrom, endMs - 1, null, true, Part.none(velocity, "10m-sum"),
                    Part.none(velocity, "10m-count"), Part.none(IotPutBuilder.recordMetric(R), "10m-count")).toString());
            case AVG_LOAD -> Optional.of(body(startMs, endMs, null, true, Part.none(IotPutBuilder.recordMetric(D), "0all-count"),
                    Part.none(field(D, IotTable.CURRENT_LOAD), "0all-sum"), Part.none(field(D, IotTable.CURRENT_LOAD), "0all-count")).toString());
            case DAILY_ACTIVITY -> Optional.of(body(bucketsFrom, endMs - 1, null, true, Part.none(field(D, IotTable.STATUS), "10m-sum"),
                    Part.none(field(D, IotTable.STATUS), "10m-count")).toString());
            case READINGS_COUNT -> Optional.of(body(startMs, endMs, null, false,
                    new Part(IotPutBuilder.recordMetric(R), "0all-count", "zimsum")).toString());
            // ts >= start and ts <= end: [start, end + 1 ms) for 0all.
            case LATITUDE_STATS -> {
                String lat = field(R, IotTable.LATITUDE);
                yield Optional.of(body(startMs, Math.floorDiv(spec.endNs(), 1_000_000L) + 1, null, false,
                        new Part(IotPutBuilder.recordMetric(R), "0all-count", "zimsum"), new Part(lat, "0all-max", "mimmax"),
                        new Part(lat, "0all-min", "mimmin"), new Part(lat, "0all-sum", "zimsum"), new Part(lat, "0all-count", "zimsum")).toString());
            }
            // A record's fuel_consumption counts only when its own velocity > 1: OpenTSDB filters no point by another metric's.
            case AVG_VS_PROJECTED_FUEL_CONSUMPTION -> Optional.empty();
            // A bucket is broken down when at least half its statuses are 0: no downsampler counts zeros (percentiles interpolate).
            case BREAKDOWN_FREQUENCY -> Optional.empty();
            // OpenTSDB filters series by tags, never points by their value.
            case LATITUDE_EQUALS -> Optional.empty();
            // A group by driver leaves out the points without one (a tag filter matches present tags only): their group
            // would need a second query over every series less the first's, which no aggregator gives exactly.
            case LATITUDE_STATS_BY_DRIVER -> Optional.empty();
        };
    }

    /** A window's end: the catalog draws its start half a log interval off the records' times, so [start, end) and [start, end] agree. */
    private static long windowEndMs(IotQuery q) {
        return q.windowStartMs() + q.type().window().toMillis();
    }

    /**
     * A window's velocity per 10-minute bucket. OpenTSDB drops a bucket that begins before the
     * query's start, so a window that starts inside a bucket is two bodies, run one after the
     * other (a JSON array, see {@link OpenTsdbSession#query}): that partial bucket as {@code 0all}
     * over [window start, its bucket's end), then the whole buckets from there to the window's end.
     * Sub-queries 0, 1 and 2, 3 are each a sum and a count; the shaper puts each value in its bucket.
     */
    private static String window10m(IotQuery q, String velocity) {
        long start = q.windowStartMs();
        long firstWhole = Math.floorDiv(start + BUCKET_MS - 1, BUCKET_MS) * BUCKET_MS;
        ObjectNode whole = body(firstWhole, windowEndMs(q) - 1, q.fleet(), true, Part.none(velocity, "10m-sum"), Part.none(velocity, "10m-count"));
        if (firstWhole == start) return whole.toString();
        ObjectNode partial = body(start, firstWhole, q.fleet(), true, Part.none(velocity, "0all-sum"), Part.none(velocity, "0all-count"));
        ArrayNode both = JSON.createArrayNode();
        both.add(partial);
        both.add(whole);
        return both.toString();
    }

    private static ObjectNode body(long start, long end, String fleet, boolean named, Part... parts) {
        ObjectNode body = JSON.createObjectNode();
        body.put("start", start);
        body.put("end", end);
        body.put("msResolution", true);
        body.put("showQuery", true);
        ArrayNode queries = body.putArray("queries");
        for (Part p : parts) {
            ObjectNode sub = queries.addObject();
            sub.put("metric", p.metric());
            sub.put("aggregator", p.aggregator());
            sub.put("downsample", p.downsample());
            if (fleet == null && !named) continue;
            ArrayNode filters = sub.putArray("filters");
            // A regexp, matched against each series' fleet: a literal_or filter looks the value's id up first, and a fleet
            // no truck of the data set has (the catalog draws among TSBS's four) would fail the query instead of matching none.
            // A fleet is letters, digits, _ and - (IotQuery), none of them special in a regexp.
            if (fleet != null) filter(filters, "regexp", IotTag.FLEET.key, "^" + fleet + "$");
            if (named) filter(filters, "wildcard", IotTag.NAME.key, "*");
        }
        return body;
    }

    private static void filter(ArrayNode filters, String type, String tag, String value) {
        ObjectNode f = filters.addObject();
        f.put("type", type);
        f.put("tagk", tag);
        f.put("filter", value);
        f.put("groupBy", false);
    }

    static RowShaper shaper(IotQuery q) {
        return canonical -> new Shaper(q.type(), canonical);
    }

    /** One series of an answer: its IoT tags and, per timestamp (a bucket, or the query's start), each sub-query's value. */
    private static final class Series {
        final String[] tags;
        final TreeMap<Long, double[]> values = new TreeMap<>();

        Series(String[] tags) {
            this.tags = tags;
        }

        String tag(int t) {
            return tags[t];
        }

        /** The sub-query's value at the series' only timestamp (the 0all queries), NaN when it returned none. */
        double only(int part) {
            return values.isEmpty() ? Double.NaN : values.firstEntry().getValue()[part];
        }
    }

    /** Running sum and count. */
    private static final class Acc {
        double sum;
        double n;

        void add(double s, double c) {
            if (Double.isNaN(s) || Double.isNaN(c)) return;
            sum += s;
            n += c;
        }
    }

    /**
     * Collects the session's points per series (keyed by the series' IoT tags) and, at the end,
     * combines them into the catalog's rows: see the class comment.
     */
    static final class Shaper implements ResultSink {
        private final IotQueryType type;
        private final ResultSink sink;
        private final int parts;
        private final Map<List<String>, Series> series = new LinkedHashMap<>();

        Shaper(IotQueryType type, ResultSink sink) {
            this.type = type;
            this.sink = sink;
            this.parts = switch (type) {
                case LAST_LOC, AVG_DAILY_DRIVING_SESSION, AVG_LOAD -> 3;
                case LONG_DRIVING_SESSIONS, LONG_DAILY_SESSIONS -> 4;
                case LATITUDE_STATS -> 5;
                case READINGS_COUNT -> 1;
                default -> 2;
            };
        }

        @Override
        public void row(double[] point) {
            row(point, new String[0]);
        }

        @Override
        public void row(double[] point, String[] texts) {
            String[] tags = new String[IotTag.values().length];
            for (int t = 0; t < tags.length; t++) tags[t] = texts.length > TAGS_AT + t ? texts[TAGS_AT + t] : null;
            Series s = series.computeIfAbsent(java.util.Arrays.asList(tags), k -> new Series(tags));
            int part = (int) point[0];
            if (part < 0 || part >= parts) throw new IllegalStateException("an answer of sub-query " + part + " to a query of " + parts);
            long ts = (long) point[4];
            if (parts == 4) {
                // A window's partial first bucket (0all at the window's start) and its whole buckets: each a sum and a count, by bucket.
                ts = Math.floorDiv(ts, BUCKET_MS) * BUCKET_MS;
                part %= 2;
            }
            double[] v = s.values.computeIfAbsent(ts, k -> nans(parts));
            v[part] = point[5];
        }

        private static double[] nans(int n) {
            double[] v = new double[n];
            java.util.Arrays.fill(v, Double.NaN);
            return v;
        }

        @Override
        public void end() {
            switch (type) {
                case LAST_LOC, LOW_FUEL, HIGH_LOAD -> latest();
                case STATIONARY_TRUCKS -> stationary();
                case LONG_DRIVING_SESSIONS, LONG_DAILY_SESSIONS -> drivingBuckets();
                case AVG_DAILY_DRIVING_DURATION -> drivingDuration();
                case AVG_DAILY_DRIVING_SESSION -> drivingSessions();
                case AVG_LOAD -> averageLoad();
                case DAILY_ACTIVITY -> dailyActivity();
                case READINGS_COUNT -> {
                    double n = 0;
                    for (Series s : series.values()) n += nanZero(s.only(0));
                    sink.row(new double[] {n}, new String[0]);
                }
                case LATITUDE_STATS -> {
                    // One series each, summed across series by OpenTSDB.
                    double[] v = nans(5);
                    for (Series s : series.values()) {
                        for (int p = 0; p < 5; p++) if (!Double.isNaN(s.only(p))) v[p] = s.only(p);
                    }
                    sink.row(new double[] {nanZero(v[0]), v[1], v[2], v[4] > 0 ? v[3] / v[4] : Double.NaN}, new String[0]);
                }
                default -> throw new IllegalStateException(type + " is not rendered");
            }
            sink.end();
        }

        private static double nanZero(double v) {
            return Double.isNaN(v) ? 0 : v;
        }

        /**
         * Per (name, driver): the series whose greatest record point is greatest holds the group's
         * latest record; that point says which field the record left null, so the series' last
         * value of a field is the record's unless the record left that field null.
         */
        private void latest() {
            Map<List<String>, Series> latest = new LinkedHashMap<>();
            Map<List<String>, Double> at = new HashMap<>();
            for (Series s : series.values()) {
                double record = s.only(0);
                if (Double.isNaN(record)) continue;
                List<String> key = java.util.Arrays.asList(s.tag(NAME), s.tag(DRIVER));
                Double before = at.get(key);
                if (before == null || record > before) {
                    at.put(key, record);
                    latest.put(key, s);
                }
            }
            latest.forEach((key, s) -> {
                int nullField = IotPutBuilder.recordNullField(at.get(key));
                String[] texts = {key.get(0), key.get(1)};
                switch (type) {
                    case LAST_LOC -> sink.row(new double[] {nullField == IotTable.LONGITUDE ? Double.NaN : s.only(1),
                            nullField == IotTable.LATITUDE ? Double.NaN : s.only(2)}, texts);
                    case LOW_FUEL -> {
                        double fuel = nullField == IotTable.FUEL_STATE ? Double.NaN : s.only(1);
                        if (fuel < 0.1) sink.row(new double[] {fuel}, texts);
                    }
                    default -> {
                        double load = nullField == IotTable.CURRENT_LOAD ? Double.NaN : s.only(1);
                        double capacity = number(s.tag(LOAD_CAPACITY));
                        if (load / capacity > 0.9) sink.row(new double[] {load}, texts);
                    }
                }
            });
        }

        private static double number(String tag) {
            return tag == null ? Double.NaN : Double.parseDouble(tag);
        }

        /** Per (name, driver): the average velocity over the window's series, &lt; 1. */
        private void stationary() {
            Map<List<String>, Acc> groups = new LinkedHashMap<>();
            for (Series s : series.values()) {
                groups.computeIfAbsent(java.util.Arrays.asList(s.tag(NAME), s.tag(DRIVER)), k -> new Acc()).add(s.only(0), s.only(1));
            }
            groups.forEach((key, a) -> {
                if (a.n > 0 && a.sum / a.n < 1) sink.row(new double[0], new String[] {key.get(0), key.get(1)});
            });
        }

        /** Each group's buckets: the sum and count of the group's series per bucket. */
        private Map<List<String>, TreeMap<Long, Acc>> buckets(int... tags) {
            Map<List<String>, TreeMap<Long, Acc>> groups = new LinkedHashMap<>();
            for (Series s : series.values()) {
                List<String> key = new ArrayList<>(tags.length);
                for (int t : tags) key.add(s.tag(t));
                TreeMap<Long, Acc> g = groups.computeIfAbsent(key, k -> new TreeMap<>());
                s.values.forEach((bucket, v) -> g.computeIfAbsent(bucket, b -> new Acc()).add(v[0], v[1]));
            }
            return groups;
        }

        /** Per (name, driver): the buckets whose average velocity &gt; 1, more than the threshold. */
        private void drivingBuckets() {
            buckets(NAME, DRIVER).forEach((key, g) -> {
                long driving = g.values().stream().filter(a -> a.n > 0 && a.sum / a.n > 1).count();
                if (driving > type.threshold()) sink.row(new double[0], new String[] {key.get(0), key.get(1)});
            });
        }

        /** Per (fleet, name, driver): driving buckets / 6 per day with one, averaged over those days. */
        private void drivingDuration() {
            buckets(FLEET, NAME, DRIVER).forEach((key, g) -> {
                long total = 0;
                java.util.Set<Long> days = new java.util.HashSet<>();
                for (Map.Entry<Long, Acc> e : g.entrySet()) {
                    Acc a = e.getValue();
                    if (!(a.n > 0 && a.sum / a.n > 1)) continue;
                    total++;
                    days.add(Math.floorDiv(e.getKey(), DAY_MS));
                }
                if (days.isEmpty()) return;
                sink.row(new double[] {total / (6.0 * days.size())}, new String[] {key.get(0), key.get(1), key.get(2)});
            });
        }

        /**
         * Per name: its buckets with a record (the record points' count), each driving when the
         * average velocity &gt; 5 (unknown without a velocity); a change between two known states;
         * each change to driving a session ended by the next change; per (name, day of its start)
         * the average length of the ended ones.
         */
        private void drivingSessions() {
            Map<String, TreeMap<Long, double[]>> names = new LinkedHashMap<>(); // bucket -> {sum, n, records}
            for (Series s : series.values()) {
                TreeMap<Long, double[]> g = names.computeIfAbsent(s.tag(NAME), k -> new TreeMap<>());
                s.values.forEach((bucket, v) -> {
                    double[] t = g.computeIfAbsent(bucket, b -> new double[3]);
                    for (int p = 0; p < 3; p++) t[p] += nanZero(v[p]);
                });
            }
            names.forEach((name, g) -> {
                List<long[]> changes = new ArrayList<>(); // {bucket ms, driving ? 1 : 0}
                int previous = -1; // -1 none yet, 0/1 a state, 2 unknown
                for (Map.Entry<Long, double[]> e : g.entrySet()) {
                    double[] t = e.getValue();
                    if (t[2] == 0) continue; // no record in the bucket
                    int state = t[1] == 0 ? 2 : t[0] / t[1] > 5 ? 1 : 0;
                    if (previous >= 0 && previous != 2 && state != 2 && state != previous) changes.add(new long[] {e.getKey(), state});
                    previous = state;
                }
                Map<Long, Acc> perDay = new LinkedHashMap<>();
                for (int c = 0; c < changes.size(); c++) {
                    if (changes.get(c)[1] != 1) continue;
                    Acc day = perDay.computeIfAbsent(Math.floorDiv(changes.get(c)[0], DAY_MS) * DAY_MS, d -> new Acc());
                    if (c + 1 < changes.size()) day.add(changes.get(c + 1)[0] - changes.get(c)[0], 1);
                }
                perDay.forEach((day, a) -> sink.row(new double[] {day, a.n > 0 ? a.sum / a.n : Double.NaN}, new String[] {name}));
            });
        }

        /**
         * Per (fleet, model, load_capacity, name) the average current_load (the sum and count of its
         * series); per (fleet, model, load_capacity) the average over its names of that average /
         * load_capacity. A group exists when it has a record (its record points), even one whose
         * records have no current_load.
         */
        private void averageLoad() {
            Map<List<String>, Map<String, Acc>> groups = new LinkedHashMap<>();
            for (Series s : series.values()) {
                if (Double.isNaN(s.only(0))) continue;
                List<String> key = java.util.Arrays.asList(s.tag(FLEET), s.tag(MODEL), s.tag(LOAD_CAPACITY));
                groups.computeIfAbsent(key, k -> new LinkedHashMap<>()).computeIfAbsent(s.tag(NAME), n -> new Acc()).add(s.only(1), s.only(2));
            }
            groups.forEach((key, names) -> {
                double capacity = number(key.get(2));
                double terms = 0;
                int n = 0;
                for (Acc a : names.values()) {
                    if (a.n == 0 || Double.isNaN(capacity)) continue;
                    terms += a.sum / a.n / capacity;
                    n++;
                }
                sink.row(new double[] {capacity, n == 0 ? Double.NaN : terms / n}, new String[] {key.get(0), key.get(1)});
            });
        }

        /** Per (fleet, model, name, bucket) active when the average status &lt; 1; per (fleet, model, day) active buckets / 144. */
        private void dailyActivity() {
            Map<List<Object>, long[]> perDay = new LinkedHashMap<>();
            buckets(FLEET, MODEL, NAME).forEach((key, g) -> g.forEach((bucket, a) -> {
                if (!(a.n > 0 && a.sum / a.n < 1)) return;
                List<Object> day = List.of(Objects.toString(key.get(0), "\u0000"), Objects.toString(key.get(1), "\u0000"),
                        Math.floorDiv(bucket, DAY_MS) * DAY_MS);
                perDay.computeIfAbsent(day, d -> new long[1])[0]++;
            }));
            perDay.forEach((day, n) -> sink.row(new double[] {(Long) day.get(2), n[0] / 144.0},
                    new String[] {text(day.get(0)), text(day.get(1))}));
        }

        private static String text(Object tag) {
            return "\u0000".equals(tag) ? null : (String) tag;
        }
    }
}
