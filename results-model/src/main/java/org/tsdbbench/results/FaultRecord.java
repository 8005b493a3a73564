package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The manifest's {@code fault} section: one node of a cluster, or a single server's process, killed
 * (SIGKILL) while clients wrote at a steady pace, then started again. What was sent, acknowledged
 * and stored (on a cluster every acknowledged row must be; a single server's loss is judged against
 * its settings, in {@code durability}), how long writes stalled ({@code WriteStall}'s figures,
 * seconds), how long the node took to come back, and why the cell failed (absent: it did not).
 *
 * @param node                  the node killed, as the cluster script's status names it
 * @param stalledSeconds        the longest gap between acknowledgements from the kill to the end of writing
 * @param firstAckAfterSeconds  from the kill to the first acknowledgement after it; -1 when none came
 * @param normalGapSeconds      the longest gap between acknowledgements before the kill
 * @param restartSeconds        how long the script's start of the killed node (or server) took
 * @param durability            a single server's count of what the kill kept (absent for a cluster node)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FaultRecord(String node, int clients, int rowsPerRequest, long rowsSent, long rowsAcknowledged, long failedRequests,
                          long rowsStored, double stalledSeconds, double firstAckAfterSeconds, double normalGapSeconds,
                          long requestsAckedAfterFault, long requestsFailedAfterFault, Double restartSeconds, String firstError,
                          String failure, DurabilityRecord durability) {

    /** Whether a single server's process was killed, rather than one node of a cluster. */
    public boolean singleServer() {
        return durability != null;
    }
}
