package org.tsdbbench.influx;

import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.TextFormat;

/**
 * Builds one write request in InfluxDB's line protocol, one point per row, millisecond precision:
 * {@code devices,devgroup=1,devid=1,devname=dev_1 temperature=12i,humidity=57.25 1563249700000}.
 * Tags are in key order (what the server would sort them to anyway); temperature is an integer
 * field (the {@code i} suffix). Reused for every request of a client.
 */
public final class LineProtocolBuilder {

    private final StringBuilder lines = new StringBuilder(1 << 16);

    public String build(RowBatch b) {
        lines.setLength(0);
        for (int i = 0; i < b.size(); i++) {
            lines.append("devices,devgroup=").append(b.devgroup[i]).append(",devid=").append(b.devid[i]).append(",devname=");
            appendTagValue(b.devname[i]);
            lines.append(" temperature=").append(b.temperature[i]).append("i,humidity=");
            TextFormat.appendFloat(lines, b.humidity[i]);
            lines.append(' ').append(b.ts[i]).append('\n');
        }
        return lines.toString();
    }

    /** Tag values escape commas, equals signs and spaces. */
    private void appendTagValue(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ',' || c == '=' || c == ' ') lines.append('\\');
            lines.append(c);
        }
    }
}
