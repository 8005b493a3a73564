package org.tsdbbench.common.bench;

/**
 * How long writes stalled when a fault hit a running write (a cluster node killed): the longest
 * time, from the fault to the end of writing, in which no request was acknowledged, beside the
 * longest such gap before the fault (what the same writers show with nothing wrong). Seconds, so
 * that a write cell of the manifest and the report can carry it as it is. Measured by
 * {@link StallMeter}.
 *
 * @param stalledSeconds        the longest gap between acknowledgements from the fault on (the
 *                              fault itself counting as the gap's start), up to the end of writing
 * @param firstAckAfterSeconds  from the fault to the first acknowledgement after it; -1 when none came
 * @param normalGapSeconds      the longest gap between acknowledgements before the fault
 * @param requestsAcked         requests acknowledged from the fault on
 * @param requestsFailed        requests that failed from the fault on
 */
public record WriteStall(double stalledSeconds, double firstAckAfterSeconds, double normalGapSeconds, long requestsAcked,
                         long requestsFailed) {

    /** One line for logs and reports. */
    public String describe() {
        return String.format(java.util.Locale.ROOT, "writes stalled %.2f s (first acknowledgement %s after the fault; longest gap before it %.2f s);"
                        + " %,d requests acknowledged and %,d failed from the fault on", stalledSeconds,
                firstAckAfterSeconds < 0 ? "never" : String.format(java.util.Locale.ROOT, "%.2f s", firstAckAfterSeconds), normalGapSeconds,
                requestsAcked, requestsFailed);
    }
}
