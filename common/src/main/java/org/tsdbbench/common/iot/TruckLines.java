package org.tsdbbench.common.iot;

import org.tsdbbench.common.data.RequestBytes;

/**
 * The records of a {@link TruckBatch} as the lines of the TSBS file they were read from, in the
 * batch's order, each ending in {@code '\n'}: what {@code tsbs_generate_data --format=influx} wrote,
 * copied, not parsed to values and written again (only the timestamp is written anew when a later
 * pass of the file shifts it). A module whose request is those lines, InfluxDB's line protocol in
 * nanoseconds, sends {@link #bytes()} up to {@link #length()} as its request body: what TSBS's own
 * loaders do. Only a file whose every number is written as TSBS writes it hands out its lines
 * ({@link IotFileSummary#tsbsNumbers()}), so that the database reads the same value from the line as
 * the reader did. Refilled with the batch; not thread-safe.
 */
public final class TruckLines {

    private final RequestBytes bytes = new RequestBytes();
    private long metrics;

    TruckLines() {
    }

    /** The lines, from index 0 up to {@link #length()}; valid until the batch is refilled; not to be changed. */
    public byte[] bytes() {
        return bytes.array();
    }

    /** Bytes of the lines, the last newline included. */
    public int length() {
        return bytes.length();
    }

    /** The lines' metrics as TSBS counts them (numeric tags and fields present): see {@link TruckBatch#metrics()}. */
    long metrics() {
        return metrics;
    }

    /**
     * Gives the bytes up to a request that failed: the HTTP client may still read a request it gave
     * up on, so the batch's next lines go into a new array. Empties the lines.
     */
    public void abandon() {
        bytes.abandon();
        metrics = 0;
    }

    void clear() {
        bytes.clear();
        metrics = 0;
    }

    /** Appends {@code line[from, to)} (no newline in it) and a newline: a record of {@code lineMetrics} metrics. */
    void append(byte[] line, int from, int to, int lineMetrics) {
        int n = to - from;
        bytes.reserve(n + 1);
        bytes.put(line, from, n).put('\n');
        metrics += lineMetrics;
    }

    /**
     * Appends {@code line[from, timeAt)}, the line up to its timestamp (the space before it included),
     * then {@code ts} in place of the file's timestamp and a newline.
     */
    void appendRetimed(byte[] line, int from, int timeAt, long ts, int lineMetrics) {
        int n = timeAt - from;
        bytes.reserve(n + 21);
        bytes.put(line, from, n).number(ts).put('\n');
        metrics += lineMetrics;
    }

    /** Appends all of {@code other}'s lines. */
    void appendAll(TruckLines other) {
        bytes.append(other.bytes(), 0, other.length());
        metrics += other.metrics;
    }
}
