package org.tsdbbench.opentsdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.QueryFilesCheck;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.query.ResultSink;

/** What the OpenTSDB module does without a server: put bodies, query bodies, reshaping answers. */
class OpenTsdbOfflineTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void eachRowIsTwoPointsWithMillisecondTimestamps() throws Exception {
        RowBatch b = new RowBatch(1);
        b.add(7, "dev_7", 7, 1_563_249_700_123L, -3, 57.25f);
        JsonNode points = JSON.readTree(new PutRequestBuilder().build(b));
        assertEquals(2, points.size());
        assertEquals("temperature", points.get(0).get("metric").asText());
        assertEquals(1_563_249_700_123L, points.get(0).get("timestamp").asLong());
        assertEquals(-3, points.get(0).get("value").asInt());
        assertEquals(57.25, points.get(1).get("value").asDouble());
        assertEquals("7", points.get(1).get("tags").get("devgroup").asText());
    }

    /** {@code --option prebuild=true}: the put's body is encoded when prepared, in a request of its own a later refill leaves alone. */
    @Test
    void aPreparedPutHoldsItsEncodedBodyAndRequest() {
        RowBatch b = new RowBatch(2);
        b.add(7, "dev_7", 7, 1_563_249_700_123L, -3, 57.25f);
        b.add(8, "dev_8", 8, 1_563_249_700_123L, 4, 12.5f);
        String expected = new PutRequestBuilder().build(b);
        // No server: preparing sends nothing.
        OpenTsdbSession session = new OpenTsdbSession(null, URI.create("http://127.0.0.1:4242"), true, Duration.ofSeconds(5), URI.create("http://127.0.0.1:16030"));
        OpenTsdbSession.PreparedPut p = session.prepare(b);
        b.clear();
        b.add(9, "dev_9", 9, 1_563_249_701_000L, 1, 1f);
        session.prepare(b); // the session's next request, built by its reused builder
        assertEquals(expected, new String(p.body, StandardCharsets.UTF_8));
        assertEquals(2, p.rows());
        assertTrue(p.bytes() > p.body.length, p.bytes() + " bytes");
        assertEquals("POST", p.request.method());
        assertEquals("http://127.0.0.1:4242/api/put?details&sync&sync_timeout=60000", p.request.uri().toString());
        assertEquals(p.body.length, p.request.bodyPublisher().orElseThrow().contentLength());
    }

    @Test
    void queriesFilterExactlyTheGroupsBelowNAndAlignStart() throws Exception {
        WorkloadSpec spec = new WorkloadSpec(100, 120, 1_563_249_700_000L, 1);
        JsonNode avg = JSON.readTree(new OpenTsdbDialect().render(LogicalQuery.parse("q4.avg.p20"), spec).orElseThrow());
        assertEquals(1_563_249_660_000L, avg.get("start").asLong(), "start aligned to the minute");
        assertEquals(spec.endTs(), avg.get("end").asLong());
        assertEquals(2, avg.get("queries").size(), "avg is asked as sum and count");
        assertEquals("1m-sum", avg.get("queries").get(0).get("downsample").asText());
        Pattern groups = Pattern.compile(avg.get("queries").get(0).get("filters").get(0).get("filter").asText());
        for (int g = 0; g < 100; g++) assertEquals(g < 20, groups.matcher(Integer.toString(g)).matches(), "group " + g);
        assertTrue(new OpenTsdbDialect().render(LogicalQuery.parse("q2.stddev.p10"), spec).isEmpty());
    }

    @Test
    void answersAreCombinedIntoTheCatalogsRows() throws Exception {
        // q3 avg: sub-query 0 is the sum, 1 the count, one series per devgroup.
        String answer = "[{\"query\":{\"index\":0},\"tags\":{\"devgroup\":\"1\"},\"dps\":{\"0\":30}},"
                + "{\"query\":{\"index\":1},\"tags\":{\"devgroup\":\"1\"},\"dps\":{\"0\":4}},"
                + "{\"query\":{\"index\":0},\"tags\":{\"devgroup\":\"2\"},\"dps\":{\"0\":10}},"
                + "{\"query\":{\"index\":1},\"tags\":{\"devgroup\":\"2\"},\"dps\":{\"0\":5}}]";
        List<double[]> rows = shaped("q3.avg.p10", answer);
        assertEquals(2, rows.size());
        assertEquals(7.5, rows.get(0)[1]);
        assertEquals(2.0, rows.get(1)[1]);
        // q1: temperature and humidity series of one device joined on time.
        String read = "[{\"metric\":\"temperature\",\"tags\":{\"devid\":\"3\"},\"dps\":{\"1000\":5,\"2000\":6}},"
                + "{\"metric\":\"humidity\",\"tags\":{\"devid\":\"3\"},\"dps\":{\"1000\":50.5,\"2000\":51.5}}]";
        List<double[]> full = shaped("q1.g3", read);
        assertEquals(2, full.size());
        assertEquals(List.of(2000.0, 3.0, 6.0, 51.5), List.of(full.get(1)[0], full.get(1)[1], full.get(1)[2], full.get(1)[3]));
        // A point whose other metric never came still reaches the check, with NaN in its place.
        String half = "[{\"metric\":\"temperature\",\"tags\":{\"devid\":\"3\"},\"dps\":{\"1000\":5}}]";
        assertTrue(Double.isNaN(shaped("q1.g3", half).get(0)[3]));
    }

    /** An answer as the session reads it, through the dialect's shaper, as the check would receive it. */
    private static List<double[]> shaped(String id, String answer) throws Exception {
        List<double[]> rows = new ArrayList<>();
        ResultSink sink = new OpenTsdbDialect().shaper(LogicalQuery.parse(id)).shape(r -> rows.add(r.clone()));
        OpenTsdbSession.points(JSON.readTree(answer), sink);
        sink.end();
        return rows;
    }

    @Test
    void queryFilesAreTheRenderedCatalog() throws Exception {
        QueryFilesCheck.assertFilesMatchDialect(new OpenTsdbDatabase());
    }
}
