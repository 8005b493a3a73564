package org.tsdbbench.timescaledb;

import static org.tsdbbench.timescaledb.BinaryCopy.INT;
import static org.tsdbbench.timescaledb.BinaryCopy.LONG;
import static org.tsdbbench.timescaledb.BinaryCopy.SHORT;

import org.tsdbbench.common.data.RequestBytes;
import org.tsdbbench.common.devops.CpuBatch;

/**
 * A {@link CpuBatch}'s rows as the body of {@code COPY devops.cpu (...) FROM STDIN (FORMAT binary)},
 * PostgreSQL's binary copy format as {@link BinaryCopy} writes the trucks': per row the time, its
 * host's tags row id ({@link HostTagIds}) and the ten fields as float8, TSBS's column type. Built
 * into one reused buffer, no object per row.
 */
final class CpuCopy {

    static final String STATEMENT = "COPY " + DevopsTables.CPU + " (" + DevopsTables.CPU_COLUMNS
            + ") FROM STDIN (FORMAT binary)";
    private static final int COLUMNS = 2 + CpuBatch.FIELD_COUNT;
    /** A row's bytes: the column count, the time and the id with their lengths, each field with its length. */
    static final int ROW_BYTES = 2 + 12 + 8 + CpuBatch.FIELD_COUNT * 12;

    private final RequestBytes bytes = new RequestBytes();

    /** The body of the batch's rows; {@link #bytes()} and {@link #length()} hold it until the next build. */
    CpuCopy build(CpuBatch batch, HostTagIds ids) {
        int rows = batch.size();
        bytes.clear();
        bytes.reserve(BinaryCopy.HEADER.length + rows * ROW_BYTES + 2);
        byte[] buf = bytes.put(BinaryCopy.HEADER).array();
        int pos = BinaryCopy.HEADER.length;
        long[] values = batch.values();
        for (int r = 0; r < rows; r++) {
            SHORT.set(buf, pos, (short) COLUMNS);
            INT.set(buf, pos + 2, 8);
            LONG.set(buf, pos + 6, BinaryCopy.micros(batch.timeNs(r)) - BinaryCopy.PG_EPOCH_MICROS);
            INT.set(buf, pos + 14, 4);
            INT.set(buf, pos + 18, ids.id(batch.host(r)));
            pos += 22;
            int first = r * CpuBatch.FIELD_COUNT;
            for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) {
                INT.set(buf, pos, 8);
                LONG.set(buf, pos + 4, Double.doubleToRawLongBits(values[first + f]));
                pos += 12;
            }
        }
        SHORT.set(buf, pos, (short) -1);
        bytes.setLength(pos + 2);
        return this;
    }

    byte[] bytes() {
        return bytes.array();
    }

    int length() {
        return bytes.length();
    }

    byte[] copyOfBytes() {
        return bytes.copy();
    }
}
