package org.tsdbbench.timescaledb;

import org.tsdbbench.common.data.RowBatch;

/**
 * Builds the body of one {@code COPY devices (...) FROM STDIN} in PostgreSQL's text format: a line
 * per row, columns separated by tabs, as TSBS's TimescaleDB loader sends them (it uses COPY too).
 * Bytes, not characters: the driver's {@code CopyIn} takes them as they are. Reused for every
 * request of a client; a device's name is escaped once for its run of rows.
 */
public final class CopyBuilder {

    static final String STATEMENT = "COPY " + DevicesTable.NAME + " (" + DevicesTable.COLUMNS + ") FROM STDIN";

    private final TextBuffer text = new TextBuffer();
    private final TimestampText timestamps = new TimestampText();
    private final RowNames names = new RowNames(CopyBuilder::escape);

    /** Builds the body for the batch's rows; {@link #bytes()} and {@link #length()} hold it until the next build. */
    public CopyBuilder build(RowBatch b) {
        text.clear();
        for (int i = 0; i < b.size(); i++) {
            byte[] name = names.text(b.devname[i]);
            text.reserve(TextBuffer.ROW_BYTES + name.length);
            text.timestamp(timestamps, b.ts[i]).put('\t').number(b.devid[i]).put('\t').put(name).put('\t').number(b.devgroup[i]).put('\t')
                    .number(b.temperature[i]).put('\t').number(b.humidity[i]).put('\n');
        }
        return this;
    }

    /** The body's bytes: the first {@link #length()} of them. */
    public byte[] bytes() {
        return text.array();
    }

    public int length() {
        return text.length();
    }

    /** The body as a copy of its own, for a request built ahead of time. */
    byte[] copy() {
        return text.copy();
    }

    /** A COPY text field: backslash, tab, newline and carriage return escaped. */
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
