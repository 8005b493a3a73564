package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * What a JMH trial verified, as one JSON line appended by the forked JVM to the run's verify log
 * (JMH's JSON has no place for it): rows sent, acknowledged and stored (-1: not counted), failed
 * requests, request latency percentiles and their histogram (HdrHistogram's compressed form, in
 * Base64, so that forks can be merged), and the rows acknowledged within the measured window (its
 * wall-clock start and end, epoch ms), which lets the shards of one run be summed, and the
 * sessions' own counters summed over the clients (the database session's counters), and the rows
 * acknowledged in each second of the measured window ({@code ackedEachSecond}: second i from the
 * first measured iteration's start, the last one partial; null where the benchmark keeps none).
 * With {@code -f} above 1 each fork appends its own line; {@link #sum} adds them up. The CLI reads
 * these lines into the manifest's write cells ({@link VerificationRecord}), which show a record
 * without its histogram.
 */
public record TrialRecord(String benchmark, Map<String, String> params, int threads, long rowsSent, long rowsAcked,
                          long rowsStored, long failedRequests, String firstError, Map<String, Double> latencyMillis,
                          String failure, long measuredRowsAcked, long measuredFromMs, long measuredToMs, Map<String, Long> counters,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String latencyHistogram,
                          @JsonInclude(JsonInclude.Include.NON_NULL) List<Long> ackedEachSecond) {

    private static final ObjectReader READER = ResultsJson.reader(TrialRecord.class);

    public boolean ok() {
        return failure == null;
    }

    /** Appends this record to the log; a no-op when there is no log (a run from an IDE). */
    public void appendTo(Path log) throws IOException {
        if (log == null) return;
        String line = ResultsJson.lineWriter().writeValueAsString(this) + "\n";
        Files.writeString(log, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    public static List<TrialRecord> readAll(Path log) throws IOException {
        List<TrialRecord> records = new ArrayList<>();
        if (log == null || !Files.exists(log)) return records;
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) records.add(READER.readValue(line));
        }
        return records;
    }

    /**
     * The forks of one JMH run as one record: rows, failed requests and counters summed; rows
     * stored summed (each fork starts on an empty table and counts its own), -1 when any fork
     * could not count; latencies from the forks' histograms merged (empty when a fork has none);
     * the failures named by fork; the forks' seconds one after another; the measured window from
     * the first fork's start to the last one's end (see {@link #measuredMillis} for the time actually measured).
     */
    public static TrialRecord sum(List<TrialRecord> forks) {
        if (forks.isEmpty()) throw new IllegalArgumentException("no trial record to sum");
        if (forks.size() == 1) return forks.get(0);
        TrialRecord first = forks.get(0);
        long sent = 0;
        long acked = 0;
        long stored = 0;
        long failed = 0;
        long measured = 0;
        long from = 0;
        long to = 0;
        String firstError = null;
        List<String> failures = new ArrayList<>();
        Map<String, Long> counters = new TreeMap<>();
        Histogram latency = new Histogram(3);
        boolean histograms = true;
        List<Long> series = new ArrayList<>();
        boolean everySeries = true;
        for (int i = 0; i < forks.size(); i++) {
            TrialRecord f = forks.get(i);
            sent += f.rowsSent;
            acked += f.rowsAcked;
            stored = stored < 0 || f.rowsStored < 0 ? -1 : stored + f.rowsStored;
            failed += f.failedRequests;
            measured += f.measuredRowsAcked;
            if (f.measuredFromMs > 0 && (from == 0 || f.measuredFromMs < from)) from = f.measuredFromMs;
            to = Math.max(to, f.measuredToMs);
            if (firstError == null) firstError = f.firstError;
            if (f.failure != null) failures.add("fork " + (i + 1) + " of " + forks.size() + ": " + f.failure);
            if (f.counters != null) f.counters.forEach((k, v) -> counters.merge(k, v, Long::sum));
            if (f.ackedEachSecond == null) everySeries = false;
            else series.addAll(f.ackedEachSecond);
            Histogram h = decode(f.latencyHistogram);
            if (h == null) histograms = false;
            else latency.add(h);
        }
        return new TrialRecord(first.benchmark, first.params, first.threads, sent, acked, stored, failed, firstError,
                histograms ? latencyMillis(latency) : Map.of(), failures.isEmpty() ? null : String.join("; ", failures),
                measured, from, to, new LinkedHashMap<>(counters), histograms ? encode(latency) : null, everySeries ? List.copyOf(series) : null);
    }

    /** The wall-clock time the forks measured, their windows added (forks run one after another). */
    public static long measuredMillis(List<TrialRecord> forks) {
        long ms = 0;
        for (TrialRecord f : forks) if (f.measuredFromMs > 0 && f.measuredToMs > f.measuredFromMs) ms += f.measuredToMs - f.measuredFromMs;
        return ms;
    }

    /** This record as the manifest shows it: the percentiles, not the encoded histogram they come from. */
    public TrialRecord withoutHistogram() {
        return new TrialRecord(benchmark, params, threads, rowsSent, rowsAcked, rowsStored, failedRequests, firstError, latencyMillis,
                failure, measuredRowsAcked, measuredFromMs, measuredToMs, counters, null, ackedEachSecond);
    }

    /**
     * A trial's JMH parameters by name, in JMH's order, as a record keeps them (a map the caller may
     * add to): {@code paramsOf(params.getParamsKeys(), params::getParam)} of JMH's BenchmarkParams.
     */
    public static Map<String, String> paramsOf(Collection<String> keys, UnaryOperator<String> value) {
        Map<String, String> p = new LinkedHashMap<>();
        for (String key : keys) p.put(key, value.apply(key));
        return p;
    }

    /** Percentiles in milliseconds of a histogram of nanoseconds; empty when it holds nothing. */
    public static Map<String, Double> latencyMillis(Histogram h) {
        Map<String, Double> m = new LinkedHashMap<>();
        if (h.getTotalCount() == 0) return m;
        m.put("mean", h.getMean() / 1e6);
        m.put("p50", h.getValueAtPercentile(50) / 1e6);
        m.put("p90", h.getValueAtPercentile(90) / 1e6);
        m.put("p99", h.getValueAtPercentile(99) / 1e6);
        m.put("p99.9", h.getValueAtPercentile(99.9) / 1e6);
        m.put("max", h.getMaxValue() / 1e6);
        m.put("count", (double) h.getTotalCount());
        return m;
    }

    /**
     * Writes the latency histogram in HdrHistogram's percentile format ({@code .hgrm}, values in
     * milliseconds), which HdrHistogram's plotter and the usual tools read; false when the record
     * has no histogram (nothing is written).
     */
    public boolean writePercentiles(Path file) throws IOException {
        Histogram h = decode(latencyHistogram);
        if (h == null) return false;
        try (java.io.PrintStream out = new java.io.PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            h.outputPercentileDistribution(out, 1e6);
        }
        return true;
    }

    /** HdrHistogram's compressed form in Base64. */
    public static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }

    /** The histogram of {@link #encode}; null for null. */
    static Histogram decode(String base64) {
        if (base64 == null) return null;
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException("unreadable latency histogram in a trial record: " + e.getMessage(), e);
        }
    }
}
