package org.tsdbbench.tdengine;

import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTable;

/**
 * The IoT catalog in TDengine 3.x's SQL, over report C's layout ({@link IotLayout}: a record answers
 * to its sub-table's tags, {@link org.tsdbbench.common.iot.TagModel#TABLE}), with the meaning
 * {@link org.tsdbbench.common.iot.IotQueryType} gives each query. Every query returns the catalog's
 * columns in its order, the text columns first; {@link #shaper} hands them on as the check takes
 * them, values and texts apart.
 *
 * <p>The means: {@code PARTITION BY} the tags a query groups by (NULL is a group of its own);
 * {@code LAST_ROW} for a truck's latest record (its values, NULLs included, from the one row of the
 * greatest time); {@code INTERVAL(10m)}, windows aligned to the epoch, for the buckets, which hold
 * only buckets with a record; a day as the bucket's start in epoch milliseconds floored to a multiple
 * of 86,400,000 (independent of any time zone, as {@code INTERVAL(1d)} is not); {@code DIFF} over a
 * truck's buckets in time order for "the previous bucket". Windows are {@code ts >= start AND ts <
 * end}, the catalog's half-open interval.
 */
final class IotSql {

    private static final long DAY_MS = 86_400_000L;
    /** A subquery's time column as epoch milliseconds (the database's precision). */
    private static final String TS_MS = "CAST(ts AS BIGINT)";

    private final IotLayout layout;

    IotSql(IotLayout layout) {
        this.layout = layout;
    }

    String render(IotQuery q, IotSpec spec) {
        String readings = layout.table(IotTable.READINGS);
        String diagnostics = layout.table(IotTable.DIAGNOSTICS);
        String fleet = q.fleet() == null ? null : "fleet = '" + q.fleet() + "'";
        return switch (q.type()) {
            case LAST_LOC -> "SELECT name, driver, LAST_ROW(longitude), LAST_ROW(latitude) FROM " + readings
                    + " WHERE " + fleet + " AND name IS NOT NULL PARTITION BY name, driver";
            case LOW_FUEL -> "SELECT name, driver, fs FROM (SELECT name, driver, LAST_ROW(fuel_state) AS fs FROM " + diagnostics
                    + " WHERE " + fleet + " AND name IS NOT NULL PARTITION BY name, driver) WHERE fs < 0.1";
            // load_capacity is a tag, one value per sub-table: partitioning by it too keeps one row per truck.
            case HIGH_LOAD -> "SELECT name, driver, cl FROM (SELECT name, driver, load_capacity, LAST_ROW(current_load) AS cl FROM " + diagnostics
                    + " WHERE " + fleet + " AND name IS NOT NULL PARTITION BY name, driver, load_capacity)"
                    + " WHERE cl / load_capacity > 0.9";
            case STATIONARY_TRUCKS -> "SELECT name, driver FROM (SELECT name, driver, AVG(velocity) AS v FROM " + readings
                    + " WHERE " + fleet + " AND name IS NOT NULL AND " + window(q) + " PARTITION BY name, driver) WHERE v < 1";
            case LONG_DRIVING_SESSIONS, LONG_DAILY_SESSIONS -> "SELECT name, driver FROM (SELECT name, driver, COUNT(*) AS driving FROM"
                    + " (SELECT _wstart AS ts, name, driver, AVG(velocity) AS v FROM " + readings + " WHERE " + fleet + " AND name IS NOT NULL AND "
                    + window(q) + " PARTITION BY name, driver INTERVAL(10m)) WHERE v > 1 PARTITION BY name, driver) WHERE driving > "
                    + q.type().threshold();
            case AVG_VS_PROJECTED_FUEL_CONSUMPTION -> "SELECT fleet, AVG(fuel_consumption), AVG(nominal_fuel_consumption) FROM " + readings
                    + " WHERE velocity > 1 AND name IS NOT NULL AND fleet IS NOT NULL AND nominal_fuel_consumption IS NOT NULL PARTITION BY fleet";
            case AVG_DAILY_DRIVING_DURATION -> "SELECT fleet, name, driver, AVG(hours) FROM"
                    + " (SELECT fleet, name, driver, day, COUNT(*) / 6.0 AS hours"
                    + " FROM (SELECT fleet, name, driver, " + day(TS_MS) + " AS day FROM (SELECT _wstart AS ts, fleet, name, driver, AVG(velocity) AS v"
                    + " FROM " + readings + " PARTITION BY fleet, name, driver INTERVAL(10m)) WHERE v > 1)"
                    + " PARTITION BY fleet, name, driver, day) PARTITION BY fleet, name, driver";
            case AVG_DAILY_DRIVING_SESSION -> drivingSessions(readings);
            case AVG_LOAD -> "SELECT fleet, model, load_capacity, AVG(l / load_capacity) FROM (SELECT fleet, model, load_capacity, name,"
                    + " AVG(current_load) AS l FROM " + diagnostics + " WHERE name IS NOT NULL PARTITION BY fleet, model, load_capacity, name)"
                    + " PARTITION BY fleet, model, load_capacity";
            case DAILY_ACTIVITY -> "SELECT fleet, model, day, COUNT(*) / 144.0"
                    + " FROM (SELECT fleet, model, " + day(TS_MS) + " AS day FROM"
                    + " (SELECT _wstart AS ts, fleet, model, AVG(status) AS s FROM " + diagnostics + " WHERE name IS NOT NULL"
                    + " PARTITION BY fleet, model, name INTERVAL(10m)) WHERE s < 1) PARTITION BY fleet, model, day";
            case BREAKDOWN_FREQUENCY -> breakdowns(diagnostics);
            case READINGS_COUNT -> "SELECT COUNT(*) FROM " + readings;
            case LATITUDE_STATS -> "SELECT COUNT(*), MAX(latitude), MIN(latitude), AVG(latitude) FROM " + readings
                    + " WHERE ts >= " + Math.floorDiv(spec.startNs(), 1_000_000L) + " AND ts <= " + Math.floorDiv(spec.endNs(), 1_000_000L);
            case LATITUDE_EQUALS -> "SELECT COUNT(*) FROM " + readings + " WHERE latitude = " + IotQueryType.LATITUDE_EQUALS_VALUE;
            case LATITUDE_STATS_BY_DRIVER -> "SELECT driver, COUNT(*), MAX(latitude), MIN(latitude), AVG(latitude) FROM " + readings
                    + " PARTITION BY driver";
        };
    }

