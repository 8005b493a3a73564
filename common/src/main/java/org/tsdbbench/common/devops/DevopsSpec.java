package org.tsdbbench.common.devops;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.workload.DataSpec;
import org.tsdbbench.common.workload.Workload;

/**
 * A data set of TSBS's cpu-only use case as {@code tsbs_generate_data --use-case=cpu-only} flags
 * decide it: {@code --scale} hosts ({@code host_0} ..), {@code --timestamp-start} and
 * {@code --timestamp-end} (ns since the epoch, the end exclusive), {@code --log-interval} and
 * {@code --seed}. Every host has one {@code cpu} row per interval from the start: {@link #epochs()}
 * of them (TSBS's epochs, the whole intervals that fit), with no gaps.
 */
public record DevopsSpec(int hosts, long startNs, long endNs, long intervalNs, long seed) implements DataSpec {

    /** Queries the catalog draws of each type that takes hosts or a window (lastpoint once). */
    public static final int QUERIES_PER_TYPE = 2;
    /** 2016-01-01T00:00:00Z, TSBS's default start. */
    public static final long DEFAULT_START_NS = Instant.parse("2016-01-01T00:00:00Z").getEpochSecond() * 1_000_000_000L;
    /** One row per host every 10 s, TSBS's default. */
    public static final long DEFAULT_INTERVAL_NS = 10_000_000_000L;
    public static final long DEFAULT_SEED = 123;
    public static final int MAX_HOSTS = 10_000_000;

    public DevopsSpec {
        if (hosts < 1 || hosts > MAX_HOSTS) throw new IllegalArgumentException("hosts must be 1.." + MAX_HOSTS + ", got " + hosts);
        if (intervalNs < 1_000_000) throw new IllegalArgumentException("log interval must be at least 1 ms, got " + intervalNs + " ns");
        if (endNs - startNs < intervalNs) {
            throw new IllegalArgumentException("the time range " + Instant.ofEpochSecond(0, startNs) + " .. " + Instant.ofEpochSecond(0, endNs)
                    + " holds no whole log interval of " + Duration.ofNanos(intervalNs));
        }
    }

    /**
     * The default data set: 10 hosts over 13 hours from 2016-01-01 (46,800 rows), which loads in a
     * second: more than 12 hours, so that every query type's window fits (TSBS's query generator
     * refuses a window as long as the data set), and more than the 8 hosts of the 8-host queries.
     */
    public static DevopsSpec defaults() {
        return new DevopsSpec(10, DEFAULT_START_NS, DEFAULT_START_NS + Duration.ofHours(13).toNanos(), DEFAULT_INTERVAL_NS, DEFAULT_SEED);
    }

    @Override
    public Workload workload() {
        return CpuOnlyWorkload.INSTANCE;
    }

    /** TSBS's fifteen DevOps queries and report D's, parameters drawn from the seed ({@link DevopsQueryCatalog}). */
    @Override
    public List<DevopsQuery> catalog() {
        return DevopsQueryCatalog.draw(this, QUERIES_PER_TYPE);
    }

    @Override
    public void recreateSchema(Session session) throws DatabaseException {
        DevopsSession.of(session).recreateSchema(this);
    }

    @Override
    public long countRows(Session session) throws DatabaseException {
        return DevopsSession.of(session).countRows(this);
    }

    @Override
    public DiskUse diskUse(Session session) throws DatabaseException {
        return DevopsSession.of(session).diskUse(this);
    }

    /** This data set with another seed (a file's, whose seed decides only the catalog). */
    public DevopsSpec withSeed(long newSeed) {
        return new DevopsSpec(hosts, startNs, endNs, intervalNs, newSeed);
    }

    /** TSBS's epochs: {@code (end - start) / interval} rounded down. */
    public long epochs() {
        return (endNs - startNs) / intervalNs;
    }

    /** The time of an epoch; epochs past {@link #epochs()} continue the same clock (an unbounded source). */
    public long timestamp(long epoch) {
        return startNs + epoch * intervalNs;
    }

    /** Rows of the data set: hosts x epochs. */
    public long rows() {
        return hosts * epochs();
    }

    /** TSBS's name of host {@code index}. */
    public static String hostname(int index) {
        return "host_" + index;
    }

    @Override
    public String toString() {
        return hosts + " hosts from " + Instant.ofEpochSecond(0, startNs) + " to " + Instant.ofEpochSecond(0, endNs) + " every "
                + Duration.ofNanos(intervalNs).toString().substring(2).toLowerCase(java.util.Locale.ROOT) + ", seed " + seed;
    }
}
