package org.tsdbbench.common.devops;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/**
 * Writes {@code cpu} rows as {@code tsbs_generate_data --use-case=cpu-only --format=influx} does:
 * {@code cpu,<ten tags> <ten fields as integers, 58i> <time in ns>}, one line per row.
 */
public final class CpuLineWriter implements AutoCloseable {

    private final OutputStream out;
    private final StringBuilder line = new StringBuilder(256);
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
            line.setLength(0);
            line.append("cpu");
            String[] tags = batch.tags(r);
            for (int t = 0; t < tags.length; t++) line.append(',').append(HostTags.KEYS.get(t)).append('=').append(tags[t]);
            line.append(' ');
            for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) {
                if (f > 0) line.append(',');
                line.append(CpuBatch.FIELDS.get(f)).append('=').append(batch.value(r, f)).append('i');
            }
            line.append(' ').append(batch.timeNs(r)).append('\n');
            for (int i = 0; i < line.length(); i++) out.write(line.charAt(i));
        }
        rows += batch.size();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
