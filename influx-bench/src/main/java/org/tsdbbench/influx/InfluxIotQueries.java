package org.tsdbbench.influx;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.query.ResultSink;
import org.tsdbbench.common.query.RowShaper;

/**
 * The IoT catalog in InfluxQL, with the meaning {@link IotQueryType} gives each query over TSBS's
 * layout: tags per point (a series without a tag is InfluxDB's NULL, {@code ''} in a condition), the
 * numeric truck attributes as fields. Identifiers are quoted ({@code name} is an InfluxQL keyword).
 * Each text is the fastest this module found for its meaning, measured beside TSBS's own InfluxQL on
 * the same server and data (the module's README, "IoT queries").
 *
 * <p>InfluxQL facts that shape the texts:
 * <ul>
 * <li>A comparison with a missing field is false (InfluxQL evaluates it to nothing), so
 * {@code "f" = "f"} is "f is not null": line protocol stores no NaN. (It reads as
 * {@code ("f" > 0 OR "f" <= 0)} does, one comparison cheaper: 29 against 37 ms of server CPU for
 * avg-vs-projected-fuel-consumption's first statement.) TSBS's imperfection leaves at most one of
 * a table's fields and at most one of the eight tags out of a record (the suite's readers refuse
 * more), so a raw SELECT of two of a table's fields returns every point, and
 * {@code count(A) + count(B) - count(A where B is not null)} counts the records.</li>
 * <li>Every call of a statement is an iterator of its own over the data (or over its subquery, run
 * again for it); the same call written twice is one. So one aggregate per field is the cost to
 * beat: {@code mean(f)}, not {@code sum(f) / count(f)}.</li>
 * <li>mean() is not exact: InfluxDB combines the means of a group's series as mean x count, which
 * rounds (56 statuses of 1 averaged 0.9999999999999999 here). Its error is a few units in the last
 * place of the values per series combined; the exact average of n whole numbers is either a
 * whole-number threshold t itself or at least 1/n away from it. So {@code mean > t + 2^-20} and
 * {@code mean < t - 2^-20} decide exactly as the exact average against t while a group's bucket or
 * window holds fewer than 2^19 records of fewer than 8,000 series and its values stay within 2^20
 * (TSBS: at most 60 records a truck and bucket, velocity 0-100, status 0-5, all whole).</li>
 * <li>A subquery grouped by more tags than the query around it costs InfluxDB a tag set built per
 * record ({@code Tags.Subset} in its reduce: two thirds of the server's time, profiled, in
 * daily-activity counted per (fleet, model) over a per-truck subquery), so no query here regroups
 * to fewer tags: where the catalog sums or averages over trucks (daily-activity,
 * breakdown-frequency, avg-load), InfluxDB answers per truck and the shaper adds up at most one row
 * per truck and group ({@link #clientPart}).</li>
 * <li>The queries of a fleet (last-loc .. long-daily-sessions) group by name and driver and say no
 * "name is not null": the null name is a group of its own, which the shaper drops. A tag condition
 * {@code "name" != ''} costs the index more than the few points of that group cost the scan (1.38
 * against 1.25 ms for a long-driving-sessions window, TSBS's InfluxQL 1.22); the queries over all
 * trucks keep it: there it costs nothing measurable, and daily-activity reads less with it.</li>
 * <li>InfluxQL has no CASE: a yes/no of whole numbers is {@code (abs(x) - abs(x - 1) + 1) / 2}, 1
 * for x &gt;= 1 and 0 for x &lt;= 0, exact in doubles.</li>
 * </ul>
 */
final class InfluxIotQueries {

    private static final long DAY_NS = 86_400_000_000_000L;
    private static final long DAY_MS = 86_400_000L;
    private static final int TAGS = InfluxSession.SERIES_TAGS.size();
    private static final String LATITUDE_STATS_COLUMNS = ", max(\"latitude\"), min(\"latitude\"), sum(\"latitude\") / count(\"latitude\")";
    /**
     * The condition "name is not null"; a fleet goes into the text as it is (a query id's
     * characters, which need no escape).
     */
    private static final String NAMED = "\"name\" != ''";
    /** 2^-20: how far from a whole-number threshold mean() must be to decide as the exact average does. */
    private static final double MARGIN = 0x1p-20;
    /** 2^20: turns a mean at least 2^-19 above a threshold into at least 1, one within the error into less. */
    private static final String SCALE = "1048576";
    /** -2^21: a fill below any mean of values within 2^20 (and any count): it marks a bucket without the value. */
    private static final long NONE = -2_097_152L;

