package org.tsdbbench.influx;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.tsdbbench.common.data.RequestBytes;
import org.tsdbbench.common.iot.IotLineWriter;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.iot.TruckLines;

/**
 * Builds one write request of IoT records: the lines {@code tsbs_generate_data --format=influx}
 * writes (common's {@link IotLineWriter}, straight from the batch's columns into bytes), so that
 * InfluxDB stores exactly what TSBS's loader sends. The bytes collect in a buffer the session
 * reuses for every request and are sent as they are ({@link LineWrites}). Nanosecond timestamps, as
 * in TSBS's files. A batch read from a TSBS file that carries its lines ({@link TruckBatch#lines()})
 * is those lines already: its body is the batch's bytes, neither parsed nor copied, as TSBS's loader
 * forwards the file's lines.
 */
public final class IotRequestBody extends OutputStream {

    private final RequestBytes built = new RequestBytes();
    /** The last body: {@link #built}'s array, or the lines of the batch it was built of. */
    private byte[] body = built.array();
    private int len;

    /**
     * The request body of a batch: its lines when it carries them, else built into this buffer; its
     * length ({@link #bytes()} holds it until the next build, or until a batch of lines is refilled).
     */
    public int build(TruckBatch batch) {
        TruckLines lines = batch.lines();
        if (lines != null) {
            body = lines.bytes();
            len = lines.length();
            return len;
        }
        built.clear();
        // A writer per request: close() hands over its last bytes (and closes this stream, which keeps it open).
        try (IotLineWriter writer = new IotLineWriter(this)) {
            writer.write(batch);
        } catch (IOException e) {
            throw new UncheckedIOException("a request body in memory cannot fail to be written", e);
        }
        body = built.array();
        len = built.length();
        return len;
    }

    /** The last body built, its first {@link #build} bytes: this buffer, or the batch's lines. */
    public byte[] bytes() {
        return body;
    }

    /** The body as text (UTF-8; ASCII for TSBS's data). */
    public String text() {
        return new String(body, 0, len, StandardCharsets.UTF_8);
    }

    @Override
    public void write(int b) {
        built.reserve(1);
        built.put((byte) b);
    }

    @Override
    public void write(byte[] b, int off, int n) {
        built.append(b, off, n);
    }

    /** Nothing to release: the buffer stays for the next request. */
    @Override
    public void close() {
    }
}
