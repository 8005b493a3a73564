package org.tsdbbench.opentsdb;

import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.TextFormat;

/**
 * Builds the JSON body of one {@code /api/put}: each row is two data points, temperature and
 * humidity, with millisecond timestamps (the original cut them to seconds) and the device's tags.
 * Reused for every request of a client.
 */
public final class PutRequestBuilder {

    private final StringBuilder json = new StringBuilder(1 << 16);

    public String build(RowBatch b) {
        json.setLength(0);
        json.append('[');
        for (int i = 0; i < b.size(); i++) {
            if (i > 0) json.append(',');
            point("temperature", b, i);
            json.append(b.temperature[i]);
            tags(b, i);
            json.append(',');
            point("humidity", b, i);
            TextFormat.appendFloat(json, b.humidity[i]);
            tags(b, i);
        }
        return json.append(']').toString();
    }

    private void point(String metric, RowBatch b, int i) {
        json.append("{\"metric\":\"").append(metric).append("\",\"timestamp\":").append(b.ts[i]).append(",\"value\":");
    }

    private void tags(RowBatch b, int i) {
        // OpenTSDB takes only letters, digits and -_./ in tag values: none needs JSON escaping, and
        // a name with other characters is refused by the server and counted as failed.
        json.append(",\"tags\":{\"devid\":\"").append(b.devid[i]).append("\",\"devname\":\"").append(b.devname[i])
                .append("\",\"devgroup\":\"").append(b.devgroup[i]).append("\"}}");
    }
}
