package org.tsdbbench.influx;

import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotTag;
import org.tsdbbench.common.query.ResultSink;
import org.tsdbbench.common.query.RowShaper;

/**
 * The IoT catalog in InfluxQL, with the meaning {@link IotQueryType} gives each query over TSBS's
 * layout: tags per point (TagModel.RECORD; a series without a tag is InfluxDB's NULL, {@code ''} in
 * a condition), the numeric truck attributes as fields. Identifiers are quoted ({@code name} is an
 * InfluxQL keyword). What InfluxQL cannot say with that meaning is absent (the module's README says
 * why for each): avg-load and avg-daily-driving-session.
 *
 * <p>Three InfluxQL facts shape the texts. A comparison with a missing field is false, so
 * {@code ("f" > 0 OR "f" <= 0)} is "f is not null". COUNT counts a field's values, never points,
 * and no field is in every record; but a record leaves at most one field out (TSBS's, and the
 * suite's readers refuse more), so the records are {@code count(A) + count(B) - count(A where B is
 * not null)} for any two fields A, B of the table: two statements whose rows the shaper combines.
 * And InfluxQL has no CASE: a yes/no of whole numbers is {@code (abs(x) - abs(x - 1) + 1) / 2}, 1
 * for x &gt;= 1 and 0 for x &lt;= 0, exact in doubles.
 */
final class InfluxIotQueries {

