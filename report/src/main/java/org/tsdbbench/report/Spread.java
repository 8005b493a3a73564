package org.tsdbbench.report;

import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.util.ListStatistics;

/**
 * A write cell's iteration values as a reader must see them beside the mean: the 95% interval
 * as a share of the mean, and the lowest and highest iteration. Wider than {@link #UNSTABLE_PERCENT}
 * and the cell is marked unstable: it cannot be told apart from a figure that far away.
 */
record Spread(int n, double ci95Percent, double min, double max) {

    static final double UNSTABLE_PERCENT = 10;

    /** Null with no values: nothing is invented. */
    static Spread of(List<Double> values) {
        if (values.isEmpty()) return null;
        ListStatistics s = new ListStatistics();
        values.forEach(s::addValue);
        double ci = Double.NaN;
        if (s.getN() > 1) {
            double[] interval = s.getConfidenceIntervalAt(0.95);
            ci = 100 * (interval[1] - interval[0]) / 2 / Math.abs(s.getMean());
        }
        return new Spread((int) s.getN(), ci, s.getMin(), s.getMax());
    }

    /** An interval wider than +-10% of the mean, or a single iteration (no interval at all). */
    boolean unstable() {
        return Double.isNaN(ci95Percent) || ci95Percent > UNSTABLE_PERCENT;
    }

    /** "iterations 33,900..36,100, 95% +-2.6%", with UNSTABLE where it is. */
    String text() {
        String range = n == 1 ? String.format(Locale.ROOT, "1 iteration %,.0f", min)
                : String.format(Locale.ROOT, "iterations %,.0f..%,.0f, 95%% +-%.1f%%", min, max, ci95Percent);
        return range + (unstable() ? ", UNSTABLE" : "");
    }
}
