package org.tsdbbench.opentsdb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.tsdbbench.common.contract.DevopsQueriesContract;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.devops.DevopsQueryType;
import org.tsdbbench.common.devops.HostTags;

/** TSBS's DevOps hosts against the real OpenTSDB of scripts/servers/opentsdb.sh: the contract, and a host as stored. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OpenTsdbDevopsTest extends DevopsQueriesContract {

    @Override
    protected Database db() {
        return new OpenTsdbDatabase();
    }

    /** README, TSBS DevOps: a filter on a point's value; each series' latest point; ORDER BY ... LIMIT. */
    @Override
    protected Set<DevopsQueryType> absent() {
        return EnumSet.of(DevopsQueryType.HIGH_CPU_1, DevopsQueryType.HIGH_CPU_ALL, DevopsQueryType.LASTPOINT,
                DevopsQueryType.GROUPBY_ORDERBY_LIMIT);
    }

    /** After the contract's load: host_0's usage_user is one series of a point per row, with its eight kept tags. */
    @Test
    @Order(Integer.MAX_VALUE)
    void aHostIsOneSeriesPerMetricWithEightOfItsTags() throws Exception {
        String body = "{\"start\":" + SPEC.startNs() / 1_000_000L + ",\"end\":" + SPEC.endNs() / 1_000_000L
                + ",\"msResolution\":true,\"queries\":[{\"metric\":\"cpu.usage_user\",\"aggregator\":\"none\","
                + "\"downsample\":\"0all-count\",\"filters\":[{\"type\":\"literal_or\",\"tagk\":\"hostname\","
                + "\"filter\":\"host_0\",\"groupBy\":false}]}]}";
        URI query = URI.create("http://" + connection().single("OpenTSDB") + "/api/query");
        HttpRequest request = HttpRequest.newBuilder(query)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
        JsonNode answer = new ObjectMapper().readTree(response.body());
        assertEquals(1, answer.size(), "series of host_0's usage_user");
        Map<String, String> expected = new TreeMap<>();
        String[] tags = HostTags.generated(SPEC.seed(), 0);
        for (String key : CpuPutBuilder.KEPT_TAGS) expected.put(key, tags[HostTags.KEYS.indexOf(key)]);
        Map<String, String> stored = new TreeMap<>();
        answer.get(0).path("tags").fields().forEachRemaining(t -> stored.put(t.getKey(), t.getValue().asText()));
        assertEquals(expected, stored, "host_0's tags as stored");
        long points = 0;
        for (JsonNode v : answer.get(0).path("dps")) points += v.asLong();
        assertEquals(SPEC.epochs(), points, "host_0's usage_user points");
    }
}
