package org.tsdbbench.mysql;

import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTable;

/**
 * The IoT queries in MariaDB's SQL, with the meaning {@link IotQueryType} gives each, over
 * {@link IotSchema}'s layout: a record's tags are its tags row's (each record its own, a NULL tag
 * included). TSBS's PostgreSQL shapes, in what MariaDB 10.11 has (window functions, CTEs; no
 * {@code LATERAL}, {@code DISTINCT ON} or {@code FILTER}):
 * <ul>
 * <li>the latest record per (name, driver): each tags row's latest time from the primary key
 *     {@code (tags_id, ts, id)} ({@code MAX(ts) GROUP BY tags_id}, a loose index scan), that
 *     record joined back by the same key, then per (name, driver) the latest of its tags rows'
 *     ({@code ROW_NUMBER()}) in place of {@code LATERAL} and {@code DISTINCT ON};
 * <li>a 10-minute bucket is {@code ts DIV 600000000000} (ts in epoch nanoseconds, after 1970), a
 *     day its bucket {@code DIV 144}, returned as epoch milliseconds;
 * <li>breakdown-frequency counts zero statuses as {@code SUM(status = 0)} in place of {@code FILTER}.
 * </ul>
 * Groups are by the tag columns the query returns, not by the tags row. Every query returns its
 * text columns first, then its values; hours and activity are divided by double literals
 * ({@code 6e0}, {@code 144e0}) so that they are doubles, as the expected answers are computed.
 */
final class IotSql {

    static final long BUCKET_NS = IotSpec.BUCKET_NS;
    static final int BUCKETS_PER_DAY = 144;
    private static final String FROM_READINGS = " FROM tags t JOIN readings r ON r.tags_id = t.id";
    private static final String FROM_DIAGNOSTICS = " FROM tags t JOIN diagnostics d ON d.tags_id = t.id";

    private IotSql() {
    }

    static String render(IotQuery q, IotSpec spec) {
        String fleet = q.fleet() == null ? null : "'" + q.fleet() + "'"; // a fleet id is letters, digits, _ and - (IotQuery)
        return switch (q.type()) {
            case LAST_LOC -> latest(IotTable.READINGS, "r.longitude, r.latitude", fleet, "longitude, latitude", null);
            case LOW_FUEL -> latest(IotTable.DIAGNOSTICS, "d.fuel_state", fleet, "fuel_state", "fuel_state < 0.1e0");
            case HIGH_LOAD -> latest(IotTable.DIAGNOSTICS, "d.current_load, t.load_capacity", fleet, "current_load",
                    "current_load / load_capacity > 0.9e0");
            case STATIONARY_TRUCKS -> "SELECT t.name, t.driver" + FROM_READINGS + " WHERE t.name IS NOT NULL AND t.fleet = " + fleet + window(q)
                    + " GROUP BY 1, 2 HAVING AVG(r.velocity) < 1";
            case LONG_DRIVING_SESSIONS, LONG_DAILY_SESSIONS -> "SELECT name, driver FROM (SELECT t.name, t.driver, " + bucket("r") + " AS bucket"
                    + FROM_READINGS + " WHERE t.name IS NOT NULL AND t.fleet = " + fleet + window(q)
                    + " GROUP BY 1, 2, 3 HAVING AVG(r.velocity) > 1) driving GROUP BY 1, 2 HAVING COUNT(*) > " + q.type().threshold();
            case AVG_VS_PROJECTED_FUEL_CONSUMPTION -> "SELECT t.fleet, AVG(r.fuel_consumption), AVG(t.nominal_fuel_consumption)" + FROM_READINGS
                    + " WHERE r.velocity > 1 AND t.name IS NOT NULL AND t.fleet IS NOT NULL AND t.nominal_fuel_consumption IS NOT NULL GROUP BY 1";
            case AVG_DAILY_DRIVING_DURATION -> "SELECT fleet, name, driver, AVG(hours) FROM ("
                    + "SELECT fleet, name, driver, bucket DIV " + BUCKETS_PER_DAY + " AS day_number, COUNT(*) / 6e0 AS hours FROM ("
                    + "SELECT t.fleet, t.name, t.driver, " + bucket("r") + " AS bucket" + FROM_READINGS
                    + " GROUP BY 1, 2, 3, 4 HAVING AVG(r.velocity) > 1) driving GROUP BY 1, 2, 3, 4) daily GROUP BY 1, 2, 3";
            case AVG_DAILY_DRIVING_SESSION -> "WITH buckets AS (SELECT t.name, " + bucket("r") + " AS bucket, AVG(r.velocity) > 5 AS driving"
                    + FROM_READINGS + " WHERE t.name IS NOT NULL GROUP BY 1, 2),"
                    // A change: a bucket whose state differs from the previous bucket's, both known (a NULL compares to nothing).
                    + " changes AS (SELECT name, bucket, driving FROM (SELECT name, bucket, driving,"
                    + " LAG(driving) OVER (PARTITION BY name ORDER BY bucket) AS previous FROM buckets) b WHERE driving <> previous),"
                    + " sessions AS (SELECT name, bucket, driving, LEAD(bucket) OVER (PARTITION BY name ORDER BY bucket) AS ended FROM changes)"
                    + " SELECT name, " + dayMs("bucket") + " AS day_ms, AVG((ended - bucket) * " + BUCKET_NS / 1_000_000L + "e0)"
                    + " FROM sessions WHERE driving GROUP BY 1, 2";
            case AVG_LOAD -> "SELECT fleet, model, load_capacity, AVG(avg_load / load_capacity) FROM ("
                    + "SELECT t.fleet, t.model, t.load_capacity, t.name, AVG(d.current_load) AS avg_load" + FROM_DIAGNOSTICS
                    + " WHERE t.name IS NOT NULL GROUP BY 1, 2, 3, 4) per_truck GROUP BY 1, 2, 3";
            case DAILY_ACTIVITY -> "SELECT fleet, model, " + dayMs("bucket") + " AS day_ms, COUNT(*) / " + BUCKETS_PER_DAY + "e0 FROM ("
                    + "SELECT t.fleet, t.model, t.name, " + bucket("d") + " AS bucket" + FROM_DIAGNOSTICS
                    + " WHERE t.name IS NOT NULL GROUP BY 1, 2, 3, 4 HAVING AVG(d.status) < 1) active GROUP BY 1, 2, 3";
            case BREAKDOWN_FREQUENCY -> "SELECT model, COUNT(*) FROM (SELECT model, broken,"
                    + " LAG(broken) OVER (PARTITION BY name, model ORDER BY bucket) AS previous FROM ("
                    + "SELECT t.name, t.model, " + bucket("d") + " AS bucket, 2 * SUM(d.status = 0) >= COUNT(*) AS broken"
                    + FROM_DIAGNOSTICS + " WHERE t.name IS NOT NULL AND d.status IS NOT NULL GROUP BY 1, 2, 3) buckets) b"
                    + " WHERE broken AND NOT previous GROUP BY 1";
            case READINGS_COUNT -> "SELECT COUNT(*) FROM readings";
            case LATITUDE_STATS -> "SELECT COUNT(*), MAX(latitude), MIN(latitude), AVG(latitude) FROM readings WHERE ts >= " + spec.startNs()
                    + " AND ts <= " + spec.endNs();
            case LATITUDE_EQUALS -> "SELECT COUNT(*) FROM readings WHERE latitude = " + IotQueryType.LATITUDE_EQUALS_VALUE;
            case LATITUDE_STATS_BY_DRIVER -> "SELECT t.driver, COUNT(*), MAX(r.latitude), MIN(r.latitude), AVG(r.latitude)" + FROM_READINGS
                    + " GROUP BY t.driver";
        };
    }

