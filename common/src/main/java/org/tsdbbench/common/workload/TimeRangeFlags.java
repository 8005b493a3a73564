package org.tsdbbench.common.workload;

import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * The time range of a TSBS data set as its flags give it, read the same way for every TSBS workload:
 * {@code -start}, and {@code -end} or {@code -hours} (one of them), each part not given taken from the
 * workload's default range. A bad value is an IllegalArgumentException naming flag and value.
 */
public final class TimeRangeFlags {

    private TimeRangeFlags() {
    }

    /** {@code [start, end)} in ns since the epoch from the flags given (null when not given) and the default range. */
    public static long[] range(String start, String end, Double hours, long defaultStartNs, long defaultEndNs) {
        if (end != null && hours != null) throw new IllegalArgumentException("-end " + end + " and -hours " + hours + ": give one of them");
        if (hours != null && !(hours > 0 && hours < 24 * 366 * 30)) {
            throw new IllegalArgumentException("-hours " + hours + ": must be more than 0 (and under 30 years)");
        }
        long startNs = start == null ? defaultStartNs : time("-start", start);
        long endNs;
        if (end != null) endNs = time("-end", end);
        else if (hours != null) endNs = startNs + Math.round(hours * 3600e9);
        else endNs = startNs + (defaultEndNs - defaultStartNs);
        return new long[] {startNs, endNs};
    }

    /** An RFC 3339 time given to a flag, in ns since the epoch. */
    public static long time(String flag, String text) {
        try {
            return nanos(Instant.parse(text));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(flag + " " + text + ": not an RFC 3339 time such as 2016-01-01T00:00:00Z", e);
        }
    }

    /** An instant in ns since the epoch. */
    public static long nanos(Instant t) {
        return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000_000L), t.getNano());
    }
}
