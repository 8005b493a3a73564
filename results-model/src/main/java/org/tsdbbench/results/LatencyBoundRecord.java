package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/** The most rows/s a cell's clients could write at their mean request latency, and the figure's share of it (above about 1: a contradiction). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LatencyBoundRecord(Double latencyBoundRowsPerSecond, Double shareOfLatencyBound) {
}
