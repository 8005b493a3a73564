package org.tsdbbench.common.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;

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

    /**
     * Records the bound and the figure's share of it in {@code cell}; returns why the figure
     * contradicts its latency, or null when it does not (or either figure is missing).
     */
    static String check(ObjectNode cell, double rowsPerSecond, int clients, int rowsPerRequest, double meanLatencyMillis, double slack) {
        if (Double.isNaN(rowsPerSecond) || Double.isNaN(meanLatencyMillis) || meanLatencyMillis <= 0) return null;
        double bound = clients * (double) rowsPerRequest / (meanLatencyMillis / 1000);
        double share = rowsPerSecond / bound;
        cell.put("latencyBoundRowsPerSecond", bound);
        cell.put("shareOfLatencyBound", share);
        if (share <= slack) return null;
        return String.format(Locale.ROOT, "%,.0f rows/s contradicts its latency: %d clients x %d rows / %.3f ms mean allow at most %,.0f rows/s",
                rowsPerSecond, clients, rowsPerRequest, meanLatencyMillis, bound);
    }
}