    private static final long DAY_NS = 86_400_000_000_000L;
    private static final int TAGS = InfluxSession.SERIES_TAGS.size();
    /** The condition "name is not null"; a fleet goes into the text as it is (a query id's characters, which need no escape). */
    private static final String NAMED = "\"name\" != ''";
    private static final String AVG_VELOCITY = mean("velocity");

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
            // The latest point of each (name, driver): every field selected, so that a point whose
            // longitude or latitude is missing still counts as the latest (a raw SELECT returns a
            // point when one of its selected fields is there).
            case LAST_LOC -> Optional.of("SELECT " + fields(type.table(), "longitude", "latitude") + from
                    + " WHERE " + fleet + " AND " + NAMED + " GROUP BY \"name\", \"driver\" ORDER BY time DESC LIMIT 1");
            case LOW_FUEL -> Optional.of("SELECT \"fuel_state\" FROM (" + latestDiagnostics(from, fleet)
                    + ") WHERE \"fuel_state\" < 0.1 GROUP BY \"name\", \"driver\" ORDER BY time DESC");
            case HIGH_LOAD -> Optional.of("SELECT \"current_load\" FROM (" + latestDiagnostics(from, fleet)
                    + ") WHERE \"current_load\" / \"load_capacity\" > 0.9 GROUP BY \"name\", \"driver\" ORDER BY time DESC");
            case STATIONARY_TRUCKS -> Optional.of("SELECT \"mv\" FROM (SELECT " + AVG_VELOCITY + " AS \"mv\"" + from
                    + " WHERE " + fleet + " AND " + NAMED + " AND " + window + " GROUP BY \"name\", \"driver\") WHERE \"mv\" < 1 GROUP BY \"name\", \"driver\"");
            case LONG_DRIVING_SESSIONS, LONG_DAILY_SESSIONS -> Optional.of("SELECT \"driving\" FROM (SELECT count(\"mv\") AS \"driving\" FROM ("
                    + "SELECT " + AVG_VELOCITY + " AS \"mv\"" + from + " WHERE " + fleet + " AND " + NAMED + " AND " + window
                    + " GROUP BY time(10m), \"name\", \"driver\" fill(none)) WHERE \"mv\" > 1 GROUP BY \"name\", \"driver\")"
                    + " WHERE \"driving\" > " + type.threshold() + " GROUP BY \"name\", \"driver\"");
            case AVG_VS_PROJECTED_FUEL_CONSUMPTION -> Optional.of("SELECT " + mean("fuel_consumption") + ", " + mean("nominal_fuel_consumption") + from
                    + " WHERE \"velocity\" > 1 AND " + present("nominal_fuel_consumption") + " AND " + NAMED + " AND \"fleet\" != ''"
                    + " GROUP BY \"fleet\"");
            // Days without a driving bucket are no row (fill(none)), so the mean is over the days with one, as the meaning says.
            case AVG_DAILY_DRIVING_DURATION -> Optional.of("SELECT " + mean("hours") + " FROM (SELECT count(\"mv\") / 6.0 AS \"hours\" FROM ("
                    + "SELECT " + AVG_VELOCITY + " AS \"mv\"" + from + " WHERE " + all
                    + " GROUP BY time(10m), \"fleet\", \"name\", \"driver\" fill(none)) WHERE \"mv\" > 1 AND " + days
                    + " GROUP BY time(1d), \"fleet\", \"name\", \"driver\" fill(none)) GROUP BY \"fleet\", \"name\", \"driver\"");
            case DAILY_ACTIVITY -> Optional.of("SELECT count(\"ms\") / 144.0 FROM (SELECT " + mean("status") + " AS \"ms\"" + from
                    + " WHERE " + NAMED + " AND " + all + " GROUP BY time(10m), \"fleet\", \"model\", \"name\" fill(none))"
                    + " WHERE \"ms\" < 1 AND " + days + " GROUP BY time(1d), \"fleet\", \"model\" fill(none)");
            case BREAKDOWN_FREQUENCY -> Optional.of(breakdowns(from, all));
            case READINGS_COUNT -> Optional.of(recordCount(IotTable.READINGS, ""));
            case LATITUDE_STATS -> Optional.of(recordCount(IotTable.READINGS, ", max(\"latitude\"), min(\"latitude\"), " + mean("latitude"),
                    "time >= " + spec.startNs() + " AND time <= " + spec.endNs()));
            // load_capacity is a field in TSBS's layout, and InfluxQL groups by tags and time only.
            case AVG_LOAD -> Optional.empty();
            // A session belongs to the day it starts, but elapsed() puts its length on the point that ends it;
            // and a bucket without velocity must break a change, where difference() skips it.
            case AVG_DAILY_DRIVING_SESSION -> Optional.empty();
        };
    }

    /**
     * Per (model, name) the 10-minute buckets with a status, each broken down (1) when at least half
     * its statuses are 0, else 0; a breakdown is a difference of 1 from the bucket before. Per
     * record {@code zero} is 1 for status 0, else 0.
     */
    private static String breakdowns(String from, String all) {
        String zero = "1 - " + yesNo("abs(\"status\")");
        String perRecord = "SELECT " + zero + " AS \"zero\"" + from + " WHERE " + NAMED + " AND " + all + " GROUP BY \"model\", \"name\"";
        String perBucket = "SELECT sum(\"zero\") AS \"zeros\", count(\"zero\") AS \"statuses\" FROM (" + perRecord + ") WHERE " + all
                + " GROUP BY time(10m), \"model\", \"name\" fill(none)";
        String broken = "SELECT " + yesNo("2 * \"zeros\" - \"statuses\" + 1") + " AS \"broken\" FROM (" + perBucket + ") GROUP BY \"model\", \"name\"";
        String changes = "SELECT difference(\"broken\") AS \"change\" FROM (" + broken + ") GROUP BY \"model\", \"name\"";
        return "SELECT count(\"change\") FROM (" + changes + ") WHERE \"change\" = 1 GROUP BY \"model\"";
    }

    /**
     * The average of a field as sum / count: InfluxDB's mean() keeps a running mean, which is not
     * exact even for whole numbers (56 statuses of 1 averaged 0.9999999999999999 here), where the
     * catalog's decisions (average &lt; 1, &gt; 1) must be.
     */
    private static String mean(String field) {
        return "sum(" + quote(field) + ") / count(" + quote(field) + ")";
    }

    /** 1 when the whole number x is at least 1, 0 when it is at most 0. */
    private static String yesNo(String x) {
        return "(abs(" + x + ") - abs(" + x + " - 1) + 1) / 2";
    }

    /**
     * Per (name, driver) of a fleet, the latest diagnostics point with every field, the null-name
     * series left out (the query around it must order by time DESC too, InfluxDB's rule).
     */
    private static String latestDiagnostics(String from, String fleet) {
        return "SELECT " + fields(IotTable.DIAGNOSTICS) + from + " WHERE " + fleet + " AND " + NAMED
                + " GROUP BY \"name\", \"driver\" ORDER BY time DESC LIMIT 1";
    }

    /** The records of a table: see the class comment. {@code select} adds columns to the first statement. */
    static String recordCount(IotTable table, String condition) {
        return recordCount(table, "", condition);
    }

    private static String recordCount(IotTable table, String select, String condition) {
        String a = quote(table.fields().get(0));
        String b = table.fields().get(1);
        String from = " FROM " + quote(table.measurement);
        return "SELECT count(" + a + ") + count(" + quote(b) + ")" + select + from + (condition.isEmpty() ? "" : " WHERE " + condition)
                + "; SELECT count(" + a + ")" + from + " WHERE " + present(b) + (condition.isEmpty() ? "" : " AND " + condition);
    }

    /** True for a point that has the field. */
    private static String present(String field) {
        return "(" + quote(field) + " > 0 OR " + quote(field) + " <= 0)";
    }

    /** The given fields first, then every other field of the table (its own and the truck's numbers). */
    private static String fields(IotTable table, String... first) {
        StringJoiner out = new StringJoiner(", ");
        List<String> firsts = List.of(first);
        for (String f : firsts) out.add(quote(f));
        for (String f : table.fields()) if (!firsts.contains(f)) out.add(quote(f));
        for (IotTag tag : IotTag.values()) if (tag.numeric) out.add(quote(tag.key));
        return out.toString();
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
        if (type == IotQueryType.READINGS_COUNT || type == IotQueryType.LATITUDE_STATS) return InfluxIotQueries::recordsRow;
        int[] textAt = type.textColumns().stream().mapToInt(InfluxSession.SERIES_TAGS::indexOf).toArray();
        for (int i = 0; i < textAt.length; i++) {
            if (textAt[i] < 0) throw new IllegalStateException(q.id() + ": the session passes no tag " + type.textColumns().get(i));
        }
        boolean day = type.keyValues() > 0 && type.valueColumns().get(0).equals("day");
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
}
