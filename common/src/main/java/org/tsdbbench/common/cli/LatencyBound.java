package org.tsdbbench.common.cli;

import java.util.Locale;
import org.tsdbbench.results.LatencyBoundRecord;

/**
 * A throughput held against its own latency: clients sending requests of R rows back to back, each
 * taking L on average, cannot write more than clients x R / L rows a second. A figure above that
 * bound contradicts its latency, so one of them is wrong and the run fails instead of reporting it.
 */
final class LatencyBound {

    /** Slack when throughput and latency come from the same trial (timer and counter granularity). */
    static final double SAME_TRIAL = 1.15;

    private LatencyBound() {
    }

    /** The bound and the figure's share of it for the manifest (null when either figure is missing), and why the figure contradicts it (null: it does not). */
    record Check(LatencyBoundRecord record, String contradiction) {
        static final Check NONE = new Check(null, null);
    }

    static Check check(double rowsPerSecond, int clients, int rowsPerRequest, double meanLatencyMillis, double slack) {
        if (Double.isNaN(rowsPerSecond) || Double.isNaN(meanLatencyMillis) || meanLatencyMillis <= 0) return Check.NONE;
        double bound = clients * (double) rowsPerRequest / (meanLatencyMillis / 1000);
        double share = rowsPerSecond / bound;
        LatencyBoundRecord record = new LatencyBoundRecord(bound, share);
        if (share <= slack) return new Check(record, null);
        return new Check(record, String.format(Locale.ROOT, "%,.0f rows/s contradicts its latency: %d clients x %d rows / %.3f ms mean allow at most %,.0f rows/s",
                rowsPerSecond, clients, rowsPerRequest, meanLatencyMillis, bound));
    }
}
