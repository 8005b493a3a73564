package org.tsdbbench.cnosdb;

import java.time.Duration;
import org.tsdbbench.common.devops.DevopsSql;

/**
 * TSBS's DevOps queries in CnosDB's SQL over {@link CpuLayout}'s table, TSBS's shapes as common's
 * {@link DevopsSql} writes them: time is compared with nanoseconds since the epoch (the database's
 * precision), a minute or an hour is {@code date_bin(INTERVAL .., time)} (aligned to the epoch,
 * date_bin's default origin), and times are read back as epoch milliseconds.
 */
final class DevopsCnosSql extends DevopsSql {

    @Override
    protected String bucketMs(Duration bucket) {
        return "CAST(date_bin(INTERVAL '" + interval(bucket) + "', time) AS BIGINT) / 1000000";
    }

    /** The bucket as an interval's text in its largest whole unit: {@code 1 minute}, {@code 1 hour}. */
    static String interval(Duration bucket) {
        long s = bucket.toSeconds();
        if (s % 3600 == 0) return plural(s / 3600, "hour");
        return s % 60 == 0 ? plural(s / 60, "minute") : plural(s, "second");
    }

    private static String plural(long n, String unit) {
        return n + " " + unit + (n == 1 ? "" : "s");
    }

    @Override
    protected String timeMs(String column) {
        return "CAST(" + column + " AS BIGINT) / 1000000";
    }

    @Override
    protected String timeLiteral(long epochMs) {
        return Long.toString(Math.multiplyExact(epochMs, 1_000_000L));
    }

    @Override
    protected String from() {
        return CpuLayout.TABLE;
    }
}