    private InfluxIotQueries() {
    }

    static Optional<String> render(IotQuery q, IotSpec spec) {
        IotQueryType type = q.type();
        String from = " FROM " + quote(type.table().measurement);
        String fleet = q.fleet() == null ? null : "\"fleet\" = '" + q.fleet() + "'";
        String window = type.window() == null ? null : range(q.windowStartNs(), q.windowEndNs());
        String all = range(spec.startNs(), spec.endNs());
        String days = range(Math.floorDiv(spec.startNs(), DAY_NS) * DAY_NS, spec.endNs());
        return switch (type) {
            // The latest point of each (name, driver): two of the table's fields selected, so that a point
            // missing longitude or latitude still counts as the latest (a raw SELECT returns a point when one
            // of its selected fields is there, and a record misses at most one).
            case LAST_LOC -> Optional.of("SELECT \"longitude\", \"latitude\"" + from
                    + " WHERE " + fleet + " GROUP BY \"name\", \"driver\" ORDER BY time DESC LIMIT 1");
            case LOW_FUEL -> Optional.of("SELECT \"fuel_state\" FROM ("
                    + latest(from, fleet, "\"fuel_state\", \"current_load\"")
                    + ") WHERE \"fuel_state\" < 0.1 GROUP BY \"name\", \"driver\" ORDER BY time DESC");
            case HIGH_LOAD -> Optional.of("SELECT \"current_load\" FROM ("
                    + latest(from, fleet, "\"fuel_state\", \"current_load\", \"load_capacity\"")
                    + ") WHERE \"current_load\" / \"load_capacity\" > 0.9 GROUP BY \"name\", \"driver\""
                    + " ORDER BY time DESC");
            case STATIONARY_TRUCKS -> Optional.of("SELECT \"mv\" FROM (SELECT mean(\"velocity\") AS \"mv\"" + from
                    + " WHERE " + fleet + " AND " + window + " GROUP BY \"name\", \"driver\")"
                    + " WHERE \"mv\" < " + below(1) + " GROUP BY \"name\", \"driver\"");
            case LONG_DRIVING_SESSIONS, LONG_DAILY_SESSIONS -> Optional.of("SELECT \"driving\" FROM ("
                    + "SELECT count(\"mv\") AS \"driving\" FROM ("
                    + "SELECT mean(\"velocity\") AS \"mv\"" + from + " WHERE " + fleet + " AND " + window
                    + " GROUP BY time(10m), \"name\", \"driver\" fill(none))"
                    + " WHERE \"mv\" > " + above(1) + " GROUP BY \"name\", \"driver\")"
                    + " WHERE \"driving\" > " + type.threshold() + " GROUP BY \"name\", \"driver\"");
            // Two statements: only the fuel_consumption average needs the nominal_fuel_consumption
            // condition (a condition field is one more column read per point); the shaper joins them per
            // fleet. The second says its average twice (one iterator: a call written twice is one) so that
            // its rows are one column wider than the first's.
            case AVG_VS_PROJECTED_FUEL_CONSUMPTION -> {
                String where = " WHERE \"velocity\" > 1 AND " + NAMED + " AND \"fleet\" != ''";
                String nominal = "mean(\"nominal_fuel_consumption\")";
                yield Optional.of("SELECT mean(\"fuel_consumption\")" + from + where
                        + " AND " + present("nominal_fuel_consumption") + " GROUP BY \"fleet\"; "
                        + "SELECT " + nominal + ", " + nominal + from + where + " GROUP BY \"fleet\"");
            }
            // Days without a driving bucket are no row (fill(none)), so the mean is over the days with
            // one, as the meaning says.
            case AVG_DAILY_DRIVING_DURATION -> Optional.of("SELECT mean(\"driving\") / 6.0 FROM ("
                    + "SELECT count(\"mv\") AS \"driving\" FROM ("
                    + "SELECT mean(\"velocity\") AS \"mv\"" + from + " WHERE " + all
                    + " GROUP BY time(10m), \"fleet\", \"name\", \"driver\" fill(none))"
                    + " WHERE \"mv\" > " + above(1) + " AND " + days
                    + " GROUP BY time(1d), \"fleet\", \"name\", \"driver\" fill(none))"
                    + " GROUP BY \"fleet\", \"name\", \"driver\"");
            // Active buckets per (fleet, model, name, day); the shaper adds a (fleet, model, day)'s trucks.
            case DAILY_ACTIVITY -> Optional.of("SELECT count(\"ms\") FROM (SELECT mean(\"status\") AS \"ms\"" + from
                    + " WHERE " + NAMED + " AND " + all
                    + " GROUP BY time(10m), \"fleet\", \"model\", \"name\" fill(none))"
                    + " WHERE \"ms\" < " + below(1) + " AND " + days
                    + " GROUP BY time(1d), \"fleet\", \"model\", \"name\" fill(none)");
            case BREAKDOWN_FREQUENCY -> Optional.of(breakdowns(from, all));
            case AVG_LOAD -> Optional.of(averageLoad(from));
            case AVG_DAILY_DRIVING_SESSION -> Optional.of(drivingChanges(from, all));
            case READINGS_COUNT -> Optional.of(recordCount(IotTable.READINGS, ""));
            case LATITUDE_STATS -> Optional.of(recordCount(IotTable.READINGS, LATITUDE_STATS_COLUMNS,
                    "time >= " + spec.startNs() + " AND time <= " + spec.endNs()));
            // A point with latitude = 100 is a record that has a latitude: count(latitude) counts them.
            case LATITUDE_EQUALS -> Optional.of("SELECT count(\"latitude\") FROM \"readings\" WHERE \"latitude\" = "
                    + IotQueryType.LATITUDE_EQUALS_VALUE);
            case LATITUDE_STATS_BY_DRIVER -> Optional.of(recordCount(IotTable.READINGS, LATITUDE_STATS_COLUMNS, "", " GROUP BY \"driver\""));
        };
    }

