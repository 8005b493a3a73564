package org.tsdbbench.common.iot;

import java.time.Duration;
import java.util.List;

/**
 * The twelve queries of TSBS's IoT use case and report D's four, each with one meaning every
 * database's dialect must give it. The meaning is that of TSBS's SQL (its TimescaleDB queries), with
 * groups taken by the columns the query returns (TSBS groups by its tags table's row, which splits a
 * truck whose records differ in a null tag; InfluxQL and TDengine's SQL group by the columns, as
 * here), and with TSBS's two slips in its SQL set right where the query's own description says what
 * it means (daily-activity, breakdown-frequency; see each). A result row is {@code texts} (the tag
 * columns, NULL as null; an empty text counts as NULL, InfluxDB's way of saying a series lacks the
 * tag) and {@code values} (the numbers, NULL as NaN; times in epoch milliseconds, durations in
 * milliseconds), in the order {@link #textColumns()} and {@link #valueColumns()} list them; the first
 * {@link #keyValues()} values belong to the row's key. Row order does not matter (TSBS's ORDER BY
 * is presentation).
 *
 * <p>Shared terms. A record's tags are its own (InfluxDB's series, TimescaleDB's tags row) or its
 * table's ({@link TagModel}). "name is not null" drops the records whose name is null; NULL is a
 * group of its own in GROUP BY. Averages skip NULL fields; an average over none is NULL, and a
 * comparison with NULL is not true. A bucket is an epoch-aligned 10-minute interval, a day an
 * epoch-aligned UTC day (TimescaleDB's time_bucket, InfluxDB's time(), TDengine's interval()).
 * "Latest" is the record with the greatest time (a truck has one record per table and time).
 * Windows are {@code [start, start + length)}; the catalog draws starts half a log interval off the
 * records' times, so that {@code > / <=} (InfluxQL, TDengine) select the same records as
 * {@code >= / <} (TimescaleDB).
 */
public enum IotQueryType {

