package org.tsdbbench.common.devops;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.tsdbbench.common.workload.RowsAnswer;

/**
 * TSBS's fifteen DevOps queries on {@code cpu} and report D's sixteenth, each with one meaning every
 * dialect must give it (that of TSBS's SQL, its TimescaleDB queries). A result row is {@code texts} (the
 * hostname, where the query returns it) and {@code values} (times in epoch milliseconds, then the numbers), in the
 * order of {@link #columns()}; row order does not matter (TSBS's ORDER BY is presentation).
 *
 * <p>Shared terms: a window is {@code [start, start + length)}, its start drawn half a log interval
 * off the rows' times so that {@code > / <=} select the same rows as {@code >= / <}; a minute or hour
 * is an epoch-aligned bucket (TimescaleDB's time_bucket, InfluxDB's time(), TDengine's interval());
 * a bucket without rows gives no row. "The first M metrics" are {@link CpuBatch#FIELDS}' first M.
 */
public enum DevopsQueryType {

    /** single-groupby-M-H-T: rows of H random hosts in a T-hour window; per minute the max of each of the first M metrics. */
    SINGLE_GROUPBY_1_1_1("single-groupby-1-1-1", 1, 1, 1),
    SINGLE_GROUPBY_1_1_12("single-groupby-1-1-12", 1, 1, 12),
    SINGLE_GROUPBY_1_8_1("single-groupby-1-8-1", 1, 8, 1),
    SINGLE_GROUPBY_5_1_1("single-groupby-5-1-1", 5, 1, 1),
    SINGLE_GROUPBY_5_1_12("single-groupby-5-1-12", 5, 1, 12),
    SINGLE_GROUPBY_5_8_1("single-groupby-5-8-1", 5, 8, 1),
    /** cpu-max-all-H: rows of H random hosts in an 8-hour window; per hour the max of each of the ten metrics. */
    CPU_MAX_ALL_1("cpu-max-all-1", 10, 1, 8),
    CPU_MAX_ALL_8("cpu-max-all-8", 10, 8, 8),
    /** double-groupby-M: every host's rows in a 12-hour window; per (hour, hostname) the mean of each of the first M metrics. */
    DOUBLE_GROUPBY_1("double-groupby-1", 1, 0, 12),
    DOUBLE_GROUPBY_5("double-groupby-5", 5, 0, 12),
    DOUBLE_GROUPBY_ALL("double-groupby-all", 10, 0, 12),
    /** high-cpu-H: the rows of H random hosts (all: every host) in a 12-hour window whose usage_user &gt; 90: hostname, time, the ten metrics. */
    HIGH_CPU_1("high-cpu-1", 10, 1, 12),
    HIGH_CPU_ALL("high-cpu-all", 10, 0, 12),
    /** Per hostname its latest row: time and the ten metrics. */
    LASTPOINT("lastpoint", 10, 0, 0),
    /**
     * The five latest minutes before a random time (the end of a drawn 1-hour window) over every
     * host's rows: per minute max(usage_user), the five minutes with the greatest start whose rows
     * are before that time.
     */
    GROUPBY_ORDERBY_LIMIT("groupby-orderby-limit", 1, 0, 1),
    /**
     * Report D's query (CnosDB's comparison with OpenTSDB, not TSBS's): host_0's rows in a span from the
     * data set's start (all of it, or its first two fifths); per minute max(usage_user), the ten minutes
     * with the least start, in time order ({@code LIMIT 10}).
     */
    HOST_MINUTE_MAX_FIRST_10("minute-max-first-10", 1, 1, 0);

    /** The minutes groupby-orderby-limit returns. */
    public static final int LIMIT = 5;
    /** The minutes minute-max-first-10 returns. */
    public static final int FIRST_MINUTES = 10;
    /** usage_user &gt; this is high-cpu's threshold. */
    public static final double HIGH_CPU_THRESHOLD = 90.0;

    private final String id;
    private final int metrics;
    private final int hosts;
    private final int hours;

    DevopsQueryType(String id, int metrics, int hosts, int hours) {
        this.id = id;
        this.metrics = metrics;
        this.hosts = hosts;
        this.hours = hours;
    }

    public String id() {
        return id;
    }

    /** The metrics the query reads, the first of {@link CpuBatch#FIELDS}. */
    public List<String> metrics() {
        return CpuBatch.FIELDS.subList(0, metrics);
    }

    /** Random hosts the query names (minute-max-first-10: host_0, not drawn); 0: it reads every host. */
    public int hosts() {
        return hosts;
    }

    /** The window of a fixed length; null for lastpoint and for minute-max-first-10, whose span varies. */
    public Duration window() {
        return hours == 0 ? null : Duration.ofHours(hours);
    }

    /** Whether a query of the type reads a window of time: every type but lastpoint. */
    public boolean windowed() {
        return this != LASTPOINT;
    }

    /** Whether the window's end is the query's own (minute-max-first-10's span), not start plus {@link #window()}. */
    public boolean spanned() {
        return this == HOST_MINUTE_MAX_FIRST_10;
    }

    /** The minutes a limited query returns (groupby-orderby-limit's latest, minute-max-first-10's first), else 0. */
    public int limit() {
        return switch (this) {
            case GROUPBY_ORDERBY_LIMIT -> LIMIT;
            case HOST_MINUTE_MAX_FIRST_10 -> FIRST_MINUTES;
            default -> 0;
        };
    }

    /** The bucket of the grouping queries: a minute or an hour; null for the row queries (high-cpu, lastpoint). */
    public Duration bucket() {
        return switch (this) {
            case HIGH_CPU_1, HIGH_CPU_ALL, LASTPOINT -> null;
            case CPU_MAX_ALL_1, CPU_MAX_ALL_8, DOUBLE_GROUPBY_1, DOUBLE_GROUPBY_5, DOUBLE_GROUPBY_ALL -> Duration.ofHours(1);
            default -> Duration.ofMinutes(1);
        };
    }

    /** The aggregate of the grouping queries ("max" or "avg"); null for the row queries. */
    public String aggregate() {
        if (bucket() == null) return null;
        return name().startsWith("DOUBLE_GROUPBY") ? "avg" : "max";
    }

    /** Whether rows are grouped per hostname too (double-groupby) or returned with it (high-cpu, lastpoint). */
    public boolean perHost() {
        return bucket() == null || name().startsWith("DOUBLE_GROUPBY");
    }

    /** The rows' columns: hostname where per host; the time (bucket start or row time) then one value per metric. */
    public RowsAnswer.Columns columns() {
        String time = bucket() == null ? "time" : bucket().toHours() == 1 ? "hour" : "minute";
        List<String> values = new ArrayList<>();
        values.add(time);
        String prefix = aggregate() == null ? "" : aggregate().equals("avg") ? "mean_" : "max_";
        for (String m : metrics()) values.add(prefix + m);
        return new RowsAnswer.Columns(perHost() ? List.of("hostname") : List.of(), values, this == LASTPOINT ? 0 : 1, java.util.Set.of(time));
    }

    public static DevopsQueryType ofId(String id) {
        for (DevopsQueryType t : values()) if (t.id.equals(id)) return t;
        throw new IllegalArgumentException("no DevOps query '" + id + "'");
    }
}