    /** What the shaper computes from InfluxDB's rows, per query type (the manifest's {@code iotClient.<query>}). */
    static String clientPart(IotQueryType type) {
        return switch (type) {
            case DAILY_ACTIVITY -> "InfluxDB counts the active buckets per (fleet, model, name, day); the client adds"
                    + " a (fleet, model, day)'s trucks and divides by 144";
            case BREAKDOWN_FREQUENCY ->
                    "InfluxDB counts the breakdowns per (model, name); the client adds a model's trucks";
            case AVG_LOAD -> "InfluxDB gives per (fleet, model, name) the average current_load and the load_capacity"
                    + " of the records with one, and whether records without one exist; the client averages"
                    + " average / load_capacity over the names per (fleet, model, load_capacity),"
                    + " a group without a load_capacity NULL";
            case AVG_DAILY_DRIVING_SESSION -> "InfluxDB gives per name the buckets where the driving state changes"
                    + " (+1 to driving, -1 from it); the client takes each change to driving to the next change"
                    + " and averages the lengths per (name, day of the start)";
            case AVG_VS_PROJECTED_FUEL_CONSUMPTION -> "the two averages, one statement each, joined per fleet";
            case LAST_LOC, LOW_FUEL, HIGH_LOAD, STATIONARY_TRUCKS, LONG_DRIVING_SESSIONS, LONG_DAILY_SESSIONS ->
                    "the group of a null name dropped";
            case READINGS_COUNT, LATITUDE_STATS ->
                    "the records: count(latitude) + count(longitude) - count(latitude where longitude is not null)";
            case LATITUDE_STATS_BY_DRIVER -> "per driver the records: count(latitude) + count(longitude) - count(latitude where"
                    + " longitude is not null)";
            case LATITUDE_EQUALS -> "a count of 0 when InfluxDB returns no series (no point matched)";
            default -> "nothing";
        };
    }

    /**
     * Per (model, name) the 10-minute buckets with a status, each broken down (1) when at least half
     * its statuses are 0: {@code 2 zeros - statuses + 1 >= 1}, from two counts of status in a union of
     * subqueries (the zeros by a condition, one iterator each) whose sum per bucket is that number;
     * a breakdown is a difference of 1 from the bucket before. The shaper adds a model's trucks.
     */
    private static String breakdowns(String from, String all) {
        String buckets = " GROUP BY time(10m), \"model\", \"name\" fill(none)";
        String zeros = "SELECT 2 * count(\"status\") AS \"x\"" + from
                + " WHERE " + NAMED + " AND \"status\" = 0 AND " + all + buckets;
        String statuses = "SELECT 1 - count(\"status\") AS \"x\"" + from + " WHERE " + NAMED + " AND " + all + buckets;
        String broken = "SELECT " + yesNo("sum(\"x\")") + " AS \"broken\""
                + " FROM (" + zeros + "), (" + statuses + ") WHERE " + all + buckets;
        String changes = "SELECT difference(\"broken\") AS \"change\" FROM (" + broken + ")"
                + " GROUP BY \"model\", \"name\"";
        return "SELECT count(\"change\") FROM (" + changes + ") WHERE \"change\" = 1 GROUP BY \"model\", \"name\"";
    }

