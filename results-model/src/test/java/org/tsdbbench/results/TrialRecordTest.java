package org.tsdbbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A fork's record goes through the verify log unchanged; the manifest shows it without its histogram. */
class TrialRecordTest {

    private static TrialRecord record(String failure, Map<String, String> params) {
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        for (int i = 1; i <= 100; i++) h.recordValue(i * 1_000_000L);
        return new TrialRecord("MySqlWrite.write", params, 2, 10_100, 10_000, 10_000, 1, "timeout", TrialRecord.latencyMillis(h), failure,
                9_000, 1_000_000, 1_003_000, Map.of("splitRequests", 2L), TrialRecord.encode(h), List.of(3_000L, 3_000L, 3_000L));
    }

    @Test
    void theVerifyLogGivesBackEachForksRecord(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("write-verify.jsonl");
        TrialRecord a = record(null, Map.of("rowsPerRequest", "100"));
        TrialRecord b = record("stored 9999 rows, but 10000 were acknowledged", Map.of("rowsPerRequest", "100"));
        a.appendTo(log);
        b.appendTo(log);
        assertEquals(2, Files.readAllLines(log).size(), "one line per fork");
        assertEquals(List.of(a, b), TrialRecord.readAll(log));
        assertEquals(List.of(), TrialRecord.readAll(dir.resolve("none.jsonl")), "no log: no record");
    }

    @Test
    void theManifestShowsPercentilesNotTheEncodedHistogram() {
        TrialRecord r = record(null, Map.of());
        JsonNode full = ResultsJson.tree(r);
        JsonNode shown = ResultsJson.tree(r.withoutHistogram());
        assertTrue(full.hasNonNull("latencyHistogram"));
        assertFalse(shown.has("latencyHistogram"));
        assertTrue(shown.has("failure") && shown.get("failure").isNull(), "no failure is a null, as always written");
        assertEquals(50.0, shown.get("latencyMillis").get("p50").asDouble(), 0.1);
    }

    @Test
    void theHistogramIsWrittenInHdrHistogramsPercentileFormatInMilliseconds(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("mysql-write-100x2.hgrm");
        assertTrue(record(null, Map.of()).writePercentiles(file));
        List<String> lines = Files.readAllLines(file);
        assertTrue(lines.get(0).strip().startsWith("Value") && lines.get(0).contains("Percentile"), lines.get(0));
        // The 50th percentile of 1..100 ms is 50 ms (to HdrHistogram's 3 digits): "50.004 0.500000000000 50 2.00".
        assertTrue(lines.stream().map(String::strip).anyMatch(l -> l.matches("50\\.00\\d\\s+0\\.50+\\s+50\\s+2\\.00")), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("#[Mean    =") && l.contains("50.499")), String.join("\n", lines));
        TrialRecord none = record(null, Map.of()).withoutHistogram();
        assertFalse(none.writePercentiles(dir.resolve("none.hgrm")));
        assertFalse(Files.exists(dir.resolve("none.hgrm")), "no histogram: no file");
    }

    @Test
    void jmhParametersKeepTheirOrderAndTakeMore() {
        Map<String, String> p = TrialRecord.paramsOf(List.of("rowsPerRequest", "targetRowsPerSecond"), k -> k.equals("rowsPerRequest") ? "100" : "0");
        p.put("mode", "sample");
        assertEquals(List.of("rowsPerRequest", "targetRowsPerSecond", "mode"), List.copyOf(p.keySet()));
    }

    @Test
    void aVerificationOfForksHoldsTheirSumAndEachWithoutHistograms() {
        TrialRecord a = record(null, Map.of());
        TrialRecord b = record(null, Map.of());
        VerificationRecord v = VerificationRecord.of(List.of(a, b));
        assertEquals(20_000, v.verified().rowsAcked());
        assertEquals(2, v.forks().size());
        assertTrue(v.verified().latencyHistogram() == null && v.forks().stream().allMatch(f -> f.latencyHistogram() == null));
        assertEquals(200.0, v.verified().latencyMillis().get("count"));
    }
}