    private static String window(IotQuery q) {
        return "ts >= " + q.windowStartMs() + " AND ts < " + Math.floorDiv(q.windowEndNs(), 1_000_000L);
    }

    /** The UTC day (epoch ms) of a time in epoch ms. */
    private static String day(String ms) {
        return "FLOOR((" + ms + ") / " + DAY_MS + ") * " + DAY_MS;
    }

    /**
     * avg-daily-driving-session. {@code buckets}: a truck's buckets in time order with DIFF of their
     * state coded 0 (average velocity at most 5), 1 (above 5) or 10 (no velocity, NULL): a change
     * is a difference of exactly 1 (to driving) or -1, never one involving a NULL bucket (9, 10).
     * {@code changes}: the changes of each truck in time order, and DIFF of {@code 2 t + (to driving
     * ? 1 : 0)} less the change's own flag, which is {@code 2 (t - t_prev) - (previous to driving ?
     * 1 : 0)}: odd exactly when the previous change started a session, which this change ends after
     * {@code (e + 1) / 2} ms. The sessions ended, with the day they started, meet every change to
     * driving with a NULL length (an unfinished session's day keeps its row, NULL when no session of
     * that day ended), and AVG per (name, day) skips the NULLs.
     */
    private static String drivingSessions(String readings) {
        String buckets = "SELECT ts, name, DIFF(CASE WHEN v IS NULL THEN 10 WHEN v > 5 THEN 1 ELSE 0 END) AS d FROM (SELECT _wstart AS ts, name,"
                + " AVG(velocity) AS v FROM " + readings + " WHERE name IS NOT NULL PARTITION BY name INTERVAL(10m)) PARTITION BY name";
        String flag = "(CASE WHEN d = 1 THEN 1 ELSE 0 END)";
        String changes = "SELECT ts, name, DIFF(" + TS_MS + " * 2 + " + flag + ") - " + flag + " AS e FROM (" + buckets + ")"
                + " WHERE d = 1 OR d = -1 PARTITION BY name";
        String ended = "SELECT name, " + day(TS_MS + " - (e + 1) / 2") + " AS day,"
                + " (e + 1) / 2 AS len FROM (" + changes + ") WHERE e % 2 = 1";
        String started = "SELECT name, " + day(TS_MS) + " AS day, NULL AS len FROM (" + buckets + ") WHERE d = 1";
        return "SELECT name, day, AVG(len) FROM (" + ended + " UNION ALL " + started + ") PARTITION BY name, day";
    }

    /**
     * breakdown-frequency: per truck its buckets with a status in time order, each broken down (1)
     * when at least half its statuses are 0, else 0; DIFF = 1 is a breakdown (a broken-down bucket
     * after one that was not); per model their count.
     */
    private static String breakdowns(String diagnostics) {
        String buckets = "SELECT _wstart AS ts, name, model, COUNT(status) AS n, SUM(CASE WHEN status = 0 THEN 1 ELSE 0 END) AS z FROM "
                + diagnostics + " WHERE name IS NOT NULL AND status IS NOT NULL PARTITION BY name, model INTERVAL(10m)";
        String changes = "SELECT name, model, DIFF(CASE WHEN 2 * z >= n THEN 1 ELSE 0 END) AS d FROM (" + buckets + ") PARTITION BY name, model";
        return "SELECT model, COUNT(*) FROM (" + changes + ") WHERE d = 1 PARTITION BY model";
    }
}