    /**
     * Per (fleet, model, name): the average current_load, the load_capacity (a truck's: one value, its
     * records' or none) and count(fuel_capacity) of the records with a load_capacity; then
     * count(fuel_capacity) of all. A record misses at most one of the eight tags, so one without a
     * load_capacity has a fuel_capacity, and the two counts differ exactly when such records exist.
     */
    private static String averageLoad(String from) {
        String group = " GROUP BY \"fleet\", \"model\", \"name\"";
        return "SELECT mean(\"current_load\"), max(\"load_capacity\"), count(\"fuel_capacity\")" + from
                + " WHERE " + NAMED + " AND " + present("load_capacity") + group
                + "; SELECT count(\"fuel_capacity\")" + from + " WHERE " + NAMED + group;
    }

    /**
     * Per name the buckets where the driving state changes, with +1 (to driving) or -1. A bucket's
     * state is 1 (average velocity &gt; 5), 0, or -10 when it has records but no velocity, so that a
     * change to or from it is no +-1: a bucket without velocity breaks a change, as the meaning says.
     * One statement reads mean(velocity) and count(latitude) per name and bucket (a record misses at
     * most one field, so one without a velocity has a latitude), every bucket filled with
     * {@link #NONE}, below any mean of values within 2^20 and any count: a bucket without
     * velocity has the mean NONE, one without records both, and is left out.
     */
    private static String drivingChanges(String from, String all) {
        String none = Long.toString(NONE);
        String buckets = "SELECT mean(\"velocity\") AS \"mv\", count(\"latitude\") AS \"nl\"" + from
                + " WHERE " + NAMED + " AND " + all + " GROUP BY time(10m), \"name\" fill(" + none + ")";
        String driving = yesNo("floor((\"mv\" - 5) * " + SCALE + ")");
        String noVelocity = "(1 - " + yesNo("(\"mv\" + " + -NONE + ")") + ")";
        String states = "SELECT " + driving + " - 10 * " + noVelocity + " AS \"state\" FROM (" + buckets + ")"
                + " WHERE \"mv\" > " + none + " OR \"nl\" >= 1 GROUP BY \"name\"";
        String changes = "SELECT difference(\"state\") AS \"change\" FROM (" + states + ") GROUP BY \"name\"";
        return "SELECT \"change\" FROM (" + changes + ") WHERE \"change\" = 1 OR \"change\" = -1 GROUP BY \"name\"";
    }

    /** A mean above the whole-number threshold t, decided as the exact average would (class comment). */
    private static String above(int t) {
        return new BigDecimal(t + MARGIN).toPlainString();
    }

    /** A mean below the whole-number threshold t, decided as the exact average would (class comment). */
    private static String below(int t) {
        return new BigDecimal(t - MARGIN).toPlainString();
    }

    /** 1 when the whole number x is at least 1, 0 when it is at most 0. */
    private static String yesNo(String x) {
        return "(abs(" + x + ") - abs(" + x + " - 1) + 1) / 2";
    }

    /**
     * Per (name, driver) of a fleet, the latest diagnostics point (the given fields, at least two of
     * the table's own, so that every point is returned; the query around it must order by time DESC
     * too, InfluxDB's rule).
     */
    private static String latest(String from, String fleet, String fields) {
        return "SELECT " + fields + from + " WHERE " + fleet
                + " GROUP BY \"name\", \"driver\" ORDER BY time DESC LIMIT 1";
    }

    /** The records of a table: see the class comment. {@code select} adds columns to the first statement. */
    static String recordCount(IotTable table, String condition) {
        return recordCount(table, "", condition);
    }

    private static String recordCount(IotTable table, String select, String condition) {
        return recordCount(table, select, condition, "");
    }

