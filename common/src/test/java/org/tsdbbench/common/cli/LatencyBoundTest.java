package org.tsdbbench.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.tsdbbench.results.ResultsJson;

/** A throughput above what its own mean latency allows is a contradiction that fails the run. */
class LatencyBoundTest {

    /** The mixed-load case of the issue: one writer, 1,000-row requests of 14.9 ms cannot make 194,800 rows/s. */
    @Test
    void aFigureAboveClientsTimesRowsOverLatencyIsRefused() {
        LatencyBound.Check check = LatencyBound.check(194_800, 1, 1000, 14.9, 0, LatencyBound.SAME_TRIAL);
        String why = check.contradiction();
        JsonNode cell = ResultsJson.tree(check.record());
        assertTrue(why != null && why.contains("194,800 rows/s contradicts its latency") && why.contains("67,114"), why);
        assertEquals(1000 / 0.0149, cell.get("latencyBoundRowsPerSecond").asDouble(), 1e-6);
    }

    @Test
    void aFigureWithinItsLatencyBoundPassesAndItsShareIsRecorded() {
        LatencyBound.Check check = LatencyBound.check(57_444, 1, 1000, 14.9, 0, LatencyBound.SAME_TRIAL);
        assertNull(check.contradiction());
        assertEquals(57_444 / (1000 / 0.0149), ResultsJson.tree(check.record()).get("shareOfLatencyBound").asDouble(), 1e-9);
        // Two clients double the bound.
        assertNull(LatencyBound.check(120_000, 2, 1000, 14.9, 0, LatencyBound.SAME_TRIAL).contradiction());
        // No latency, no verdict.
        assertNull(LatencyBound.check(1e9, 1, 1000, Double.NaN, 0, LatencyBound.SAME_TRIAL).contradiction());
    }

    /**
     * A short window lets each client finish one request begun before it: CI's 2 clients x 50 rows
     * at 32.955 ms in 300 ms windows counted 3,597 rows/s against a latency bound of 3,034 (1.19x),
     * within 1.15 x (3,034 + 2 x 50 / 0.3 s); the same figure over 10 s windows contradicts it.
     */
    @Test
    void aShortWindowAllowsOneStraddlingRequestPerClient() {
        LatencyBound.Check shortWindow = LatencyBound.check(3_597, 2, 50, 32.955, 300, LatencyBound.SAME_TRIAL);
        assertNull(shortWindow.contradiction());
        assertEquals(3_597 / (2 * 50 / 0.032955), ResultsJson.tree(shortWindow.record()).get("shareOfLatencyBound").asDouble(), 1e-9);
        String why = LatencyBound.check(3_597, 2, 50, 32.955, 10_000, LatencyBound.SAME_TRIAL).contradiction();
        assertTrue(why != null && why.contains("3,597 rows/s contradicts its latency"), why);
        assertTrue(LatencyBound.check(4_400, 2, 50, 32.955, 300, LatencyBound.SAME_TRIAL).contradiction() != null);
    }

    /** Range queries: 4 clients whose queries take 2 ms on average cannot run 5,000 queries/s (bound 2,000), two trials or not. */
    @Test
    void queriesPerSecondAreHeldAgainstTheirLatencyToo() {
        String why = LatencyBound.checkQueries(5_000, 4, 2.0, LatencyBound.SEPARATE_TRIALS);
        assertTrue(why != null && why.contains("5,000 queries/s contradicts its latency: 4 clients / 2.000 ms mean allow at most 2,000 queries/s"), why);
        assertNull(LatencyBound.checkQueries(1_900, 4, 2.0, LatencyBound.SEPARATE_TRIALS));
        // Within the two trials' slack: the throughput trial ran 1.5x its sample-time twin.
        assertNull(LatencyBound.checkQueries(3_000, 4, 2.0, LatencyBound.SEPARATE_TRIALS));
        assertNull(LatencyBound.checkQueries(Double.NaN, 4, 2.0, LatencyBound.SEPARATE_TRIALS));
        assertEquals(2_000, LatencyBound.queryBound(4, 2.0), 1e-9);
    }
}
