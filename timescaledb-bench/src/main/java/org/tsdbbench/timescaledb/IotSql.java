package org.tsdbbench.timescaledb;

import java.time.Instant;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTable;

/**
 * The IoT queries in TimescaleDB's SQL, with the meaning {@link IotQueryType} gives each, over
 * {@link IotTables}' layout: a record's tags are its tags row's (each record its own, a NULL tag
 * included). TSBS's shapes are kept where they say that meaning (the latest record per tags row
 * through a {@code LATERAL} join on the {@code (tags_id, time DESC)} index, {@code time_bucket}
 * over 10 minutes and days, window functions for the driving sessions, the records of a 10-minute
 * bucket totalled per tags row before the join); groups are by the tag columns the query returns,
 * not by the tags row. Every query returns its text columns first, then
 * its values, each a double: days and durations as epoch milliseconds and milliseconds, counts
 * over 6 or 144 in double arithmetic, as the expected answers are computed.
 */
final class IotSql {

    private static final String FROM_READINGS = " FROM tags t JOIN readings r ON r.tags_id = t.id";
    private static final String BUCKET = "time_bucket('10 minutes', %s.time)";
    private static final String DAY_MS = "extract(epoch FROM time_bucket('1 day', %s))::float8 * 1000";

    private IotSql() {
    }

    static String render(IotQuery q, IotSpec spec) {
        String fleet = q.fleet() == null ? null : "'" + q.fleet().replace("'", "''") + "'";
        return switch (q.type()) {
            case LAST_LOC -> latest(IotTable.READINGS, "r.longitude, r.latitude", fleet, "longitude, latitude", null);
            case LOW_FUEL -> latest(IotTable.DIAGNOSTICS, "d.fuel_state", fleet, "fuel_state", "fuel_state < 0.1");
            case HIGH_LOAD -> latest(IotTable.DIAGNOSTICS, "d.current_load, t.load_capacity", fleet, "current_load",
                    "current_load / load_capacity > 0.9");
            case STATIONARY_TRUCKS -> "SELECT t.name, t.driver" + FROM_READINGS + " WHERE t.name IS NOT NULL AND t.fleet = " + fleet + window(q)
                    + " GROUP BY 1, 2 HAVING avg(r.velocity) < 1";
            case LONG_DRIVING_SESSIONS, LONG_DAILY_SESSIONS -> "SELECT name, driver FROM (SELECT t.name, t.driver, " + bucket("r") + " AS bucket"
                    + FROM_READINGS + " WHERE t.name IS NOT NULL AND t.fleet = " + fleet + window(q)
                    + " GROUP BY 1, 2, 3 HAVING avg(r.velocity) > 1) driving GROUP BY 1, 2 HAVING count(*) > " + q.type().threshold();
            case AVG_VS_PROJECTED_FUEL_CONSUMPTION -> "SELECT t.fleet, avg(r.fuel_consumption), avg(t.nominal_fuel_consumption)" + FROM_READINGS
                    + " WHERE r.velocity > 1 AND t.name IS NOT NULL AND t.fleet IS NOT NULL AND t.nominal_fuel_consumption IS NOT NULL GROUP BY 1";
            case AVG_DAILY_DRIVING_DURATION -> "SELECT fleet, name, driver, avg(hours) FROM ("
                    + "SELECT fleet, name, driver, time_bucket('1 day', bucket), count(*)::float8 / 6 AS hours FROM ("
                    + "SELECT t.fleet, t.name, t.driver, b.bucket" + perTagsRow("readings", "sum(velocity) AS s, count(velocity) AS n", "")
                    + " GROUP BY 1, 2, 3, 4 HAVING sum(b.s) / sum(b.n) > 1) driving GROUP BY 1, 2, 3, 4) daily GROUP BY 1, 2, 3";
            case AVG_DAILY_DRIVING_SESSION -> "WITH buckets AS (SELECT t.name, b.bucket, sum(b.s) / sum(b.n) > 5 AS driving"
                    + perTagsRow("readings", "sum(velocity) AS s, count(velocity) AS n", "") + " WHERE t.name IS NOT NULL GROUP BY 1, 2),"
                    // A change: a bucket whose state differs from the previous bucket's, both known (a NULL compares to nothing).
                    + " changes AS (SELECT name, bucket, driving FROM (SELECT name, bucket, driving,"
                    + " lag(driving) OVER (PARTITION BY name ORDER BY bucket) AS previous FROM buckets) b WHERE driving <> previous),"
                    + " sessions AS (SELECT name, bucket, driving, lead(bucket) OVER (PARTITION BY name ORDER BY bucket) AS ended FROM changes)"
                    + " SELECT name, " + String.format(DAY_MS, "bucket") + " AS day, avg(extract(epoch FROM ended - bucket)::float8 * 1000)"
                    + " FROM sessions WHERE driving GROUP BY 1, 2";
            case AVG_LOAD -> "SELECT fleet, model, load_capacity, avg(avg_load / load_capacity) FROM ("
                    + "SELECT t.fleet, t.model, t.load_capacity, t.name, sum(d.s) / sum(d.n) AS avg_load FROM tags t JOIN (SELECT tags_id,"
                    + " sum(current_load) AS s, count(current_load) AS n FROM diagnostics GROUP BY 1) d ON d.tags_id = t.id"
                    + " WHERE t.name IS NOT NULL GROUP BY 1, 2, 3, 4) per_truck GROUP BY 1, 2, 3";
            case DAILY_ACTIVITY -> "SELECT fleet, model, " + String.format(DAY_MS, "bucket") + " AS day, count(*)::float8 / 144 FROM ("
                    + "SELECT t.fleet, t.model, t.name, b.bucket" + perTagsRow("diagnostics", "sum(status) AS s, count(status) AS n", "")
                    + " WHERE t.name IS NOT NULL GROUP BY 1, 2, 3, 4 HAVING sum(b.s) < sum(b.n)) active GROUP BY 1, 2, 3";
            case BREAKDOWN_FREQUENCY -> "SELECT model, count(*) FROM (SELECT model, broken,"
                    + " lag(broken) OVER (PARTITION BY name, model ORDER BY bucket) AS previous FROM ("
                    + "SELECT t.name, t.model, b.bucket, 2 * sum(b.zeros) >= sum(b.n) AS broken"
                    + perTagsRow("diagnostics", "count(*) FILTER (WHERE status = 0) AS zeros, count(*) AS n", " WHERE status IS NOT NULL")
                    + " WHERE t.name IS NOT NULL GROUP BY 1, 2, 3) buckets) b WHERE broken AND NOT previous GROUP BY 1";
            case READINGS_COUNT -> "SELECT count(*) FROM readings";
            case LATITUDE_STATS -> "SELECT count(*), max(latitude), min(latitude), avg(latitude) FROM readings WHERE time >= '"
                    + Instant.ofEpochSecond(0, spec.startNs()) + "' AND time <= '" + Instant.ofEpochSecond(0, spec.endNs()) + "'";
            case LATITUDE_EQUALS -> "SELECT count(*) FROM readings WHERE latitude = " + IotQueryType.LATITUDE_EQUALS_VALUE;
            case LATITUDE_STATS_BY_DRIVER -> "SELECT t.driver, count(*), max(r.latitude), min(r.latitude), avg(r.latitude)" + FROM_READINGS
                    + " GROUP BY t.driver";
        };
    }