    /** As {@link #recordCount(IotTable, String)}, {@code select} added to the first statement, both statements {@code groupBy}. */
    private static String recordCount(IotTable table, String select, String condition, String groupBy) {
        String a = quote(table.fields().get(0));
        String b = table.fields().get(1);
        String from = " FROM " + quote(table.measurement);
        return "SELECT count(" + a + ") + count(" + quote(b) + ")" + select + from
                + (condition.isEmpty() ? "" : " WHERE " + condition) + groupBy
                + "; SELECT count(" + a + ")" + from + " WHERE " + present(b)
                + (condition.isEmpty() ? "" : " AND " + condition) + groupBy;
    }

    /** True for a point that has the field (class comment). */
    private static String present(String field) {
        return quote(field) + " = " + quote(field);
    }

    private static String range(long fromNs, long toNs) {
        return "time >= " + fromNs + " AND time < " + toNs;
    }

    private static String quote(String identifier) {
        return "\"" + identifier + "\"";
    }

    /**
     * The session's rows (series tags, time, columns) as the catalog's: the type's tags as texts, a
     * day from InfluxDB's time column, then the columns the text selected first. The two counting
     * queries combine their statements' rows into one.
     */
    static RowShaper shaper(IotQuery q) {
        IotQueryType type = q.type();
        switch (type) {
            case READINGS_COUNT, LATITUDE_STATS -> {
                return InfluxIotQueries::recordsRow;
            }
            case LATITUDE_STATS_BY_DRIVER -> {
                return InfluxIotQueries::recordsPerDriver;
            }
            case LATITUDE_EQUALS -> {
                return InfluxIotQueries::countOrZero;
            }
            case AVG_VS_PROJECTED_FUEL_CONSUMPTION -> {
                return FuelPerFleet::new;
            }
            case DAILY_ACTIVITY -> {
                return ActivityPerModel::new;
            }
            case BREAKDOWN_FREQUENCY -> {
                return BreakdownsPerModel::new;
            }
            case AVG_LOAD -> {
                return LoadPerCapacity::new;
            }
            case AVG_DAILY_DRIVING_SESSION -> {
                return SessionsPerDay::new;
            }
            default -> { }
        }
        int[] textAt = type.textColumns().stream().mapToInt(InfluxSession.SERIES_TAGS::indexOf).toArray();
        for (int i = 0; i < textAt.length; i++) {
            if (textAt[i] < 0) {
                throw new IllegalStateException(q.id() + ": the session passes no tag " + type.textColumns().get(i));
            }
        }
        boolean day = type.keyValues() > 0 && type.valueColumns().get(0).equals("day");
        // The queries of a fleet group by name and leave the null name's group to the shaper (class comment).
        int name = type.hasFleet() ? type.textColumns().indexOf("name") : -1;
        int columns = type.valueColumns().size() - (day ? 1 : 0);
        return canonical -> new ResultSink() {
            private final double[] values = new double[type.valueColumns().size()];
            private final String[] texts = new String[textAt.length];

            @Override
            public void row(double[] raw) {
                row(raw, new String[raw.length]);
            }

            @Override
            public void row(double[] raw, String[] rawTexts) {
                for (int i = 0; i < textAt.length; i++) texts[i] = rawTexts[textAt[i]];
                if (name >= 0 && (texts[name] == null || texts[name].isEmpty())) return;
                if (day) values[0] = raw[TAGS];
                System.arraycopy(raw, TAGS + 1, values, day ? 1 : 0, columns);
                canonical.row(values, texts);
            }

            @Override
            public void end() {
                canonical.end();
            }
        };
    }

    /** {@link #recordCount}'s two rows as one: the records, then the first statement's other columns. */
    private static ResultSink recordsRow(ResultSink canonical) {
        return new ResultSink() {
            private double[] first;
            private double both; // no row when no point has both fields

            @Override
            public void row(double[] raw) {
                if (first == null) {
                    first = java.util.Arrays.copyOfRange(raw, TAGS + 1, raw.length);
                } else {
                    both = raw[TAGS + 1];
                }
            }

            @Override
            public void end() {
                if (first != null) {
                    first[0] -= both;
                    canonical.row(first, new String[0]);
                }
                canonical.end();
            }
        };
    }

