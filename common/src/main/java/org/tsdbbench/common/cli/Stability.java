package org.tsdbbench.common.cli;

import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * How far a write cell's iteration values can be trusted: their mean and the half-width of the
 * 95% confidence interval of that mean (Student's t), as a share of it, with min and max. A cell
 * whose interval is wider than {@link #UNSTABLE_PERCENT} of its mean is unstable: a reader cannot
 * tell it from a figure that far away.
 */
record Stability(int n, double mean, double halfWidth, double min, double max) {

    static final double UNSTABLE_PERCENT = 10;

    static Stability of(List<Double> values) {
        int n = values.size();
        if (n == 0) return new Stability(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        double sum = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            sum += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        double mean = sum / n;
        if (n < 2) return new Stability(n, mean, Double.NaN, min, max);
        double squares = 0;
        for (double v : values) squares += (v - mean) * (v - mean);
        double sd = Math.sqrt(squares / (n - 1));
        double t = new TDistribution(n - 1).inverseCumulativeProbability(0.975);
        return new Stability(n, mean, t * sd / Math.sqrt(n), min, max);
    }

    /** The half-width as a percent of the mean; NaN with fewer than two values. */
    double halfWidthPercent() {
        return 100 * halfWidth / Math.abs(mean);
    }

    /** Whether the 95% interval lies within +-percent of the mean (never with fewer than two values). */
    boolean within(double percent) {
        return n >= 2 && halfWidthPercent() <= percent;
    }
}
