package org.tsdbbench.cnosdb;

import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotSpec;

/**
 * The IoT catalog in CnosDB's SQL (DataFusion's window functions and CnosDB's {@code date_bin}),
 * with the meanings of {@link IotQueryType}'s Javadoc over {@link IotLayout}'s tables: each record
 * keeps its own tags, and a null tag is NULL, a group of its own in GROUP BY and PARTITION BY.
 * Every query selects its text columns (tags) first, then its values; {@link #shaper} splits them.
 *
 * <ul>
 * <li>Time is compared with nanoseconds since the epoch (the database's precision); windows are
 *     {@code time >= start AND time < end}. A bucket is {@code date_bin(INTERVAL '10 minutes', time)}
 *     and a day {@code date_bin(INTERVAL '1 day', ..)}, both aligned to the epoch (date_bin's
 *     default origin); days are read back as epoch milliseconds.
 * <li>"The latest record" per (name, driver) is {@code ROW_NUMBER() OVER (PARTITION BY name, driver
 *     ORDER BY time DESC) = 1}, which keeps that record's NULLs: CnosDB's {@code last(time, x)}
 *     would be another meaning if it skipped them, and a join on max(time) would lose the NULL driver.
 * <li>A bucket's previous bucket (sessions, breakdowns) is {@code LAG} over the name's buckets with
 *     a record (breakdowns: with a status), in time order.
 * </ul>
 */
final class IotSql {

    private static final String BUCKET = "date_bin(INTERVAL '10 minutes', time)";

    private IotSql() {
    }

