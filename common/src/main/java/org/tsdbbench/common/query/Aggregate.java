package org.tsdbbench.common.query;

/**
 * The functions the query tests apply to temperature. Integer results (count, sum, min, max,
 * spread, first, last) are checked exactly; avg and stddev (population) within
 * {@link #tolerance(double)}; the {@link #PERCENTILE_LEVEL}th percentile between the neighbouring
 * ranks the usual definitions pick (see {@link Answer.Within}). FIRST, LAST and PERCENTILE are
 * q5's, over one device's rows in time order.
 */
public enum Aggregate {
    COUNT(true), AVG(false), SUM(true), MAX(true), MIN(true), SPREAD(true), STDDEV(false),
    FIRST(true), LAST(true), PERCENTILE(true);

    /** The percentile PERCENTILE asks for. */
    public static final int PERCENTILE_LEVEL = 90;

    private final boolean exact;

    Aggregate(boolean exact) {
        this.exact = exact;
    }

    public boolean exact() {
        return exact;
    }

    /**
     * How far a database's answer may be from the exact one: 0 for integer results; for avg and
     * stddev 1e-4 relative (at least 1e-4 absolute), which covers MySQL's 4-decimal AVG and float
     * accumulation over 100 M rows, and still catches one row too many or too few in a small set.
     */
    public double tolerance(double expected) {
        return exact ? 0 : 1e-4 * Math.max(1, Math.abs(expected));
    }

    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public static Aggregate ofId(String id) {
        for (Aggregate a : values()) if (a.id().equals(id)) return a;
        throw new IllegalArgumentException("unknown function '" + id + "'");
    }
}