    /**
     * Per driver, as {@link #recordsRow}: the first statement's rows (count(a) + count(b) and the
     * latitude's statistics, {@code TAGS + 5} columns) less the second's (count(a) where b is
     * present, {@code TAGS + 2}) of the same driver.
     */
    private static ResultSink recordsPerDriver(ResultSink canonical) {
        return new ResultSink() {
            private final Map<String, double[]> first = new HashMap<>();
            private final Map<String, Double> both = new HashMap<>();

            @Override
            public void row(double[] raw) {
                row(raw, new String[raw.length]);
            }

            @Override
            public void row(double[] raw, String[] rawTexts) {
                String driver = tag(rawTexts, "driver");
                if (raw.length == TAGS + 2) both.put(driver, raw[TAGS + 1]);
                else first.put(driver, java.util.Arrays.copyOfRange(raw, TAGS + 1, raw.length));
            }

            @Override
            public void end() {
                first.forEach((driver, v) -> {
                    v[0] -= count(both.getOrDefault(driver, Double.NaN));
                    canonical.row(v, new String[] {driver.isEmpty() ? null : driver});
                });
                canonical.end();
            }
        };
    }

    /** One count: InfluxDB's, or 0 when it returned no series (no point matched). */
    private static ResultSink countOrZero(ResultSink canonical) {
        return new ResultSink() {
            private double count;

            @Override
            public void row(double[] raw) {
                count += count(raw[TAGS + 1]);
            }

            @Override
            public void row(double[] raw, String[] rawTexts) {
                row(raw);
            }

            @Override
            public void end() {
                canonical.row(new double[] {count}, new String[0]);
                canonical.end();
            }
        };
    }

    /**
     * A series tag of a row as a group key: '' for NULL (a series without the tag, or a query not
     * grouped by it).
     */
    private static String tag(String[] rawTexts, String tag) {
        String t = rawTexts[InfluxSession.SERIES_TAGS.indexOf(tag)];
        return t == null ? "" : t;
    }

    /** A count InfluxDB sent, 0 for none (NULL). */
    private static long count(double v) {
        return Double.isNaN(v) ? 0 : (long) v;
    }

    /** A shaper that keeps InfluxDB's rows (at most one per truck and group), passing the catalog's rows at the end. */
    private abstract static class Combining implements ResultSink {
        final ResultSink canonical;

        Combining(ResultSink canonical) {
            this.canonical = canonical;
        }

        @Override
        public void row(double[] raw) {
            row(raw, new String[raw.length]);
        }

        @Override
        public abstract void row(double[] raw, String[] rawTexts);

        /** Passes the combined rows on. */
        abstract void emit();

        @Override
        public void end() {
            emit();
            canonical.end();
        }
    }

    /**
     * avg-vs-projected-fuel-consumption: per fleet the fuel_consumption average (the first statement's
     * rows: time, mean) and the nominal_fuel_consumption one (the second's: time, mean, mean); a row
     * per fleet with a nominal average (a fleet whose records there have no fuel_consumption: NULL).
     */
    private static final class FuelPerFleet extends Combining {
        private final Map<String, double[]> fleets = new LinkedHashMap<>();

        FuelPerFleet(ResultSink canonical) {
            super(canonical);
        }

        @Override
        public void row(double[] raw, String[] rawTexts) {
            double[] v = fleets.computeIfAbsent(tag(rawTexts, "fleet"), f -> new double[] {Double.NaN, Double.NaN});
            v[raw.length == TAGS + 2 ? 0 : 1] = raw[TAGS + 1];
        }

        @Override
        void emit() {
            fleets.forEach((fleet, v) -> {
                if (!Double.isNaN(v[1])) canonical.row(new double[] {v[0], v[1]}, new String[] {fleet});
            });
        }
    }

    /** daily-activity: active buckets per (fleet, model, name, day), added per (fleet, model, day), / 144. */
    private static final class ActivityPerModel extends Combining {
        private final Map<List<Object>, long[]> days = new LinkedHashMap<>();

        ActivityPerModel(ResultSink canonical) {
            super(canonical);
        }

        @Override
        public void row(double[] raw, String[] rawTexts) {
            List<Object> key = List.of(tag(rawTexts, "fleet"), tag(rawTexts, "model"), (long) raw[TAGS]);
            days.computeIfAbsent(key, k -> new long[1])[0] += count(raw[TAGS + 1]);
        }

        @Override
        void emit() {
            days.forEach((k, n) -> canonical.row(new double[] {(Long) k.get(2), n[0] / 144.0},
                    new String[] {(String) k.get(0), (String) k.get(1)}));
        }
    }

    /** breakdown-frequency: breakdowns per (model, name), added per model. */
    private static final class BreakdownsPerModel extends Combining {
        private final Map<String, long[]> models = new LinkedHashMap<>();

