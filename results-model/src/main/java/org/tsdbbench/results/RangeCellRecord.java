package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One cell of the concurrent range-query test: all clients' queries/s with JMH's 99.9% error, the latency percentiles,
 * and the most queries/s the clients could run at their mean latency with the figure's share of it
 * (absent when not measured).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RangeCellRecord(int clients, int resultRows, Double queriesPerSecond, Double queriesPerSecondError, Double p50Ms, Double p99Ms,
                              Double latencyBoundQueriesPerSecond, Double shareOfLatencyBound) {

    /** A cell without its error and latency bound (not measured, or recorded before they were). */
    public RangeCellRecord(int clients, int resultRows, Double queriesPerSecond, Double p50Ms, Double p99Ms) {
        this(clients, resultRows, queriesPerSecond, null, p50Ms, p99Ms, null, null);
    }
}