    /**
     * Per (name, driver) of the fleet the latest record, TSBS's way: each tags row's latest through
     * the index, then per (name, driver) the latest of its tags rows' ({@code DISTINCT ON});
     * {@code condition} filters those latest records.
     */
    private static String latest(IotTable table, String columns, String fleet, String outer, String condition) {
        String a = table == IotTable.READINGS ? "r" : "d";
        String inner = "SELECT DISTINCT ON (t.name, t.driver) t.name, t.driver, " + columns + " FROM tags t INNER JOIN LATERAL (SELECT * FROM "
                + table.measurement + " " + a + " WHERE " + a + ".tags_id = t.id ORDER BY " + a + ".time DESC LIMIT 1) " + a + " ON true"
                + " WHERE t.name IS NOT NULL AND t.fleet = " + fleet + " ORDER BY t.name, t.driver, " + a + ".time DESC";
        return "SELECT name, driver, " + outer + " FROM (" + inner + ") latest" + (condition == null ? "" : " WHERE " + condition);
    }

    /**
     * {@code FROM} the tags joined with {@code table}'s totals per (tags row, 10-minute bucket) as
     * {@code b}: grouping the records by the integer key first, then the few totals by the tag
     * columns, is TSBS's order and took 16-40% off grouping every joined record by its
     * texts (README); a group's average is then {@code sum(s) / sum(n)}, its count {@code sum(n)}.
     */
    private static String perTagsRow(String table, String totals, String where) {
        return " FROM tags t JOIN (SELECT tags_id, time_bucket('10 minutes', time) AS bucket, " + totals + " FROM " + table + where
                + " GROUP BY 1, 2) b ON b.tags_id = t.id";
    }

    private static String bucket(String alias) {
        return String.format(BUCKET, alias);
    }

    /** The window's records: {@code [start, end)}. */
    private static String window(IotQuery q) {
        return " AND r.time >= '" + TimestampText.of(q.windowStartMs()) + "' AND r.time < '"
                + TimestampText.of(q.windowStartMs() + q.type().window().toMillis()) + "'";
    }
}
