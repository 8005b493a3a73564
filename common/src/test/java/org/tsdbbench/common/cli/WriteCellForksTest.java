package org.tsdbbench.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.results.ResultsJson;
import org.tsdbbench.results.TrialRecord;

/** A write cell run with -f 2: each fork appends its record to the verify log, and the manifest cell holds their sum and each. */
class WriteCellForksTest {

    private static TrialRecord fork(long acked, long stored, long millis, long fromMs, String failure, Map<String, Long> counters) {
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        for (int i = 0; i < 100; i++) h.recordValue(millis * 1_000_000);
        return new TrialRecord("MySqlWrite.write", Map.of("rowsPerRequest", "100"), 2, acked + 100, acked, stored, 1, "timeout",
                TrialRecord.latencyMillis(h), failure, acked - 1000, fromMs, fromMs + 3000, counters, TrialRecord.encode(h),
                List.of((acked - 1000) / 3, (acked - 1000) / 3, acked - 1000 - 2 * ((acked - 1000) / 3)));
    }

    private static List<TrialRecord> twoForksThroughTheLog(Path dir) throws Exception {
        Path log = dir.resolve("write-verify.log");
        fork(10_000, 10_000, 1, 1_000_000, null, Map.of("splitRequests", 2L)).appendTo(log);
        fork(20_000, 20_000, 3, 1_010_000, null, Map.of("splitRequests", 5L, "retries", 1L)).appendTo(log);
        return TrialRecord.readAll(log);
    }

    @Test
    void everyForkIsRecordedAndSummed(@TempDir Path dir) throws Exception {
        List<TrialRecord> forks = twoForksThroughTheLog(dir);
        WriteStep.Cell run = new WriteStep.Cell(Double.NaN, Double.NaN, forks, TrialRecord.sum(forks), null, Map.of(), List.of(), Double.NaN);
        JsonNode cell = ResultsJson.tree(WriteStep.cellRecord(100, 2, null, null, "devices", run, LatencyBound.Check.NONE, null));
        JsonNode v = cell.get("verified");
        assertEquals(30_000, v.get("rowsAcked").asLong());
        assertEquals(30_200, v.get("rowsSent").asLong());
        assertEquals(30_000, v.get("rowsStored").asLong());
        assertEquals(2, v.get("failedRequests").asLong());
        assertEquals(7, v.get("counters").get("splitRequests").asLong());
        assertEquals(1, v.get("counters").get("retries").asLong());
        // Latencies of both forks merged: half at 1 ms, half at 3 ms.
        assertEquals(200, v.get("latencyMillis").get("count").asLong());
        assertEquals(3.0, v.get("latencyMillis").get("max").asDouble(), 0.01);
        assertEquals(1.0, v.get("latencyMillis").get("p50").asDouble(), 0.01);
        assertEquals(3.0, v.get("latencyMillis").get("p90").asDouble(), 0.01);
        assertFalse(v.has("latencyHistogram"), "the manifest shows percentiles, not the encoded histogram");
        assertEquals(2, cell.get("forks").size());
        assertEquals(10_000, cell.get("forks").get(0).get("rowsAcked").asLong());
        assertEquals(20_000, cell.get("forks").get(1).get("rowsAcked").asLong());
        // Measured: 9,000 + 19,000 rows in two windows of 3 s, from the first fork's start to the second's end.
        assertEquals(28_000, cell.get("rowsAcked").asLong());
        assertEquals(6.0, cell.get("measuredSeconds").asDouble());
        assertEquals("1970-01-01T00:16:40Z", cell.get("startedAt").asText());
        assertEquals("1970-01-01T00:16:53Z", cell.get("endedAt").asText());
        // Second by second: the first fork's three seconds, then the second's, adding up to the rows measured.
        JsonNode series = v.get("ackedEachSecond");
        List<Long> seconds = new java.util.ArrayList<>();
        for (JsonNode n : series) seconds.add(n.asLong());
        assertEquals(List.of(3_000L, 3_000L, 3_000L, 6_333L, 6_333L, 6_334L), seconds);
        assertEquals(cell.get("rowsAcked").asLong(), seconds.stream().mapToLong(Long::longValue).sum());
        assertNull(WriteStep.failure(forks, 2));
    }

    @Test
    void aFailedOrMissingForkFailsTheCell(@TempDir Path dir) throws Exception {
        List<TrialRecord> forks = List.of(fork(10_000, 10_000, 1, 1_000_000, null, Map.of()),
                fork(20_000, 19_999, 1, 1_010_000, "stored 19999 rows, but 20000 were acknowledged", Map.of()));
        assertEquals("fork 2 of 2: stored 19999 rows, but 20000 were acknowledged", WriteStep.failure(forks, 2));
        assertEquals(29_999, TrialRecord.sum(forks).rowsStored());
        assertEquals("only 1 of 2 forks left a verification record", WriteStep.failure(forks.subList(0, 1), 2));
        List<TrialRecord> uncounted = List.of(fork(10_000, -1, 1, 1_000_000, null, Map.of()), fork(20_000, 20_000, 1, 1_010_000, null, Map.of()));
        assertEquals(-1, TrialRecord.sum(uncounted).rowsStored());
    }
}
