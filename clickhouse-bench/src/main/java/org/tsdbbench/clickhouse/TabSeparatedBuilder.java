package org.tsdbbench.clickhouse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.tsdbbench.common.data.DataFileWriter;
import org.tsdbbench.common.data.RowBatch;

/**
 * Builds an insert request's body in ClickHouse's TabSeparated format, columns in table order
 * ({@code devid devname devgroup ts temperature humidity}): the data file format with tabs, written
 * by the same byte-level formatter. The buffer is reused for every request of a client.
 */
public final class TabSeparatedBuilder {

    private final Buffer body = new Buffer();
    private final DataFileWriter writer = new DataFileWriter(body, (byte) '\t');

    /** The request body; valid until the next call. */
    public Buffer build(RowBatch batch) {
        body.reset();
        try {
            writer.write(batch);
            writer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // an in-memory buffer does not fail
        }
        return body;
    }

    /** A byte buffer whose array can be sent without a copy. */
    public static final class Buffer extends ByteArrayOutputStream {
        Buffer() {
            super(1 << 16);
        }

        public byte[] array() {
            return buf;
        }

        public int length() {
            return count;
        }
    }
}
