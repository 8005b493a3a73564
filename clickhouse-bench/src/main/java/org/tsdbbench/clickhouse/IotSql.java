package org.tsdbbench.clickhouse;

import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotSpec;

/**
 * The IoT catalog in ClickHouse 18.16's SQL, with the meaning {@link IotQueryType} gives each query,
 * over {@link IotLayout}'s tables (each record's own tags: {@code TagModel.RECORD}). Every query
 * returns its text columns first, then its values; days as epoch milliseconds, durations in
 * milliseconds, counts over 6 or 144 in double arithmetic ({@code /} is a real division).
 *
 * <p>What shapes the texts, each checked against 18.16:
 * <ul>
 * <li>The latest record of a group is {@code argMax(x, ts)} (a truck has one record per table and
 * time). An aggregate skips the rows where its argument is NULL, so a field that may be NULL goes in
 * as {@code ifNull(x, nan)}: the latest record's value, NaN (read as NULL) when it has none.</li>
 * <li>A 10-minute bucket is {@code intDiv(ts, 600000000000)}, a day {@code intDiv(bucket, 144)};
 * averages of Nullable columns skip NULL and are NULL over none, and a comparison with NULL is not
 * true, as the meanings say.</li>
 * <li>The queries over consecutive buckets (avg-daily-driving-session, breakdown-frequency) have no
 * window functions here (18.16): each truck's buckets are gathered with {@code groupArray}, sorted
 * with {@code arraySort}, and each bucket is set beside its predecessor by shifting a copy of the
 * array ({@code arrayPushFront(arrayPopBack(a), sentinel)}); {@code arrayFilter}, {@code arrayMap},
 * {@code arraySum} and {@code ARRAY JOIN} do the rest.</li>
 * </ul>
 * Every query of the catalog is expressed: none is absent.
 */
final class IotSql {

    private static final String BUCKET = "intDiv(ts, 600000000000)";
    private static final String DAY_MS = "intDiv(bucket, 144) * 86400000";

    private IotSql() {
    }

    static String render(IotQuery q, IotSpec spec) {
        IotQueryType type = q.type();
        String from = " FROM " + type.table().measurement;
        String fleet = q.fleet() == null ? null : IotLayout.FLEET_KEY + " = '" + q.fleet() + "'";
        String named = "name IS NOT NULL";
        return switch (type) {
            case LAST_LOC -> "SELECT name, driver, argMax(ifNull(longitude, nan), ts), argMax(ifNull(latitude, nan), ts)" + from
                    + " WHERE " + fleet + " AND " + named + " GROUP BY name, driver";
            case LOW_FUEL -> "SELECT name, driver, fuel FROM (SELECT name, driver, argMax(ifNull(fuel_state, nan), ts) AS fuel" + from
                    + " WHERE " + fleet + " AND " + named + " GROUP BY name, driver) WHERE fuel < 0.1";
            // Both argMax pick the same record: one per (name, driver) and time.
            case HIGH_LOAD -> "SELECT name, driver, current FROM (SELECT name, driver, argMax(ifNull(current_load, nan), ts) AS current,"
                    + " argMax(ifNull(load_capacity, nan), ts) AS capacity" + from + " WHERE " + fleet + " AND " + named
                    + " GROUP BY name, driver) WHERE current / capacity > 0.9";
            case STATIONARY_TRUCKS -> "SELECT name, driver" + from + " WHERE " + fleet + " AND " + named + window(q)
                    + " GROUP BY name, driver HAVING avg(velocity) < 1";
            case LONG_DRIVING_SESSIONS, LONG_DAILY_SESSIONS -> "SELECT name, driver FROM (SELECT name, driver, " + BUCKET + " AS bucket" + from
                    + " WHERE " + fleet + " AND " + named + window(q) + " GROUP BY name, driver, bucket HAVING avg(velocity) > 1)"
                    + " GROUP BY name, driver HAVING count() > " + type.threshold();
            case AVG_VS_PROJECTED_FUEL_CONSUMPTION -> "SELECT fleet, avg(fuel_consumption), avg(nominal_fuel_consumption)" + from
                    + " WHERE velocity > 1 AND " + named + " AND fleet IS NOT NULL AND nominal_fuel_consumption IS NOT NULL GROUP BY fleet";
            case AVG_DAILY_DRIVING_DURATION -> "SELECT fleet, name, driver, avg(hours) FROM (SELECT fleet, name, driver, count() / 6 AS hours FROM ("
                    + "SELECT fleet, name, driver, " + BUCKET + " AS bucket" + from + " GROUP BY fleet, name, driver, bucket HAVING avg(velocity) > 1)"
                    + " GROUP BY fleet, name, driver, intDiv(bucket, 144)) GROUP BY fleet, name, driver";
            case AVG_DAILY_DRIVING_SESSION -> drivingSessions(from);
            case AVG_LOAD -> "SELECT fleet, model, load_capacity, avg(avg_load / load_capacity) FROM (SELECT fleet, model, load_capacity, name,"
                    + " avg(current_load) AS avg_load" + from + " WHERE " + named + " GROUP BY fleet, model, load_capacity, name)"
                    + " GROUP BY fleet, model, load_capacity";
            case DAILY_ACTIVITY -> "SELECT fleet, model, " + DAY_MS + " AS day, count() / 144 FROM (SELECT fleet, model, name, " + BUCKET
                    + " AS bucket" + from + " WHERE " + named + " GROUP BY fleet, model, name, bucket HAVING avg(status) < 1) GROUP BY fleet, model, day";
            case BREAKDOWN_FREQUENCY -> breakdowns(from);
            case READINGS_COUNT -> "SELECT count()" + from;
            case LATITUDE_STATS -> "SELECT count(), max(latitude), min(latitude), avg(latitude)" + from + " WHERE ts >= " + spec.startNs()
                    + " AND ts <= " + spec.endNs();
            case LATITUDE_EQUALS -> "SELECT count()" + from + " WHERE latitude = " + IotQueryType.LATITUDE_EQUALS_VALUE;
            case LATITUDE_STATS_BY_DRIVER -> "SELECT driver, count(), max(latitude), min(latitude), avg(latitude)" + from + " GROUP BY driver";
        };
    }

