package org.tsdbbench.common.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a JMH trial verified, as one JSON line appended by the forked JVM to the run's verify log
 * (JMH's JSON has no place for it): rows sent, acknowledged and stored (-1: not counted), failed
 * requests, request latency percentiles, and the rows acknowledged within the measured window (its
 * wall-clock start and end, epoch ms), which lets the shards of one run be summed, and the
 * sessions' own counters summed over the clients ({@link org.tsdbbench.common.db.Session#counters()}).
 * The CLI reads these lines into the manifest and the tables.
 */
public record TrialRecord(String benchmark, Map<String, String> params, int threads, long rowsSent, long rowsAcked,
                          long rowsStored, long failedRequests, String firstError, Map<String, Double> latencyMillis,
                          String failure, long measuredRowsAcked, long measuredFromMs, long measuredToMs, Map<String, Long> counters) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public boolean ok() {
        return failure == null;
    }

    /** Appends this record to the log; a no-op when there is no log (a run from an IDE). */
    public void appendTo(Path log) throws IOException {
        if (log == null) return;
        String line = JSON.writeValueAsString(this) + "\n";
        Files.writeString(log, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    public static List<TrialRecord> readAll(Path log) throws IOException {
        List<TrialRecord> records = new ArrayList<>();
        if (log == null || !Files.exists(log)) return records;
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) records.add(JSON.readValue(line, TrialRecord.class));
        }
        return records;
    }
}
