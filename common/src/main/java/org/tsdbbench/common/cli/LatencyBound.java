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

    /**
     * Slack when they come from two trials of the same load (JMH's throughput and sample-time modes):
     * CI saw a throughput trial run up to 1.5x faster than its sample-time twin in short iterations.
     */
    static final double SEPARATE_TRIALS = 2.0;

    private LatencyBound() {
    }

    /** The bound and the figure's share of it for the manifest (null when either figure is missing), and why the figure contradicts it (null: it does not). */
    record Check(LatencyBoundRecord record, String contradiction) {
        static final Check NONE = new Check(null, null);
    }

    /** Queries: clients running queries back to back cannot run more than clients / mean latency a second. */
    static String checkQueries(double queriesPerSecond, int clients, double meanLatencyMillis, double slack) {
        if (Double.isNaN(queriesPerSecond) || Double.isNaN(meanLatencyMillis) || meanLatencyMillis <= 0) return null;
        double bound = queryBound(clients, meanLatencyMillis);
        if (queriesPerSecond / bound <= slack) return null;
        return String.format(Locale.ROOT, "%,.0f queries/s contradicts its latency: %d clients / %.3f ms mean allow at most %,.0f queries/s",
                queriesPerSecond, clients, meanLatencyMillis, bound);
    }

    static double queryBound(int clients, double meanLatencyMillis) {
        return clients / (meanLatencyMillis / 1000);
    }

    /**
     * Writes: {@code clients} sending {@code rowsPerRequest} rows back to back, {@code meanLatencyMillis}
     * each, in measured windows of {@code windowMillis}. Each client may also finish in a window one
     * request it began before it, so the verdict allows {@code clients x R / window} on top of the
     * bound (a tenth of it for 33 ms requests in a 300 ms window); the recorded bound and share are
     * the latency's alone.
     */
    static Check check(double rowsPerSecond, int clients, int rowsPerRequest, double meanLatencyMillis, double windowMillis, double slack) {
        if (Double.isNaN(rowsPerSecond) || Double.isNaN(meanLatencyMillis) || meanLatencyMillis <= 0) return Check.NONE;
        double bound = clients * (double) rowsPerRequest / (meanLatencyMillis / 1000);
        double share = rowsPerSecond / bound;
        LatencyBoundRecord record = new LatencyBoundRecord(bound, share);
        double straddling = windowMillis > 0 ? meanLatencyMillis / windowMillis : 0;
        if (share <= slack * (1 + straddling)) return new Check(record, null);
        return new Check(record, String.format(Locale.ROOT, "%,.0f rows/s contradicts its latency: %d clients x %d rows / %.3f ms mean allow at most %,.0f rows/s",
                rowsPerSecond, clients, rowsPerRequest, meanLatencyMillis, bound * (1 + straddling)));
    }
}
