package org.tsdbbench.common.query;

/**
 * The functions the query tests apply to temperature. Integer results (count, sum, min, max,
 * spread, first, last) are checked exactly; avg and stddev (population) within
 * {@link #tolerance(long, double, double)}, derived from the number of rows; the
 * {@link #PERCENTILE_LEVEL}th percentile between the neighbouring ranks the usual definitions pick
 * (see {@link Answer.Within}). FIRST and LAST are over rows in time order: one device's (q5) or
 * many devices' (q2, whose earliest and latest instants several devices share: {@link Answer.OneOf});
 * PERCENTILE is q5's.
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
     * Relative rounding a correct database's double arithmetic stays well within: temperature is
     * an INT column, so its sum and sum of squares are exact integers in a long or a double (below
     * 2^53 up to far beyond 100 M rows) and what is left is the rounding of a division, a square
     * root, a running mean or a printed answer, some 1e-16 .. 1e-13 relative.
     */
    static final double ROUNDING = 1e-12;

    /**
     * How far a database's answer over {@code rows} integer values, whose mean is {@code mean} and
     * mean square {@code meanSquare}, may be from the exact one: 0 for integer results. For avg an
     * eighth of 1/rows, the step between two averages of the same number of integers: any other sum
     * fails, and so does one row more or less, since it moves the average by |x - avg| / (rows +- 1),
     * unless its temperature x lies within 1/8 of the average (the count catches that row). For
     * stddev the variance may be off by an eighth of variance/rows: one row more or less moves the
     * variance by |(x - avg)^2 - variance| / (rows +- 1), which is larger unless x lies within about
     * 6% of one standard deviation from avg +- stddev; the population and the sample stddev differ by
     * variance/(rows - 1) and are told apart at every size. Both also allow {@link #ROUNDING}, which
     * up to 100 M rows is far below these terms.
     */
    public double tolerance(long rows, double mean, double meanSquare) {
        if (exact || rows <= 0) return 0;
        return switch (this) {
            case AVG -> 1.0 / (8.0 * rows) + ROUNDING * Math.abs(mean);
            case STDDEV -> {
                double variance = Math.max(0, meanSquare - mean * mean);
                double slack = variance / (8.0 * rows) + ROUNDING * meanSquare;
                // The largest change of sqrt(variance) the slack allows, in a form that does not cancel.
                yield slack / (Math.sqrt(variance) + Math.sqrt(variance + slack));
            }
            default -> 0;
        };
    }

    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public static Aggregate ofId(String id) {
        for (Aggregate a : values()) if (a.id().equals(id)) return a;
        throw new IllegalArgumentException("unknown function '" + id + "'");
    }
}
