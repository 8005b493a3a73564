package org.tsdbbench.timescaledb;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.tsdbbench.common.data.RequestBytes;
import org.tsdbbench.common.iot.TableRows;

/**
 * One table's rows of an IoT request as a {@code COPY ... FROM STDIN (FORMAT binary)} body,
 * PostgreSQL's binary copy format: a header, then per row its field count and each field's length
 * and bytes (the time as microseconds since 2000-01-01, the tags row's id as int4, each field as
 * float8, -1 for NULL), then a trailer. The server stores the values as they come, where the text
 * format makes it parse every timestamp and number (TSBS's loader copies binary too, through pgx).
 * Built into one reused buffer, no object per row.
 */
final class BinaryCopy {

    static final byte[] HEADER = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0, 0, 0, 0, 0, 0, 0, 0, 0};
    /** PostgreSQL's epoch, 2000-01-01T00:00:00Z, in microseconds since the Unix epoch. */
    static final long PG_EPOCH_MICROS = 946_684_800_000_000L;
    static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private final RequestBytes bytes = new RequestBytes();

    static String statement(org.tsdbbench.common.iot.IotTable table) {
        return "COPY " + table.measurement + " (" + IotTables.columns(table) + ") FROM STDIN (FORMAT binary)";
    }

    /** The body of the table's rows (empty for none); {@link #bytes()} and {@link #length()} hold it until the next build. */
    BinaryCopy build(TableRows rows, TagIds tags) {
        bytes.clear();
        if (rows.size() == 0) return this;
        int fields = rows.table.fieldCount();
        bytes.reserve(HEADER.length + rows.size() * (2 + 12 + 8 + fields * 12) + 2);
        byte[] buf = bytes.put(HEADER).array();
        int len = HEADER.length;
        for (int r = 0; r < rows.size(); r++) {
            SHORT.set(buf, len, (short) (2 + fields));
            INT.set(buf, len + 2, 8);
            LONG.set(buf, len + 6, micros(rows.ts[r]) - PG_EPOCH_MICROS);
            INT.set(buf, len + 14, 4);
            INT.set(buf, len + 18, tags.id(rows, r));
            len += 22;
            for (int f = 0; f < fields; f++) {
                double v = rows.field[f][r];
                if (Double.isNaN(v)) {
                    INT.set(buf, len, -1);
                    len += 4;
                } else {
                    INT.set(buf, len, 8);
                    LONG.set(buf, len + 4, Double.doubleToRawLongBits(v));
                    len += 12;
                }
            }
        }
        SHORT.set(buf, len, (short) -1);
        bytes.setLength(len + 2);
        return this;
    }

    /** A time in microseconds; a finer one is an IllegalArgumentException (rounded, it could land on another record's). */
    static long micros(long epochNs) {
        if (epochNs % 1000 != 0) {
            throw new IllegalArgumentException("a time of " + epochNs + " ns since the epoch: TimescaleDB keeps microseconds, not nanoseconds");
        }
        return epochNs / 1000;
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
