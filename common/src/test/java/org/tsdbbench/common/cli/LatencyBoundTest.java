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
        LatencyBound.Check check = LatencyBound.check(194_800, 1, 1000, 14.9, LatencyBound.SAME_TRIAL);
        String why = check.contradiction();
        JsonNode cell = ResultsJson.tree(check.record());
        assertTrue(why != null && why.contains("194,800 rows/s contradicts its latency") && why.contains("67,114"), why);
        assertEquals(1000 / 0.0149, cell.get("latencyBoundRowsPerSecond").asDouble(), 1e-6);
    }

    @Test
    void aFigureWithinItsLatencyBoundPassesAndItsShareIsRecorded() {
        LatencyBound.Check check = LatencyBound.check(57_444, 1, 1000, 14.9, LatencyBound.SAME_TRIAL);
        assertNull(check.contradiction());
        assertEquals(57_444 / (1000 / 0.0149), ResultsJson.tree(check.record()).get("shareOfLatencyBound").asDouble(), 1e-9);
        // Two clients double the bound.
        assertNull(LatencyBound.check(120_000, 2, 1000, 14.9, LatencyBound.SAME_TRIAL).contradiction());
        // No latency, no verdict.
        assertNull(LatencyBound.check(1e9, 1, 1000, Double.NaN, LatencyBound.SAME_TRIAL).contradiction());
    }
}
