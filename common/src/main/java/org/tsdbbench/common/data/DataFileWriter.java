package org.tsdbbench.common.data;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes rows in the spec's text format, one line a row, space separated:
 * {@code devid devname devgroup ts temperature humidity}, humidity with two decimals. Formats
 * numbers straight into a byte buffer (no String per value) because the generator must write
 * files at millions of rows per second.
 */
public final class DataFileWriter implements AutoCloseable {

    private static final int BUFFER = 1 << 16;
    private final OutputStream out;
    private final byte separator;
    private final byte[] buf = new byte[BUFFER];
    private int pos;

    public DataFileWriter(Path file) throws IOException {
        this(Files.newOutputStream(file));
    }

    public DataFileWriter(OutputStream out) {
        this(out, (byte) ' ');
    }

    /** A writer with another column separator, e.g. a tab for ClickHouse's TabSeparated format. */
    public DataFileWriter(OutputStream out, byte separator) {
        this.out = out;
        this.separator = separator;
    }

    public void write(RowBatch batch) throws IOException {
        for (int i = 0; i < batch.size(); i++) {
            if (pos > BUFFER - 128) flushBuffer();
            writeRow(batch.devid[i], batch.devname[i], batch.devgroup[i], batch.ts[i], batch.temperature[i], batch.humidity[i]);
        }
    }

    private void writeRow(int devid, String devname, int devgroup, long ts, int temperature, float humidity) {
        pos = TextFormat.appendLong(buf, pos, devid);
        buf[pos++] = separator;
        for (int c = 0; c < devname.length(); c++) buf[pos++] = (byte) devname.charAt(c);
        buf[pos++] = separator;
        pos = TextFormat.appendLong(buf, pos, devgroup);
        buf[pos++] = separator;
        pos = TextFormat.appendLong(buf, pos, ts);
        buf[pos++] = separator;
        pos = TextFormat.appendLong(buf, pos, temperature);
        buf[pos++] = separator;
        long centi = TextFormat.hundredths(humidity);
        if ((float) (centi / 100.0) == humidity) {
            pos = TextFormat.appendHundredths(buf, pos, centi);
        } else {
            for (char c : Float.toString(humidity).toCharArray()) buf[pos++] = (byte) c;
        }
        buf[pos++] = '\n';
    }

    private void flushBuffer() throws IOException {
        out.write(buf, 0, pos);
        pos = 0;
    }

    /** Writes out what is buffered, keeping the stream open (one request's body is complete). */
    public void flush() throws IOException {
        flushBuffer();
        out.flush();
    }

    @Override
    public void close() throws IOException {
        try {
            flushBuffer();
        } finally {
            out.close();
        }
    }
}