    /** The query for this data set; every type has one. */
    static String render(IotQuery q, IotSpec spec) {
        return switch (q.type()) {
            case LAST_LOC -> latest(q, "longitude, latitude", "");
            case LOW_FUEL -> latest(q, "fuel_state", " AND fuel_state < 0.1");
            case HIGH_LOAD -> latest(q, "current_load", " AND current_load / load_capacity > 0.9");
            case STATIONARY_TRUCKS -> "SELECT name, driver FROM readings WHERE " + fleetWindow(q) + " GROUP BY name, driver HAVING AVG(velocity) < 1";
            case LONG_DRIVING_SESSIONS, LONG_DAILY_SESSIONS -> "SELECT name, driver FROM (SELECT name, driver, " + BUCKET + " AS bucket,"
                    + " AVG(velocity) AS velocity FROM readings WHERE " + fleetWindow(q) + " GROUP BY name, driver, bucket)"
                    + " WHERE velocity > 1 GROUP BY name, driver HAVING COUNT(*) > " + q.type().threshold();
            case AVG_VS_PROJECTED_FUEL_CONSUMPTION -> "SELECT fleet, AVG(fuel_consumption), AVG(nominal_fuel_consumption) FROM readings"
                    + " WHERE velocity > 1 AND name IS NOT NULL AND fleet IS NOT NULL AND nominal_fuel_consumption IS NOT NULL GROUP BY fleet";
            case AVG_DAILY_DRIVING_DURATION -> "SELECT fleet, name, driver, AVG(hours) FROM ("
                    + "SELECT fleet, name, driver, date_bin(INTERVAL '1 day', bucket) AS day, COUNT(*) / 6.0 AS hours FROM ("
                    + "SELECT fleet, name, driver, " + BUCKET + " AS bucket, AVG(velocity) AS velocity FROM readings GROUP BY fleet, name, driver, bucket)"
                    + " WHERE velocity > 1 GROUP BY fleet, name, driver, day) GROUP BY fleet, name, driver";
            case AVG_DAILY_DRIVING_SESSION -> "WITH buckets AS (SELECT name, " + BUCKET + " AS bucket, AVG(velocity) > 5 AS driving"
                    + " FROM readings WHERE name IS NOT NULL GROUP BY name, bucket),"
                    // A change: a bucket whose state differs from the previous bucket's, both known (<> with a NULL is not true).
                    + " changes AS (SELECT name, bucket, driving FROM (SELECT name, bucket, driving,"
                    + " LAG(driving) OVER (PARTITION BY name ORDER BY bucket) AS previous FROM buckets) WHERE driving <> previous),"
                    // A change to driving starts a session that the next change ends (none: unfinished, NULL, which AVG skips).
                    + " sessions AS (SELECT name, bucket, driving, LEAD(bucket) OVER (PARTITION BY name ORDER BY bucket) AS ended FROM changes)"
                    + " SELECT name, " + dayMs("bucket") + " AS day, AVG(CAST(ended AS BIGINT) - CAST(bucket AS BIGINT)) / 1000000 AS avg_session"
                    + " FROM sessions WHERE driving GROUP BY name, day";
            case AVG_LOAD -> "SELECT fleet, model, load_capacity, AVG(load / load_capacity) FROM ("
                    + "SELECT fleet, model, load_capacity, name, AVG(current_load) AS load FROM diagnostics WHERE name IS NOT NULL"
                    + " GROUP BY fleet, model, load_capacity, name) GROUP BY fleet, model, load_capacity";
            case DAILY_ACTIVITY -> "SELECT fleet, model, " + dayMs("bucket") + " AS day, COUNT(*) / 144.0 FROM ("
                    + "SELECT fleet, model, name, " + BUCKET + " AS bucket, AVG(status) AS status FROM diagnostics WHERE name IS NOT NULL"
                    + " GROUP BY fleet, model, name, bucket) WHERE status < 1 GROUP BY fleet, model, day";
            case BREAKDOWN_FREQUENCY -> "WITH buckets AS (SELECT model, name, " + BUCKET + " AS bucket,"
                    + " SUM(CASE WHEN status = 0 THEN 1 ELSE 0 END) * 2 >= COUNT(status) AS broken"
                    + " FROM diagnostics WHERE name IS NOT NULL AND status IS NOT NULL GROUP BY model, name, bucket)"
                    + " SELECT model, COUNT(*) FROM (SELECT model, broken, LAG(broken) OVER (PARTITION BY model, name ORDER BY bucket) AS previous"
                    + " FROM buckets) WHERE broken AND NOT previous GROUP BY model";
            // A bare COUNT(*) counts a row written twice twice (CnosDB 2.4.3; README): the time condition counts what SELECT returns.
            case READINGS_COUNT -> "SELECT COUNT(*) FROM readings WHERE time >= " + spec.startNs() + " AND time < " + spec.endNs();
            case LATITUDE_STATS -> "SELECT COUNT(*), MAX(latitude), MIN(latitude), AVG(latitude) FROM readings"
                    + " WHERE time >= " + spec.startNs() + " AND time < " + spec.endNs();
            case LATITUDE_EQUALS -> "SELECT COUNT(*) FROM readings WHERE time >= " + spec.startNs() + " AND time < " + spec.endNs()
                    + " AND latitude = " + IotQueryType.LATITUDE_EQUALS_VALUE;
            case LATITUDE_STATS_BY_DRIVER -> "SELECT driver, COUNT(*), MAX(latitude), MIN(latitude), AVG(latitude) FROM readings"
                    + " WHERE time >= " + spec.startNs() + " AND time < " + spec.endNs() + " GROUP BY driver";
        };
    }

    /** Per (name, driver) of the fleet, the latest record of the query's table, returned with {@code columns} when {@code condition} holds. */
    private static String latest(IotQuery q, String columns, String condition) {
        return "SELECT name, driver, " + columns + " FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY name, driver ORDER BY time DESC) AS latest FROM "
                + q.type().table().measurement
                + " WHERE name IS NOT NULL AND fleet = '" + q.fleet() + "') WHERE latest = 1" + condition;
    }

    private static String fleetWindow(IotQuery q) {
        return "name IS NOT NULL AND fleet = '" + q.fleet() + "' AND time >= " + q.windowStartNs() + " AND time < " + q.windowEndNs();
    }

    /** The UTC day of a timestamp column as epoch milliseconds. */
    private static String dayMs(String column) {
        return "CAST(date_bin(INTERVAL '1 day', " + column + ") AS BIGINT) / 1000000";
    }
}
