package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * A fixed-rate cell's verdict: the target and the rows/s acknowledged in the measured time, whether
 * the database kept up, the latency percentiles from each request's intended start (ms, by name:
 * mean, p50, .., max, count) and, when it fell behind, who did.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FixedRateRecord(Long targetRowsPerSecond, Double achievedRowsPerSecond, Boolean keptUp, Map<String, Double> latencyFromIntendedStartMs,
                              String fellBehindBecause) {
}
