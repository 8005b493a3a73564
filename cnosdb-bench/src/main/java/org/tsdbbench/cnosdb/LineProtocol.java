package org.tsdbbench.cnosdb;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.tsdbbench.common.data.RequestBytes;
import org.tsdbbench.common.data.TextFormat;

/**
 * One write request's body in InfluxDB's line protocol, which CnosDB's {@code /api/v1/write} takes,
 * built straight into bytes (UTF-8): {@code measurement,tag=v,... field=1i,field=2.5 timestamp\n}.
 * No object per row: numbers are formatted into the buffer, strings are tag values shared per
 * device (or per truck). A layout (the devices' today, the trucks' readings and diagnostics later)
 * says which tags and fields a row has; this class only knows the syntax.
 */
public final class LineProtocol {


    private final RequestBytes bytes = new RequestBytes();
    /** What comes before the next field of the current line: a space after the tags, then a comma. */
    private char fieldSeparator;

    /** Empties the buffer for the next request. */
    public void clear() {
        bytes.clear();
    }

    /** Starts a line: the measurement (table) name, which has no character to escape. */
    public LineProtocol measurement(String name) {
        bytes.reserve(name.length());
        byte[] buf = bytes.array();
        int at = bytes.length();
        for (int i = 0; i < name.length(); i++) buf[at++] = (byte) name.charAt(i);
        bytes.setLength(at);
        fieldSeparator = ' ';
        return this;
    }

    /** A tag whose value is a number (written as text: every tag is a string). */
    public LineProtocol tag(String key, long value) {
        key(',', key, 20).number(value);
        return this;
    }

    /** A tag with a text value, in UTF-8 (as line protocol is); commas, equals signs and spaces are escaped. */
    public LineProtocol tag(String key, String value) {
        key(',', key, 2 * value.length());
        byte[] buf = bytes.array();
        int at = bytes.length();
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c > 0x7f) {
                bytes.setLength(at);
                appendEscaped(value.substring(i).getBytes(StandardCharsets.UTF_8)); // rare: a file's non-ASCII device name
                return this;
            }
            if (c == ',' || c == '=' || c == ' ') buf[at++] = '\\';
            buf[at++] = (byte) c;
        }
        bytes.setLength(at);
        return this;
    }

    private void appendEscaped(byte[] utf8) {
        bytes.reserve(2 * utf8.length);
        for (byte c : utf8) {
            if (c == ',' || c == '=' || c == ' ') bytes.put('\\');
            bytes.put(c);
        }
    }

    /** An integer field ({@code 12i}): CnosDB stores it as BIGINT. */
    public LineProtocol field(String key, long value) {
        RequestBytes out = key(fieldSeparator, key, 21);
        fieldSeparator = ',';
        out.number(value).put('i');
        return this;
    }

    /**
     * An integer field whose key is already bytes ({@code usage_user}: ASCII, nothing to escape), as a
     * layout with a fixed set of fields keeps them: the key copied, not written a character at a time.
     */
    public LineProtocol field(byte[] key, long value) {
        RequestBytes out = bytes;
        out.reserve(key.length + 2 + 21);
        out.put((byte) fieldSeparator).put(key).put('=').number(value).put('i');
        fieldSeparator = ',';
        return this;
    }

    /** A float field: two decimals when the value has at most two (generated data always has), else Java's shortest text. */
    public LineProtocol field(String key, float value) {
        RequestBytes out = key(fieldSeparator, key, 24);
        fieldSeparator = ',';
        if (TextFormat.isHundredths(value)) {
            out.setLength(TextFormat.appendHundredths(out.array(), out.length(), TextFormat.hundredths(value)));
        } else {
            String text = Float.toString(value);
            for (int i = 0; i < text.length(); i++) out.put(text.charAt(i));
        }
        return this;
    }

    /**
     * A double field in the fewest decimals (up to nine) that read back as the same double, which
     * covers every value TSBS writes, formatted in place; any other value as Java's shortest text
     * ({@code 1.0E-12}, which CnosDB's parser reads).
     */
    public LineProtocol field(String key, double value) {
        RequestBytes out = key(fieldSeparator, key, TextFormat.DOUBLE_MAX);
        fieldSeparator = ',';
        out.number(value);
        return this;
    }

    /**
     * The one line begun since {@link #clear} (its measurement, tags, any fields), as {@link #resume}
     * repeats it: its bytes, then the separator its next field takes (a space before a line's first
     * field, else a comma).
     */
    public byte[] lineStart() {
        byte[] start = Arrays.copyOf(bytes.array(), bytes.length() + 1);
        start[bytes.length()] = (byte) fieldSeparator;
        return start;
    }

    /** Starts a line with a {@link #lineStart}, as if its measurement, tags and fields were written again. */
    public LineProtocol resume(byte[] lineStart) {
        int n = lineStart.length - 1;
        bytes.append(lineStart, 0, n);
        fieldSeparator = (char) lineStart[n];
        return this;
    }

    /** Appends whole lines of line protocol, {@code bytes[0, n)}, each ending in a newline. */
    public LineProtocol append(byte[] lines, int n) {
        bytes.append(lines, 0, n);
        return this;
    }

    /** Ends the line with its timestamp, in the precision the request names. */
    public LineProtocol end(long timestamp) {
        bytes.reserve(22);
        bytes.put(' ').number(timestamp).put('\n');
        return this;
    }

    /** The request body so far; valid until the next call that changes the buffer. */
    byte[] bytes() {
        return bytes.array();
    }

    /** Bytes in the request body. */
    public int length() {
        return bytes.length();
    }

    /** A copy of the body, for a request built ahead ({@code --option prebuild=true}). */
    public byte[] copy() {
        return bytes.copy();
    }

    /**
     * Gives the buffer up to a request that failed: the HTTP client may still read a request it
     * gave up on, so the next request must not overwrite those bytes.
     */
    void abandon() {
        bytes.abandon();
    }

    @Override
    public String toString() {
        return bytes.text();
    }

    /** Writes {@code <separator>key=} with room for {@code valueRoom} bytes after it; the bytes, for the value. */
    private RequestBytes key(char separator, String key, int valueRoom) {
        RequestBytes out = bytes;
        out.reserve(key.length() + 2 + valueRoom);
        byte[] buf = out.array();
        int at = out.length();
        buf[at++] = (byte) separator;
        for (int i = 0; i < key.length(); i++) buf[at++] = (byte) key.charAt(i);
        buf[at++] = '=';
        out.setLength(at);
        return out;
    }
}
