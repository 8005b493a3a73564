package org.tsdbbench.cnosdb;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.tsdbbench.common.data.TextFormat;

/**
 * One write request's body in InfluxDB's line protocol, which CnosDB's {@code /api/v1/write} takes,
 * built straight into bytes (UTF-8): {@code measurement,tag=v,... field=1i,field=2.5 timestamp\n}.
 * No object per row: numbers are formatted into the buffer, strings are tag values shared per
 * device (or per truck). A layout (the devices' today, the trucks' readings and diagnostics later)
 * says which tags and fields a row has; this class only knows the syntax.
 */
public final class LineProtocol {


    private byte[] buf = new byte[1 << 16];
    private int len;
    /** What comes before the next field of the current line: a space after the tags, then a comma. */
    private char fieldSeparator;

    /** Empties the buffer for the next request. */
    public void clear() {
        len = 0;
    }

    /** Starts a line: the measurement (table) name, which has no character to escape. */
    public LineProtocol measurement(String name) {
        ensure(name.length());
        for (int i = 0; i < name.length(); i++) buf[len++] = (byte) name.charAt(i);
        fieldSeparator = ' ';
        return this;
    }

    /** A tag whose value is a number (written as text: every tag is a string). */
    public LineProtocol tag(String key, long value) {
        key(',', key);
        ensure(20);
        len = TextFormat.appendLong(buf, len, value);
        return this;
    }

    /** A tag with a text value, in UTF-8 (as line protocol is); commas, equals signs and spaces are escaped. */
    public LineProtocol tag(String key, String value) {
        key(',', key);
        ensure(2 * value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c > 0x7f) {
                appendEscaped(value.substring(i).getBytes(StandardCharsets.UTF_8)); // rare: a file's non-ASCII device name
                break;
            }
            if (c == ',' || c == '=' || c == ' ') buf[len++] = '\\';
            buf[len++] = (byte) c;
        }
        return this;
    }

    private void appendEscaped(byte[] utf8) {
        ensure(2 * utf8.length);
        for (byte c : utf8) {
            if (c == ',' || c == '=' || c == ' ') buf[len++] = '\\';
            buf[len++] = c;
        }
    }

    /** An integer field ({@code 12i}): CnosDB stores it as BIGINT. */
    public LineProtocol field(String key, long value) {
        key(fieldSeparator, key);
        fieldSeparator = ',';
        ensure(21);
        len = TextFormat.appendLong(buf, len, value);
        buf[len++] = 'i';
        return this;
    }

    /** A float field: two decimals when the value has at most two (generated data always has), else Java's shortest text. */
    public LineProtocol field(String key, float value) {
        key(fieldSeparator, key);
        fieldSeparator = ',';
        ensure(24);
        if (TextFormat.isHundredths(value)) {
            len = TextFormat.appendHundredths(buf, len, TextFormat.hundredths(value));
        } else {
            String text = Float.toString(value);
            for (int i = 0; i < text.length(); i++) buf[len++] = (byte) text.charAt(i);
        }
        return this;
    }

    /**
     * A double field in the fewest decimals (up to nine) that read back as the same double, which
     * covers every value TSBS writes, formatted in place; any other value as Java's shortest text
     * ({@code 1.0E-12}, which CnosDB's parser reads).
     */
    public LineProtocol field(String key, double value) {
        key(fieldSeparator, key);
        fieldSeparator = ',';
        ensure(TextFormat.DOUBLE_MAX);
        len = TextFormat.appendDouble(buf, len, value);
        return this;
    }

    /**
     * The one line begun since {@link #clear} (its measurement, tags, any fields), as {@link #resume}
     * repeats it: its bytes, then the separator its next field takes (a space before a line's first
     * field, else a comma).
     */
    public byte[] lineStart() {
        byte[] start = Arrays.copyOf(buf, len + 1);
        start[len] = (byte) fieldSeparator;
        return start;
    }

    /** Starts a line with a {@link #lineStart}, as if its measurement, tags and fields were written again. */
    public LineProtocol resume(byte[] lineStart) {
        int n = lineStart.length - 1;
        ensure(n);
        System.arraycopy(lineStart, 0, buf, len, n);
        len += n;
        fieldSeparator = (char) lineStart[n];
        return this;
    }

    /** Appends whole lines of line protocol, {@code bytes[0, n)}, each ending in a newline. */
    public LineProtocol append(byte[] bytes, int n) {
        ensure(n);
        System.arraycopy(bytes, 0, buf, len, n);
        len += n;
        return this;
    }

    /** Ends the line with its timestamp, in the precision the request names. */
    public LineProtocol end(long timestamp) {
        ensure(22);
        buf[len++] = ' ';
        len = TextFormat.appendLong(buf, len, timestamp);
        buf[len++] = '\n';
        return this;
    }

    /** The request body so far; valid until the next call that changes the buffer. */
    byte[] bytes() {
        return buf;
    }

    /** Bytes in the request body. */
    public int length() {
        return len;
    }

    /** A copy of the body, for a request built ahead ({@code --option prebuild=true}). */
    public byte[] copy() {
        return Arrays.copyOf(buf, len);
    }

    /**
     * Gives the buffer up to a request that failed: the HTTP client may still read a request it
     * gave up on, so the next request must not overwrite those bytes.
     */
    void abandon() {
        buf = new byte[buf.length];
        len = 0;
    }

    @Override
    public String toString() {
        return new String(buf, 0, len, StandardCharsets.UTF_8);
    }

    private void key(char separator, String key) {
        ensure(key.length() + 2);
        buf[len++] = (byte) separator;
        for (int i = 0; i < key.length(); i++) buf[len++] = (byte) key.charAt(i);
        buf[len++] = '=';
    }

    private void ensure(int more) {
        if (len + more > buf.length) buf = Arrays.copyOf(buf, Math.max(2 * buf.length, len + more));
    }
}
