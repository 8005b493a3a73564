package org.tsdbbench.timescaledb;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.TextFormat;

/**
 * Builds the body of one {@code COPY devices (...) FROM STDIN} in PostgreSQL's text format: a line
 * per row, columns separated by tabs, as TSBS's TimescaleDB loader sends them (it uses COPY too).
 * Bytes, not characters: the driver's {@code CopyIn} takes them as they are. Reused for every
 * request of a client; a device's name is encoded once for its run of rows.
 */
public final class CopyBuilder {

    static final String STATEMENT = "COPY " + DevicesTable.NAME + " (" + DevicesTable.COLUMNS + ") FROM STDIN";
    /** A row's longest text apart from its name: timestamp, three ints, a float, tabs and the newline. */
    private static final int ROW_BYTES = TimestampText.MAX_LENGTH + 3 * 11 + 16 + 6;

    private byte[] buf = new byte[1 << 16];
    private int length;
    private final TimestampText timestamps = new TimestampText();
    private String lastName;
    private byte[] lastNameText;

    /** Builds the body for the batch's rows; {@link #bytes()} and {@link #length()} hold it until the next build. */
    public CopyBuilder build(RowBatch b) {
        int pos = 0;
        for (int i = 0; i < b.size(); i++) {
            byte[] name = nameText(b.devname[i]);
            if (pos + ROW_BYTES + name.length > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + ROW_BYTES + name.length));
            pos = timestamps.append(buf, pos, b.ts[i]);
            buf[pos++] = '\t';
            pos = TextFormat.appendLong(buf, pos, b.devid[i]);
            buf[pos++] = '\t';
            System.arraycopy(name, 0, buf, pos, name.length);
            pos += name.length;
            buf[pos++] = '\t';
            pos = TextFormat.appendLong(buf, pos, b.devgroup[i]);
            buf[pos++] = '\t';
            pos = TextFormat.appendLong(buf, pos, b.temperature[i]);
            buf[pos++] = '\t';
            pos = appendFloat(buf, pos, b.humidity[i]);
            buf[pos++] = '\n';
        }
        length = pos;
        return this;
    }

    /** The body's bytes: the first {@link #length()} of them. */
    public byte[] bytes() {
        return buf;
    }

    public int length() {
        return length;
    }

    /** The body as a copy of its own, for a request built ahead of time. */
    byte[] copy() {
        return Arrays.copyOf(buf, length);
    }

    private static int appendFloat(byte[] buf, int pos, float v) {
        if (TextFormat.isHundredths(v)) return TextFormat.appendHundredths(buf, pos, TextFormat.hundredths(v));
        for (char c : Float.toString(v).toCharArray()) buf[pos++] = (byte) c;
        return pos;
    }

    /** The name as a COPY text field: UTF-8 with backslash, tab, newline and carriage return escaped. */
    private byte[] nameText(String name) {
        if (name != lastName) {
            lastName = name;
            lastNameText = escape(name).getBytes(StandardCharsets.UTF_8);
        }
        return lastNameText;
    }

    static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '\t' -> sb.append("\\t");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
