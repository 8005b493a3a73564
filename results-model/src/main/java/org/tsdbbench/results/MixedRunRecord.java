package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * One run of the mixed-load test (readers alone, writers + readers, writers alone): the writers'
 * rows/s from the trial's own count, held against their latency, and both sides' percentiles.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MixedRunRecord(String run, int writers, int readers, Double writeRowsPerSecond, @JsonUnwrapped LatencyBoundRecord latencyBound,
                             String failure, Double writeP50Ms, Double writeP99Ms, Double queryP50Ms, Double queryP99Ms) {
}
