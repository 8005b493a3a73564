package org.tsdbbench.common.iot;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.workload.DataSpec;
import org.tsdbbench.common.workload.TimeRangeFlags;
import org.tsdbbench.common.workload.Workload;

/**
 * A data set of the IoT workload as TSBS's {@code tsbs_generate_data --use-case=iot} flags decide
 * it: {@code --scale} trucks, {@code --timestamp-start} and {@code --timestamp-end} (times in
 * nanoseconds since the epoch, the end exclusive), {@code --log-interval} and {@code --seed}.
 * Every truck has one readings and one diagnostics record per tick, {@link #ticks()} ticks from
 * the start (TSBS's epochs: the whole intervals that fit), less the records TSBS's imperfections
 * leave out (see {@link IotGenerator}).
 *
 * <p>{@link #defaults()} is the small data set of a quick run; {@link IotScenario} has report C's five.
 * The seed also draws the catalog's parameters ({@link #catalog()}); for a TSBS file, whose own
 * seed is not in it, it decides those only.
 */
public record IotSpec(int trucks, long startNs, long endNs, long intervalNs, long seed) implements DataSpec {

    /** Queries the catalog draws of each type that takes a fleet or a window (the others once): up to 26 of 14 types. */
    public static final int QUERIES_PER_TYPE = 3;

    /** 2016-01-01T00:00:00Z, TSBS's default start and report C's. */
    public static final long DEFAULT_START_NS = Instant.parse("2016-01-01T00:00:00Z").getEpochSecond() * 1_000_000_000L;
    /** One record per truck and table every 10 s, TSBS's default and report C's. */
    public static final long DEFAULT_INTERVAL_NS = 10_000_000_000L;
    /** The seed of TSBS's documented examples and of report D's runs. */
    public static final long DEFAULT_SEED = 123;
    /** Trucks are named truck_0 .. truck_(trucks-1); the answers pack a name into 27 bits. */
    public static final int MAX_TRUCKS = 100_000_000;
    /** The 10-minute buckets of the queries, in nanoseconds. */
    public static final long BUCKET_NS = 600_000_000_000L;
    /** The answers number a data set's 10-minute buckets in 21 bits (39 years). */
    static final long MAX_BUCKETS = 1L << 21;

    public IotSpec {
        if (trucks < 1 || trucks > MAX_TRUCKS) throw new IllegalArgumentException("trucks must be 1.." + MAX_TRUCKS + ", got " + trucks);
        if (intervalNs < 1_000_000) throw new IllegalArgumentException("log interval must be at least 1 ms, got " + intervalNs + " ns");
        if (endNs - startNs < intervalNs) {
            throw new IllegalArgumentException("the time range " + Instant.ofEpochSecond(0, startNs) + " .. " + Instant.ofEpochSecond(0, endNs)
                    + " holds no whole log interval of " + Duration.ofNanos(intervalNs));
        }
        long buckets = Math.floorDiv(endNs - 1, BUCKET_NS) - Math.floorDiv(startNs, BUCKET_NS) + 1;
        if (buckets > MAX_BUCKETS) throw new IllegalArgumentException("time range longer than " + MAX_BUCKETS + " ten-minute buckets");
    }

    /** A spec from TSBS's flags as they are written: RFC 3339 times and a duration. */
    public static IotSpec of(int trucks, String start, String end, Duration interval, long seed) {
        return new IotSpec(trucks, TimeRangeFlags.nanos(Instant.parse(start)), TimeRangeFlags.nanos(Instant.parse(end)), interval.toNanos(), seed);
    }

    /**
     * The default data set: 20 trucks over 36 hours from 2016-01-01 (518,400 records before
     * TSBS's gaps, about 456,000 after), which loads in seconds. It is about the smallest on
     * which every query has something to find: more than 24 hours, so that long-daily-sessions'
     * 24-hour window fits (TSBS's query generator refuses a window as long as the data set), two
     * calendar days for the per-day queries, and some five trucks per fleet.
     */
    public static IotSpec defaults() {
        return new IotSpec(20, DEFAULT_START_NS, DEFAULT_START_NS + Duration.ofHours(36).toNanos(), DEFAULT_INTERVAL_NS, DEFAULT_SEED);
    }

    @Override
    public Workload workload() {
        return IotWorkload.INSTANCE;
    }

    /**
     * The IoT queries of this data set, parameters drawn from the seed among TSBS's fleets (which
     * TSBS's query generator draws from whatever the data, as here): {@value #QUERIES_PER_TYPE} of
     * each type that takes a fleet or window, the others once; a window longer than the data set
     * leaves its type out.
     */
    @Override
    public List<IotQuery> catalog() {
        return IotQueryCatalog.draw(this, IotQueryCatalog.generatedFleets(), seed, QUERIES_PER_TYPE);
    }

    /** Through the session's {@link IotSession} (a DatabaseException when its module does not take the trucks). */
    @Override
    public void recreateSchema(Session session) throws DatabaseException {
        IotSession.of(session).recreateSchema(this);
    }

    /** Through the session's {@link IotSession} (a DatabaseException when its module does not take the trucks). */
    @Override
    public long countRows(Session session) throws DatabaseException {
        return IotSession.of(session).countRows(this);
    }

    @Override
    public DiskUse diskUse(Session session) throws DatabaseException {
        return IotSession.of(session).diskUse(this);
    }

    /** This data set with another seed (a file's, whose seed decides only the catalog). */
    public IotSpec withSeed(long newSeed) {
        return new IotSpec(trucks, startNs, endNs, intervalNs, newSeed);
    }

    /** Ticks in the time range: TSBS's epochs, {@code (end - start) / interval} rounded down. */
    public long ticks() {
        return (endNs - startNs) / intervalNs;
    }

    /** The time of a tick; ticks past {@link #ticks()} continue the same clock (an unbounded source's later passes). */
    public long timestamp(long tick) {
        return startNs + tick * intervalNs;
    }

    /** Records if none were missing: trucks x ticks x 2 tables. */
    public long recordSlots() {
        return 2L * trucks * ticks();
    }

    /** The first 10-minute bucket of the data set, counted from the epoch. */
    long firstBucket() {
        return Math.floorDiv(startNs, BUCKET_NS);
    }

    /** The 10-minute buckets the time range touches. */
    int buckets() {
        return (int) (Math.floorDiv(endNs - 1, BUCKET_NS) - firstBucket() + 1);
    }

    /** Truck {@code client}'s share of {@code clients}: trucks {@code [first, end)}, contiguous, disjoint, sizes within one. */
    public int firstTruck(int client, int clients) {
        if (clients < 1 || clients > trucks) throw new IllegalArgumentException("clients must be 1.." + trucks + " (one truck each at least), got " + clients);
        if (client < 0 || client >= clients) throw new IllegalArgumentException("client must be 0.." + (clients - 1) + ", got " + client);
        return (int) ((long) trucks * client / clients);
    }

    @Override
    public String toString() {
        return trucks + " trucks from " + Instant.ofEpochSecond(0, startNs) + " to " + Instant.ofEpochSecond(0, endNs) + " every "
                + Duration.ofNanos(intervalNs).toString().substring(2).toLowerCase(java.util.Locale.ROOT) + ", seed " + seed;
    }
}
