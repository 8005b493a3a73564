package org.tsdbbench.tdengine;

import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.TextFormat;

/**
 * A request as InfluxDB line protocol for TDengine's schemaless write, one line per row:
 * {@code devices,devid=1,devname=dev_1,devgroup=1 temperature=12i32,humidity=57.25f32 1563249700000}
 * ({@code i32} and {@code f32} keep the typed layout's INT and FLOAT columns; schemaless tags are
 * always text; timestamps in milliseconds).
 */
final class LineProtocolBuilder {

    private final StringBuilder text = new StringBuilder(1 << 16);

    /** All rows as one body, lines separated by '\n' (the REST endpoint's form). */
    String body(RowBatch b) {
        text.setLength(0);
        for (int i = 0; i < b.size(); i++) {
            if (i > 0) text.append('\n');
            appendLine(b, i);
        }
        return text.toString();
    }

    /** One string per row (the native driver's form). */
    String[] lines(RowBatch b) {
        String[] lines = new String[b.size()];
        for (int i = 0; i < b.size(); i++) {
            text.setLength(0);
            appendLine(b, i);
            lines[i] = text.toString();
        }
        return lines;
    }

    private void appendLine(RowBatch b, int i) {
        text.append("devices,devid=").append(b.devid[i]).append(",devname=");
        appendTagValue(b.devname[i]);
        text.append(",devgroup=").append(b.devgroup[i]).append(" temperature=").append(b.temperature[i]).append("i32,humidity=");
        TextFormat.appendFloat(text, b.humidity[i]);
        text.append("f32 ").append(b.ts[i]);
    }

    /** Line protocol escapes commas, spaces and equals signs in tag values. */
    private void appendTagValue(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ',' || c == ' ' || c == '=' || c == '\\') text.append('\\');
            text.append(c);
        }
    }
}
