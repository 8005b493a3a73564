package org.tsdbbench.cassandra;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotTag;

/**
 * The IoT trucks in CQL: the layout of {@code readings} and {@code diagnostics}, and the catalog's
 * queries ({@link IotQueryType} gives each its meaning).
 *
 * <p>Layout. Each record keeps its own eight tags ({@code TagModel.RECORD}) as primary-key columns:
 * partition key {@code fleet} (the five fleet queries read one partition), then clustering by the
 * other seven tags in TSBS's order and {@code ts DESC}. A record's whole tag set (its series) is
 * thus a clustering prefix, so {@code GROUP BY} the series (or the series and
 * {@code floor(ts, 10m)}) is legal CQL, and the first row of a series group is its latest record.
 * Primary-key columns cannot be null: a null text tag is stored as {@code ''} (the answer check reads
 * an empty text as NULL, and no TSBS tag value is empty), but a partition key may not be empty, so a
 * null fleet is {@link #NULL_FLEET}, one NUL character (the shaper reads it as NULL); a null numeric
 * tag is NaN (read back as NULL). Two records share a key only with the same eight tags and time (a truck has one
 * record per table and time: only records without a name can); Cassandra then keeps one row, the later record's
 * fields over the earlier's ({@code TagModel.SERIES}).
 *
 * <p>Queries. CQL groups only by a primary-key prefix, so Cassandra aggregates the records per
 * series (or per series and bucket), and the dialect's shaper ({@link IotCqlShaper}) combines those
 * groups into the query's (sums and counts added, the latest series row taken, buckets counted per
 * truck, a HAVING applied): one row per group Cassandra sends, never a record. Averages are sent as
 * SUM and COUNT (a group's average is their quotient over its series, NULL when the count is 0).
 * Every type of the catalog is said this way; none is absent.
 */
final class IotCql {

    /** The tags in key order after the partition key: TSBS's order less the fleet. */
    static final List<IotTag> CLUSTERING_TAGS = List.of(IotTag.NAME, IotTag.DRIVER, IotTag.MODEL, IotTag.DEVICE_VERSION,
            IotTag.LOAD_CAPACITY, IotTag.FUEL_CAPACITY, IotTag.NOMINAL_FUEL_CONSUMPTION);
    /** The series: the partition key and every clustering column but ts. */
    static final String SERIES = "fleet, name, driver, model, device_version, load_capacity, fuel_capacity, nominal_fuel_consumption";
    static final String BUCKET = "floor(ts, 10m)";
    /** A null fleet as stored: Cassandra refuses an empty partition key ("Key may not be empty"). */
    static final String NULL_FLEET = "\u0000";
    /** "name is not null": a null name is stored as '', and no name is empty. A slice of the first clustering column. */
    static final String NAMED = "name > ''";

    private IotCql() {
    }

    /** The columns in the INSERT's order: the eight tags (fleet first), ts, the fields. */
    static List<String> columns(IotTable table) {
        List<String> c = new ArrayList<>();
        c.add(IotTag.FLEET.key);
        for (IotTag t : CLUSTERING_TAGS) c.add(t.key);
        c.add("ts");
        c.addAll(table.fields());
        return c;
    }

    static String create(String keyspace, IotTable table) {
        StringBuilder s = new StringBuilder("CREATE TABLE ").append(keyspace).append('.').append(table.measurement).append(" (fleet text");
        for (IotTag t : CLUSTERING_TAGS) s.append(", ").append(t.key).append(t.numeric ? " double" : " text");
        s.append(", ts timestamp");
        for (int f = 0; f < table.fieldCount(); f++) s.append(", ").append(table.fields().get(f)).append(table.isInteger(f) ? " bigint" : " double");
        s.append(", PRIMARY KEY ((fleet)");
        for (IotTag t : CLUSTERING_TAGS) s.append(", ").append(t.key);
        s.append(", ts)) WITH CLUSTERING ORDER BY (");
        for (IotTag t : CLUSTERING_TAGS) s.append(t.key).append(" ASC, ");
        return s.append("ts DESC)").toString();
    }

    static String drop(String keyspace, IotTable table) {
        return "DROP TABLE IF EXISTS " + keyspace + "." + table.measurement;
    }

    static String insert(String keyspace, IotTable table) {
        List<String> c = columns(table);
        return "INSERT INTO " + keyspace + "." + table.measurement + " (" + String.join(", ", c) + ") VALUES ("
                + String.join(", ", java.util.Collections.nCopies(c.size(), "?")) + ")";
    }

