package org.tsdbbench.timescaledb;

import org.tsdbbench.common.data.RequestBytes;
import org.tsdbbench.common.data.TextFormat;

/**
 * A request's text as it is built, in UTF-8 bytes: the INSERT text and the COPY body write their
 * rows here, field by field, with no object per row. The bytes are common's {@link RequestBytes};
 * this adds PostgreSQL's timestamps and the data files' float text.
 */
final class TextBuffer {

    private final RequestBytes bytes = new RequestBytes();

    void clear() {
        bytes.clear();
    }

    /** Room for {@code more} bytes after what is held. */
    void reserve(int more) {
        bytes.reserve(more);
    }

    /** Appends one ASCII character (room reserved by the caller). */
    TextBuffer put(char c) {
        bytes.put(c);
        return this;
    }

    /** Appends bytes already encoded (room reserved by the caller). */
    TextBuffer put(byte[] encoded) {
        bytes.put(encoded);
        return this;
    }

    TextBuffer number(long v) {
        bytes.number(v);
        return this;
    }

    /** A float as the data files write it: two decimals when exact (every generated humidity), else Java's shortest text. */
    TextBuffer number(float v) {
        if (TextFormat.isHundredths(v)) {
            bytes.setLength(TextFormat.appendHundredths(bytes.array(), bytes.length(), TextFormat.hundredths(v)));
        } else {
            for (char c : Float.toString(v).toCharArray()) bytes.put(c);
        }
        return this;
    }

    /**
     * A double in the shortest plain decimal that reads back the same value (TSBS's values have a
     * few decimals at most); others in Java's shortest text, which PostgreSQL's float8 reads too.
     * No object for a value of at most 9 decimals and 15 digits.
     */
    TextBuffer number(double v) {
        bytes.reserve(TextFormat.DOUBLE_MAX);
        bytes.number(v);
        return this;
    }

    TextBuffer timestamp(TimestampText text, long epochMs) {
        bytes.setLength(text.append(bytes.array(), bytes.length(), epochMs));
        return this;
    }

    TextBuffer timestampNanos(TimestampText text, long epochNs) {
        bytes.setLength(text.appendNanos(bytes.array(), bytes.length(), epochNs));
        return this;
    }

    int length() {
        return bytes.length();
    }

    /** The bytes held: the first {@link #length()} of them. */
    byte[] array() {
        return bytes.array();
    }

    /** What is held as bytes of its own. */
    byte[] copy() {
        return bytes.copy();
    }

    /** What is held as text (all ASCII but names: one pass over the bytes). */
    String text() {
        return bytes.text();
    }

    /** Bytes a row may take apart from its name: a timestamp, three ints, a float (up to 15 characters), separators and quotes. */
    static final int ROW_BYTES = TimestampText.MAX_LENGTH + 3 * 11 + 15 + 16;
}
