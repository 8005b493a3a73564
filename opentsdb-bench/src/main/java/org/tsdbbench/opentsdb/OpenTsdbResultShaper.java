package org.tsdbbench.opentsdb;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.query.QueryFamily;
import org.tsdbbench.common.query.ResultSink;

/**
 * Turns an {@code /api/query} answer (a list of series, each with its sub-query index, tags and
 * points) into the catalog's rows: q1 joins the temperature and humidity series of each device
 * point by point; q2..q4 take each sub-query's value per key (nothing, devgroup or minute) and
 * combine them (avg = sum / count, spread = max - min).
 */
final class OpenTsdbResultShaper {

    private OpenTsdbResultShaper() {
    }

    static void shape(LogicalQuery q, JsonNode answer, ResultSink sink) {
        if (q.family().returnsRows()) {
            fullRead(answer, sink);
            return;
        }
        List<OpenTsdbDialect.Part> parts = OpenTsdbDialect.parts(q).orElseThrow();
        // key -> value of each part
        TreeMap<Long, double[]> byKey = new TreeMap<>();
        for (JsonNode series : answer) {
            int part = series.path("query").path("index").asInt(0);
            for (Iterator<Map.Entry<String, JsonNode>> it = series.path("dps").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> dp = it.next();
                long key = switch (q.family()) {
                    case Q3_GROUP_BY_TAG -> Long.parseLong(series.path("tags").path("devgroup").asText());
                    case Q4_GROUP_BY_MINUTE -> Long.parseLong(dp.getKey());
                    default -> 0L;
                };
                double[] values = byKey.computeIfAbsent(key, k -> new double[parts.size()]);
                values[part] += dp.getValue().asDouble();
            }
        }
        double[] row = new double[q.family().returnsOneValue() ? 1 : 2];
        for (Map.Entry<Long, double[]> e : byKey.entrySet()) {
            double[] v = e.getValue();
            // Two parts are combined: avg = sum / count, spread = max - min.
            double value = v.length == 1 ? v[0] : q.function() == org.tsdbbench.common.query.Aggregate.AVG ? v[0] / v[1] : v[0] - v[1];
            if (row.length == 1) {
                row[0] = value;
            } else {
                row[0] = e.getKey();
                row[1] = value;
            }
            sink.row(row);
        }
    }

    /** Rows {@code ts, devid, temperature, humidity}: each device's two series joined on time. */
    private static void fullRead(JsonNode answer, ResultSink sink) {
        Map<String, JsonNode> humidity = new HashMap<>();
        for (JsonNode series : answer) {
            if (series.path("metric").asText().equals("humidity")) humidity.put(series.path("tags").path("devid").asText(), series.path("dps"));
        }
        double[] row = new double[4];
        for (JsonNode series : answer) {
            if (!series.path("metric").asText().equals("temperature")) continue;
            String devid = series.path("tags").path("devid").asText();
            JsonNode hum = humidity.get(devid);
            for (Iterator<Map.Entry<String, JsonNode>> it = series.path("dps").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> dp = it.next();
                row[0] = Long.parseLong(dp.getKey());
                row[1] = Double.parseDouble(devid);
                row[2] = dp.getValue().asDouble();
                JsonNode h = hum == null ? null : hum.get(dp.getKey());
                row[3] = h == null ? Double.NaN : h.asDouble();
                sink.row(row);
            }
        }
    }
}
