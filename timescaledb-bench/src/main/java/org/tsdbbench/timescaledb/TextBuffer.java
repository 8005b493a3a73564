package org.tsdbbench.timescaledb;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.tsdbbench.common.data.TextFormat;

/**
 * A request's text as it is built, in UTF-8 bytes: the INSERT text and the COPY body write their
 * rows here, field by field, with no object per row. Reused for every request of a client; it
 * grows to the largest request it has held.
 */
final class TextBuffer {

    private byte[] buf = new byte[1 << 16];
    private int length;

    void clear() {
        length = 0;
    }

    /** Room for {@code more} bytes after what is held. */
    void reserve(int more) {
        if (length + more > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, length + more));
    }

    /** Appends one ASCII character (room reserved by the caller). */
    TextBuffer put(char c) {
        buf[length++] = (byte) c;
        return this;
    }

    /** Appends bytes already encoded (room reserved by the caller). */
    TextBuffer put(byte[] bytes) {
        System.arraycopy(bytes, 0, buf, length, bytes.length);
        length += bytes.length;
        return this;
    }

    TextBuffer number(long v) {
        length = TextFormat.appendLong(buf, length, v);
        return this;
    }

    /** A float as the data files write it: two decimals when exact (every generated humidity), else Java's shortest text. */
    TextBuffer number(float v) {
        if (TextFormat.isHundredths(v)) {
            length = TextFormat.appendHundredths(buf, length, TextFormat.hundredths(v));
        } else {
            for (char c : Float.toString(v).toCharArray()) buf[length++] = (byte) c;
        }
        return this;
    }

    /**
     * A double in the shortest plain decimal that reads back the same value (TSBS's values have a
     * few decimals at most); others in Java's shortest text, which PostgreSQL's float8 reads too.
     * No object for a value of at most 9 decimals and 15 digits.
     */
    TextBuffer number(double v) {
        reserve(TextFormat.DOUBLE_MAX);
        length = TextFormat.appendDouble(buf, length, v);
        return this;
    }

    TextBuffer timestamp(TimestampText text, long epochMs) {
        length = text.append(buf, length, epochMs);
        return this;
    }

    TextBuffer timestampNanos(TimestampText text, long epochNs) {
        length = text.appendNanos(buf, length, epochNs);
        return this;
    }

    int length() {
        return length;
    }

    /** The bytes held: the first {@link #length()} of them. */
    byte[] array() {
        return buf;
    }

    /** What is held as bytes of its own. */
    byte[] copy() {
        return Arrays.copyOf(buf, length);
    }

    /** What is held as text (all ASCII but names: one pass over the bytes). */
    String text() {
        return new String(buf, 0, length, StandardCharsets.UTF_8);
    }

    /** Bytes a row may take apart from its name: a timestamp, three ints, a float (up to 15 characters), separators and quotes. */
    static final int ROW_BYTES = TimestampText.MAX_LENGTH + 3 * 11 + 15 + 16;
}