        BreakdownsPerModel(ResultSink canonical) {
            super(canonical);
        }

        @Override
        public void row(double[] raw, String[] rawTexts) {
            models.computeIfAbsent(tag(rawTexts, "model"), k -> new long[1])[0] += count(raw[TAGS + 1]);
        }

        @Override
        void emit() {
            models.forEach((model, n) -> {
                if (n[0] > 0) canonical.row(new double[] {n[0]}, new String[] {model});
            });
        }
    }

    /**
     * avg-load: per (fleet, model, name) the first statement's (time, mean current_load,
     * load_capacity, count of fuel_capacity) where load_capacity is there, the second's (time, count
     * of fuel_capacity) over all; per (fleet, model, load_capacity) the average over the names of mean
     * / load_capacity (NaN when no name has a mean), and a (fleet, model, NULL) group where records
     * without a load_capacity exist (its average NULL: a division by NULL).
     */
    private static final class LoadPerCapacity extends Combining {
        /**
         * Per (fleet, model, name): {mean, load_capacity, fuel_capacity count with a load_capacity,
         * fuel_capacity count of all}.
         */
        private final Map<List<String>, double[]> names = new LinkedHashMap<>();

        LoadPerCapacity(ResultSink canonical) {
            super(canonical);
        }

        @Override
        public void row(double[] raw, String[] rawTexts) {
            List<String> key = List.of(tag(rawTexts, "fleet"), tag(rawTexts, "model"), tag(rawTexts, "name"));
            double[] v = names.computeIfAbsent(key, k -> new double[] {Double.NaN, Double.NaN, 0, 0});
            if (raw.length == TAGS + 4) {
                v[0] = raw[TAGS + 1];
                v[1] = raw[TAGS + 2];
                v[2] = count(raw[TAGS + 3]);
            } else {
                v[3] = count(raw[TAGS + 1]);
            }
        }

        @Override
        void emit() {
            Map<List<Object>, double[]> groups = new LinkedHashMap<>(); // {sum of terms, terms}
            names.forEach((k, v) -> {
                if (!Double.isNaN(v[1])) {
                    double[] g = groups.computeIfAbsent(List.of(k.get(0), k.get(1), v[1]), x -> new double[2]);
                    if (!Double.isNaN(v[0])) {
                        g[0] += v[0] / v[1];
                        g[1]++;
                    }
                }
                if (v[3] > v[2]) groups.computeIfAbsent(List.of(k.get(0), k.get(1), Double.NaN), x -> new double[2]);
            });
            groups.forEach((k, g) -> canonical.row(
                    new double[] {(Double) k.get(2), g[1] == 0 ? Double.NaN : g[0] / g[1]},
                    new String[] {(String) k.get(0), (String) k.get(1)}));
        }
    }

    /**
     * avg-daily-driving-session: per name its changes in time order (a series' rows arrive in time
     * order, one series after the other); each change to driving (+1) starts a session the next change
     * ends; per (name, day of the start) the average length in ms, NaN when none of the day's has ended.
     */
    private static final class SessionsPerDay extends Combining {
        private final Map<String, List<long[]>> names = new LinkedHashMap<>(); // name -> {time ms, change}

        SessionsPerDay(ResultSink canonical) {
            super(canonical);
        }

        @Override
        public void row(double[] raw, String[] rawTexts) {
            names.computeIfAbsent(tag(rawTexts, "name"), k -> new ArrayList<>())
                    .add(new long[] {(long) raw[TAGS], (long) raw[TAGS + 1]});
        }

        @Override
        void emit() {
            names.forEach((name, changes) -> {
                changes.sort((a, b) -> Long.compare(a[0], b[0]));
                Map<Long, double[]> days = new LinkedHashMap<>(); // day -> {sum of lengths, sessions ended}
                for (int i = 0; i < changes.size(); i++) {
                    if (changes.get(i)[1] != 1) continue;
                    long start = Math.floorDiv(changes.get(i)[0], DAY_MS) * DAY_MS;
                    double[] day = days.computeIfAbsent(start, d -> new double[2]);
                    if (i + 1 < changes.size()) {
                        day[0] += changes.get(i + 1)[0] - changes.get(i)[0];
                        day[1]++;
                    }
                }
                days.forEach((day, s) -> canonical.row(new double[] {day, s[1] == 0 ? Double.NaN : s[0] / s[1]},
                        new String[] {name}));
            });
        }
    }
}