    static Optional<String> render(IotQuery q, IotSpec spec) {
        IotQueryType type = q.type();
        String from = " FROM " + type.table().measurement;
        String fleet = q.fleet() == null ? null : "fleet = '" + q.fleet() + "'";
        String window = type.window() == null ? null : " AND ts >= " + q.windowStartMs() + " AND ts < " + (q.windowStartMs() + type.window().toMillis());
        String perSeries = " GROUP BY " + SERIES;
        String perBucket = " GROUP BY " + SERIES + ", " + BUCKET;
        return Optional.of(switch (type) {
            // The first row of a series group is its latest record (ts DESC): its ts and fields, NULL as stored.
            case LAST_LOC -> "SELECT name, driver, ts, longitude, latitude" + from + " WHERE " + fleet + " AND " + NAMED + perSeries;
            case LOW_FUEL -> "SELECT name, driver, ts, fuel_state" + from + " WHERE " + fleet + " AND " + NAMED + perSeries;
            case HIGH_LOAD -> "SELECT name, driver, ts, current_load, load_capacity" + from + " WHERE " + fleet + " AND " + NAMED + perSeries;
            case STATIONARY_TRUCKS -> "SELECT name, driver, SUM(velocity), COUNT(velocity)" + from + " WHERE " + fleet + " AND " + NAMED + window
                    + perSeries + " ALLOW FILTERING";
            case LONG_DRIVING_SESSIONS, LONG_DAILY_SESSIONS -> "SELECT name, driver, " + BUCKET + ", SUM(velocity), COUNT(velocity)" + from
                    + " WHERE " + fleet + " AND " + NAMED + window + perBucket + " ALLOW FILTERING";
            case AVG_VS_PROJECTED_FUEL_CONSUMPTION -> "SELECT fleet, nominal_fuel_consumption, SUM(fuel_consumption), COUNT(fuel_consumption),"
                    + " SUM(nominal_fuel_consumption), COUNT(nominal_fuel_consumption)" + from + " WHERE " + NAMED + " AND velocity > 1" + perSeries
                    + " ALLOW FILTERING";
            // Every reading, a null name included (TSBS's SQL has no name filter here).
            case AVG_DAILY_DRIVING_DURATION -> "SELECT fleet, name, driver, " + BUCKET + ", SUM(velocity), COUNT(velocity)" + from + perBucket;
            case AVG_DAILY_DRIVING_SESSION -> "SELECT name, " + BUCKET + ", SUM(velocity), COUNT(velocity)" + from + " WHERE " + NAMED + perBucket
                    + " ALLOW FILTERING";
            case AVG_LOAD -> "SELECT fleet, model, name, load_capacity, SUM(current_load), COUNT(current_load)" + from + " WHERE " + NAMED + perSeries
                    + " ALLOW FILTERING";
            case DAILY_ACTIVITY -> "SELECT fleet, model, name, " + BUCKET + ", SUM(status), COUNT(status)" + from + " WHERE " + NAMED + perBucket
                    + " ALLOW FILTERING";
            // The statuses that are not 0, counted by Cassandra: (|s| - ||s| - 1| + 1) / 2 is 1 for a whole |s| >= 1 and 0 for 0 (CQL has no CASE).
            case BREAKDOWN_FREQUENCY -> "SELECT model, name, " + BUCKET + ", COUNT(status), SUM((abs(status) - abs(abs(status) - 1) + 1) / 2)" + from
                    + " WHERE " + NAMED + perBucket + " ALLOW FILTERING";
            case READINGS_COUNT -> "SELECT COUNT(*)" + from;
            case LATITUDE_STATS -> "SELECT COUNT(*), MAX(latitude), MIN(latitude), AVG(latitude), COUNT(latitude)" + from + " WHERE ts >= "
                    + Math.floorDiv(spec.startNs() + 999_999, 1_000_000L) + " AND ts <= " + Math.floorDiv(spec.endNs(), 1_000_000L) + " ALLOW FILTERING";
            case LATITUDE_EQUALS -> "SELECT COUNT(*)" + from + " WHERE latitude = " + IotQueryType.LATITUDE_EQUALS_VALUE + " ALLOW FILTERING";
            // Per series; the shaper merges a driver's series.
            case LATITUDE_STATS_BY_DRIVER -> "SELECT driver, COUNT(*), MAX(latitude), MIN(latitude), SUM(latitude), COUNT(latitude)" + from
                    + perSeries;
        });
    }
}
