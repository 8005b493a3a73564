package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The query step's answer checks, one per query run, the catalog queries the dialect cannot say
 * (absent, never faked), each measured query's latency as JMH measured it (absent in a folder
 * written before the manifest held them), and the concurrent clients that ran each query (absent:
 * one, as every folder written before the step took {@code --query-clients}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record QueryRecord(List<QueryCheck> checked, List<String> absent, List<QueryLatencyRecord> latency, Integer clients) {

    /** Checks and absent queries, no latencies yet. */
    public QueryRecord(List<QueryCheck> checked, List<String> absent) {
        this(checked, absent, null, null);
    }

    /** Checks, absent queries and latencies of one client. */
    public QueryRecord(List<QueryCheck> checked, List<String> absent, List<QueryLatencyRecord> latency) {
        this(checked, absent, latency, null);
    }

    /** The clients that ran each query at once: 1 when the record does not say. */
    public int clientCount() {
        return clients == null ? 1 : clients;
    }

    /** One query checked once against the generator's answer: its text, and what was wrong when it was. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record QueryCheck(String id, String query, boolean correct, String problem) {
    }

    /**
     * One query's latency in JMH's sample mode, milliseconds until the last row reached the client:
     * samples, percentiles, max, and the mean with the half-width of its 99.9% interval (JMH's score
     * and error; NaN when JMH gave none); with concurrent clients also their queries/s (JMH's
     * throughput trial of the same clients, with its error), absent with one client.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record QueryLatencyRecord(String id, long samples, double p50Ms, double p90Ms, double p99Ms, double maxMs, double meanMs,
                                     double meanErrorMs, Double queriesPerSecond, Double queriesPerSecondError) {

        /** One client's latency: no throughput trial. */
        public QueryLatencyRecord(String id, long samples, double p50Ms, double p90Ms, double p99Ms, double maxMs, double meanMs,
                                  double meanErrorMs) {
            this(id, samples, p50Ms, p90Ms, p99Ms, maxMs, meanMs, meanErrorMs, null, null);
        }
    }
}