    /**
     * Per (name, driver) of the fleet the latest record: each tags row's latest time (the primary
     * key's loose scan), its record, then per (name, driver) the latest of those; {@code condition}
     * filters the latest records. The joins are STRAIGHT_JOINs, in that order: right after a load,
     * before InnoDB has sampled the tables again, MariaDB 10.11 may read the records first and the
     * latest times for each of them (measured: a high-load query ran for minutes in the IoT test,
     * 27 ms once the statistics were new).
     */
    private static String latest(IotTable table, String columns, String fleet, String outer, String condition) {
        String a = table == IotTable.READINGS ? "r" : "d";
        String name = table.measurement;
        String inner = "SELECT t.name, t.driver, " + columns + ", ROW_NUMBER() OVER (PARTITION BY t.name, t.driver ORDER BY " + a + ".ts DESC) AS rn"
                + " FROM (SELECT tags_id, MAX(ts) AS ts FROM " + name + " GROUP BY tags_id) m STRAIGHT_JOIN tags t ON t.id = m.tags_id"
                + " STRAIGHT_JOIN " + name + " " + a + " ON " + a + ".tags_id = m.tags_id AND " + a + ".ts = m.ts"
                + " WHERE t.name IS NOT NULL AND t.fleet = " + fleet;
        return "SELECT name, driver, " + outer + " FROM (" + inner + ") latest WHERE rn = 1" + (condition == null ? "" : " AND " + condition);
    }

    private static String bucket(String alias) {
        return alias + ".ts DIV " + BUCKET_NS;
    }

    /** The epoch milliseconds of a bucket number's day. */
    private static String dayMs(String bucket) {
        return bucket + " DIV " + BUCKETS_PER_DAY + " * 86400000";
    }

    /** The window's records: {@code [start, end)}, in nanoseconds. */
    private static String window(IotQuery q) {
        return " AND r.ts >= " + q.windowStartNs() + " AND r.ts < " + q.windowEndNs();
    }
}
