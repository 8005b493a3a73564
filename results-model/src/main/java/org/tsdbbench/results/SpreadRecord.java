package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * A write cell's iteration values (rows/s of every measured iteration of every run and fork), the
 * half-width of their mean's 95% interval as a percent of it (Student's t), min, max, and whether
 * that interval is wider than +-{@value #UNSTABLE_PERCENT}% (unstable: a reader cannot tell the
 * figure from one that far away). {@link #of} is the one computation of these figures: the write
 * step writes them, the report shows them as they are.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SpreadRecord(List<Double> iterations, Double ci95Percent, Double min, Double max, Boolean unstable) {

    /** A cell whose 95% interval is wider than this share of its mean (percent) is unstable. */
    public static final double UNSTABLE_PERCENT = 10;

    /** The spread of these iteration values; null for none. A single value has no interval (null) and is unstable. */
    public static SpreadRecord of(List<Double> values) {
        if (values == null || values.isEmpty()) return null;
        Interval i = Interval.of(values);
        Double ci = Double.isNaN(i.halfWidthPercent()) ? null : i.halfWidthPercent();
        return new SpreadRecord(List.copyOf(values), ci, i.min(), i.max(), !i.within(UNSTABLE_PERCENT));
    }

    /**
     * The mean of n values and the half-width of its 95% confidence interval (Student's t with
     * n - 1 degrees of freedom; NaN with fewer than two values), with min and max.
     */
    public record Interval(int n, double mean, double halfWidth, double min, double max) {

        public static Interval of(List<Double> values) {
            int n = values.size();
            if (n == 0) return new Interval(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
            double sum = 0;
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (double v : values) {
                sum += v;
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
            double mean = sum / n;
            if (n < 2) return new Interval(n, mean, Double.NaN, min, max);
            double squares = 0;
            for (double v : values) squares += (v - mean) * (v - mean);
            double sd = Math.sqrt(squares / (n - 1));
            double t = new TDistribution(n - 1).inverseCumulativeProbability(0.975);
            return new Interval(n, mean, t * sd / Math.sqrt(n), min, max);
        }

        /** The half-width as a percent of the mean; NaN with fewer than two values. */
        public double halfWidthPercent() {
            return 100 * halfWidth / Math.abs(mean);
        }

        /** Whether the 95% interval lies within +-percent of the mean (never with fewer than two values). */
        public boolean within(double percent) {
            return n >= 2 && halfWidthPercent() <= percent;
        }
    }
}
