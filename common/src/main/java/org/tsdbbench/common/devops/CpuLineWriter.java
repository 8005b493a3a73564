package org.tsdbbench.common.devops;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * Writes {@code cpu} rows as {@code tsbs_generate_data --use-case=cpu-only --format=influx} does:
 * {@code cpu,<ten tags> <ten fields as integers, 58i> <time in ns>}, one line per row.
 */
public final class CpuLineWriter implements AutoCloseable {

    private static final byte[][] FIELD_KEYS = new byte[CpuBatch.FIELD_COUNT][];

    static {
        for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) FIELD_KEYS[f] = ((f == 0 ? "" : ",") + CpuBatch.FIELDS.get(f) + "=").getBytes(StandardCharsets.US_ASCII);
    }

    private final OutputStream out;
    /** Each host's line start ({@code cpu,<tags> }), made on its first row. */
    private final Map<Integer, byte[]> starts = new HashMap<>();
    private byte[] line = new byte[512];
    private long rows;

    public CpuLineWriter(OutputStream out) {
        this.out = out instanceof BufferedOutputStream ? out : new BufferedOutputStream(out, 1 << 16);
    }

    /** Writes every row of {@code source} to {@code file} (gzip when its name ends in .gz); the rows written. */
    public static long write(CpuSource source, Path file) throws IOException {
        OutputStream raw = Files.newOutputStream(file);
        if (file.getFileName().toString().endsWith(".gz")) raw = new GZIPOutputStream(raw, 1 << 16);
        try (CpuLineWriter w = new CpuLineWriter(raw)) {
            for (CpuBatch b = source.next(8192); !b.isEmpty(); b = source.next(8192)) w.write(b);
            return w.rows();
        }
    }

    public long rows() {
        return rows;
    }

    /** Appends the batch's rows. */
    public void write(CpuBatch batch) throws IOException {
        for (int r = 0; r < batch.size(); r++) {
            byte[] start = starts.computeIfAbsent(batch.host(r), h -> lineStart(batch.hosts().tags(h)));
            if (line.length < start.length + 256) line = new byte[start.length + 256];
            System.arraycopy(start, 0, line, 0, start.length);
            int at = start.length;
            for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) {
                byte[] key = FIELD_KEYS[f];
                System.arraycopy(key, 0, line, at, key.length);
                at = digits(batch.value(r, f), at + key.length);
                line[at++] = 'i';
            }
            line[at++] = ' ';
            at = digits(batch.timeNs(r), at);
            line[at++] = '\n';
            out.write(line, 0, at);
        }
        rows += batch.size();
    }

    private static byte[] lineStart(String[] tags) {
        StringBuilder s = new StringBuilder("cpu");
        for (int t = 0; t < tags.length; t++) s.append(',').append(HostTags.KEYS.get(t)).append('=').append(tags[t]);
        return s.append(' ').toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Writes {@code v} in decimal at {@code at}; the index after it. */
    private int digits(long v, int at) {
        if (v < 0) {
            line[at++] = '-';
            if (v == Long.MIN_VALUE) {
                byte[] min = "9223372036854775808".getBytes(StandardCharsets.US_ASCII);
                System.arraycopy(min, 0, line, at, min.length);
                return at + min.length;
            }
            v = -v;
        }
        int n = 1;
        for (long x = v; x >= 10; x /= 10) n++;
        int end = at + n;
        int i = end;
        do {
            line[--i] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v != 0);
        return end;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