    /**
     * Per name its buckets with a record, each {@code bucket * 4 + state} (state 1 driving, 0 not,
     * 2 no velocity), sorted: so the buckets in time order. A change is a bucket whose state and its
     * predecessor's are both known and differ; each change to driving starts a session whose length
     * runs to the next change ({@code -1}, no length, when there is none). The sessions, one row each
     * by ARRAY JOIN, averaged per (name, day of start) over those that ended: {@code avgIf}, whose
     * average over none is nan (read as NULL).
     */
    private static String drivingSessions(String from) {
        String buckets = "SELECT name, " + BUCKET + " AS bucket, avg(velocity) AS v" + from + " WHERE name IS NOT NULL GROUP BY name, bucket";
        String perName = "SELECT name, arraySort(groupArray(bucket * 4 + if(isNaN(ifNull(v, nan)), 2, ifNull(v, nan) > 5))) AS coded,"
                + " arrayMap(x -> intDiv(x, 4), coded) AS bs, arrayMap(x -> x % 4, coded) AS ss,"
                + " arrayPushFront(arrayPopBack(ss), 2) AS previous,"
                + " arrayMap((s, p) -> s != 2 AND p != 2 AND s != p, ss, previous) AS changed,"
                + " arrayFilter((b, c) -> c, bs, changed) AS change_buckets,"
                + " arrayFilter((s, c) -> c, ss, changed) AS change_states,"
                + " arrayMap(i -> if(i < length(change_buckets), change_buckets[i + 1], -1), arrayEnumerate(change_buckets)) AS next_change,"
                + " arrayFilter((b, s) -> s = 1, change_buckets, change_states) AS starts,"
                + " arrayFilter((n, s) -> s = 1, next_change, change_states) AS finishes"
                + " FROM (" + buckets + ") GROUP BY name";
        return "SELECT name, intDiv(began, 144) * 86400000 AS day, avgIf((finish - began) * 600000, finish >= 0)"
                + " FROM (" + perName + ") ARRAY JOIN starts AS began, finishes AS finish GROUP BY name, day";
    }

    /**
     * Per (model, name) its buckets with a status, each {@code bucket * 2 + broken} (broken: at least
     * half its statuses 0), sorted; the breakdowns are the buckets broken whose predecessor was not
     * (the first bucket's predecessor counted as broken, so it is never one). Per model their sum,
     * models without one left out.
     */
    private static String breakdowns(String from) {
        String buckets = "SELECT model, name, " + BUCKET + " AS bucket, 2 * countIf(ifNull(status, 1) = 0) >= count() AS broken" + from
                + " WHERE name IS NOT NULL AND status IS NOT NULL GROUP BY model, name, bucket";
        String perTruck = "SELECT model, arrayMap(x -> x % 2, arraySort(groupArray(bucket * 2 + broken))) AS states,"
                + " arraySum(arrayMap((s, p) -> s = 1 AND p = 0, states, arrayPushFront(arrayPopBack(states), 1))) AS breakdowns"
                + " FROM (" + buckets + ") GROUP BY model, name";
        return "SELECT model, sum(breakdowns) AS total FROM (" + perTruck + ") GROUP BY model HAVING total > 0";
    }

    /** The window's records: {@code [start, end)} in the table's nanoseconds. */
    private static String window(IotQuery q) {
        return " AND ts >= " + q.windowStartNs() + " AND ts < " + q.windowEndNs();
    }
}