    /**
     * Readings with name not null and fleet = F; per (name, driver) the latest record's longitude
     * and latitude (NULL when that record has none).
     */
    LAST_LOC("last-loc", IotTable.READINGS, true, null, 0, List.of("name", "driver"), List.of("longitude", "latitude"), 0),
    /** Diagnostics with name not null and fleet = F; per (name, driver) the latest record, returned when its fuel_state &lt; 0.1. */
    LOW_FUEL("low-fuel", IotTable.DIAGNOSTICS, true, null, 0, List.of("name", "driver"), List.of("fuel_state"), 0),
    /**
     * Diagnostics with name not null and fleet = F; per (name, driver) the latest record, returned
     * when {@code current_load / load_capacity > 0.9} in double arithmetic (TSBS's SQL; its InfluxQL
     * says {@code >= 0.9 * load_capacity}, which differs at 1350, 1800 and 4500), with the record's
     * own load_capacity.
     */
    HIGH_LOAD("high-load", IotTable.DIAGNOSTICS, true, null, 0, List.of("name", "driver"), List.of("current_load"), 0),
    /** Readings with name not null, fleet = F, in a 10-minute window; the (name, driver) whose average velocity &lt; 1. */
    STATIONARY_TRUCKS("stationary-trucks", IotTable.READINGS, true, Duration.ofMinutes(10), 0, List.of("name", "driver"), List.of(), 0),
    /**
     * Readings with name not null, fleet = F, in a 4-hour window; per (name, driver) the buckets
     * whose average velocity &gt; 1 (driving); the (name, driver) with more than 22 such buckets
     * (TSBS's {@code tenMinutePeriods(5, 4h)}).
     */
    LONG_DRIVING_SESSIONS("long-driving-sessions", IotTable.READINGS, true, Duration.ofHours(4), 22, List.of("name", "driver"), List.of(), 0),
    /** As long-driving-sessions over a 24-hour window, more than 60 driving buckets ({@code tenMinutePeriods(35, 24h)}). */
    LONG_DAILY_SESSIONS("long-daily-sessions", IotTable.READINGS, true, Duration.ofHours(24), 60, List.of("name", "driver"), List.of(), 0),
    /**
     * Readings with velocity &gt; 1 and name, fleet and nominal_fuel_consumption not null; per
     * fleet the average fuel_consumption and the average nominal_fuel_consumption over those records.
     */
    AVG_VS_PROJECTED_FUEL_CONSUMPTION("avg-vs-projected-fuel-consumption", IotTable.READINGS, false, null, 0,
            List.of("fleet"), List.of("avg_fuel_consumption", "projected_fuel_consumption"), 0),
    /**
     * All readings, a null name included (TSBS's SQL has no name filter here); per (fleet, name,
     * driver, bucket) driving when the average velocity &gt; 1; per (fleet, name, driver, day) hours
     * = driving buckets / 6 (as a real number: TSBS's SQL divides integers, its InfluxQL and
     * TDengine's do not); per (fleet, name, driver) the average hours over the days with a driving
     * bucket.
     */
    AVG_DAILY_DRIVING_DURATION("avg-daily-driving-duration", IotTable.READINGS, false, null, 0,
            List.of("fleet", "name", "driver"), List.of("avg_daily_hours"), 0),
    /**
     * Readings with name not null; per name its buckets with a record, in time order, each driving
     * when its average velocity &gt; 5 (NULL when it has no velocity). A change is a bucket whose
     * state differs from the previous bucket's, both not NULL. Each change to driving starts a
     * session that the next change ends (none: unfinished, no length). Per (name, day of the
     * session's start) the average session length, NULL when none there has ended.
     */
    AVG_DAILY_DRIVING_SESSION("avg-daily-driving-session", IotTable.READINGS, false, null, 0,
            List.of("name"), List.of("day", "avg_session"), 1),
    /**
     * Diagnostics with name not null; per (fleet, model, load_capacity, name) the average
     * current_load; per (fleet, model, load_capacity) the average over its names of that average /
     * load_capacity.
     */
    AVG_LOAD("avg-load", IotTable.DIAGNOSTICS, false, null, 0, List.of("fleet", "model"), List.of("load_capacity", "avg_load_percentage"), 1),
    /**
     * Diagnostics with name not null; per (fleet, model, name, bucket) active when the average
     * status &lt; 1; per (fleet, model, day) the active buckets / 144 (the share of a day a truck
     * was active, summed over the trucks). TSBS's SQL sums the records of the active buckets
     * instead of counting the buckets; its InfluxQL and TDengine's count buckets, as here.
     */
    DAILY_ACTIVITY("daily-activity", IotTable.DIAGNOSTICS, false, null, 0, List.of("fleet", "model"), List.of("day", "daily_activity"), 1),
    /**
     * Diagnostics with name not null; per (model, name) its buckets with a status, in time order,
     * each broken down when at least half its statuses are 0; per model the breakdowns: buckets
     * broken down whose previous bucket was not. Models without one have no row. (TSBS's SQL says
     * {@code count(status = 0) / count(*) >= 0.5}, which counts every non-null status; its own
     * description, "how many times a truck model broke down", is what is kept.)
     */
    BREAKDOWN_FREQUENCY("breakdown-frequency", IotTable.DIAGNOSTICS, false, null, 0, List.of("model"), List.of("breakdowns"), 0),
    /** Report D: {@code select count(*) from readings}. */
    READINGS_COUNT("readings-count", IotTable.READINGS, false, null, 0, List.of(), List.of("count"), 0),
    /**
     * Report D: count(*), max, min and average of latitude over the readings of the whole time
     * range ({@code ts >= start and ts <= end}).
     */
    LATITUDE_STATS("latitude-stats", IotTable.READINGS, false, null, 0, List.of(), List.of("count", "max_latitude", "min_latitude", "avg_latitude"), 0),
    /**
     * Report D (CnosDB vs MySQL): {@code select count(*) from readings where latitude = 100}, over the
     * whole data set. TSBS's latitudes lie within [-90, 90], so the count is 0: a scan with a filter.
     */
    LATITUDE_EQUALS("latitude-equals", IotTable.READINGS, false, null, 0, List.of(), List.of("count"), 0),
    /**
     * Report D (CnosDB vs MySQL): latitude-stats per driver over the whole data set: per driver (NULL
     * a group of its own) count(*), max, min and average of latitude (NULL when it has none).
     */
    LATITUDE_STATS_BY_DRIVER("latitude-stats-by-driver", IotTable.READINGS, false, null, 0, List.of("driver"),
            List.of("count", "max_latitude", "min_latitude", "avg_latitude"), 0);

    /** The latitude {@link #LATITUDE_EQUALS} asks for, as report D wrote it. */
    public static final int LATITUDE_EQUALS_VALUE = 100;

    private final String id;
    private final IotTable table;
    private final boolean fleet;
    private final Duration window;
    private final int threshold;
    private final List<String> texts;
    private final List<String> values;
    private final int keyValues;

    IotQueryType(String id, IotTable table, boolean fleet, Duration window, int threshold, List<String> texts, List<String> values, int keyValues) {
        this.id = id;
        this.table = table;
        this.fleet = fleet;
        this.window = window;
        this.threshold = threshold;
        this.texts = texts;
        this.values = values;
        this.keyValues = keyValues;
    }

    /** TSBS's name of the query (report D's four named here). */
    public String id() {
        return id;
    }

    /** The table the query reads. */
    public IotTable table() {
        return table;
    }

    /** Whether the query takes a fleet. */
    public boolean hasFleet() {
        return fleet;
    }

    /** The window's length, or null for a query over the whole data set. */
    public Duration window() {
        return window;
    }

    /** The driving buckets a (name, driver) must exceed (long-driving-sessions, long-daily-sessions). */
    public int threshold() {
        return threshold;
    }

    /** The text columns of a result row: its tags. */
    public List<String> textColumns() {
        return texts;
    }

    /** The numeric columns of a result row. */
    public List<String> valueColumns() {
        return values;
    }

    /** How many of the first values are part of the row's key (a day, a load capacity). */
    public int keyValues() {
        return keyValues;
    }

    public static IotQueryType ofId(String id) {
        for (IotQueryType t : values()) if (t.id.equals(id)) return t;
        throw new IllegalArgumentException("unknown IoT query '" + id + "'");
    }
}
