package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The query step's answer checks, one per query run, the catalog queries the dialect cannot say
 * (absent, never faked), and each measured query's latency as JMH measured it (absent in a folder
 * written before the manifest held them).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record QueryRecord(List<QueryCheck> checked, List<String> absent, List<QueryLatencyRecord> latency) {

    /** Checks and absent queries, no latencies yet. */
    public QueryRecord(List<QueryCheck> checked, List<String> absent) {
        this(checked, absent, null);
    }

    /** One query checked once against the generator's answer: its text, and what was wrong when it was. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record QueryCheck(String id, String query, boolean correct, String problem) {
    }

    /**
     * One query's latency in JMH's sample mode, milliseconds until the last row reached the client:
     * samples, percentiles, max, and the mean with the half-width of its 99.9% interval (JMH's score
     * and error; NaN when JMH gave none).
     */
    public record QueryLatencyRecord(String id, long samples, double p50Ms, double p90Ms, double p99Ms, double maxMs, double meanMs,
                                     double meanErrorMs) {
    }
}
