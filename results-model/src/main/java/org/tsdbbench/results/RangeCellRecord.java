package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/** One cell of the concurrent range-query test: all clients' queries/s and the latency percentiles (absent when not measured). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RangeCellRecord(int clients, int resultRows, Double queriesPerSecond, Double p50Ms, Double p99Ms) {
}
