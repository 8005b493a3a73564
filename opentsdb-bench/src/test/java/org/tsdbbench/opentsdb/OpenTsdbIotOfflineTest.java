package org.tsdbbench.opentsdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.iot.IotGenerator;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotTag;
import org.tsdbbench.common.iot.TableRows;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.query.ResultSink;

/** What the OpenTSDB module does with the IoT trucks without a server: put bodies, query bodies, combining answers. */
class OpenTsdbIotOfflineTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final IotSpec SPEC = IotSpec.defaults();

    private static TruckBatch firstRecords(int n) throws Exception {
        try (IotRowSource all = new IotGenerator(SPEC).all()) {
            TruckBatch batch = new TruckBatch(all.trucks(), n);
            all.fill(batch, n);
            return batch;
        }
    }

    @Test
    void aRecordIsAPointPerFieldPresentAndARecordPointWithItsOwnTags() throws Exception {
        TruckBatch batch = firstRecords(20_000);
        IotPutBuilder builder = new IotPutBuilder();
        JsonNode points = JSON.readTree(builder.build(batch));
        assertEquals(builder.points(), points.size());
        long expected = 0;
        boolean sawNullField = false;
        boolean sawNullTag = false;
        for (IotTable t : IotTable.values()) {
            TableRows rows = batch.rows(t);
            for (int r = 0; r < rows.size(); r++) {
                expected++; // the record point
                for (int f = 0; f < t.fieldCount(); f++) if (!rows.isNull(r, f)) expected++;
            }
        }
        assertEquals(expected, points.size());
        for (JsonNode p : points) {
            String metric = p.get("metric").asText();
            long ts = p.get("timestamp").asLong();
            assertEquals(0, ts % 10_000, "millisecond times of the 10 s ticks: " + p);
            if (metric.endsWith(".record")) {
                long v = p.get("value").asLong();
                assertEquals(ts, IotPutBuilder.recordTime(v));
                sawNullField |= IotPutBuilder.recordNullField(v) >= 0;
            }
            sawNullTag |= p.get("tags").size() < IotTag.values().length;
            p.get("tags").fields().forEachRemaining(e -> assertFalse(e.getValue().asText().isEmpty(), p.toString()));
        }
        assertTrue(sawNullField && sawNullTag, "the first records hold TSBS's nulls");
    }

    @Test
    void recordsAreAcknowledgedWhenEveryPointWasStored() throws Exception {
        JsonNode all = JSON.readTree("{\"success\":12,\"failed\":0,\"errors\":[]}");
        assertEquals(2, OpenTsdbSession.acknowledgedRecords(all, 2, 12));
        // Two failed points of one record (same table, time and tags, tags in another order) fail that record only.
        JsonNode two = JSON.readTree("{\"success\":10,\"failed\":2,\"errors\":["
                + "{\"datapoint\":{\"metric\":\"readings.velocity\",\"timestamp\":1000,\"tags\":{\"name\":\"truck_1\",\"fleet\":\"East\"}}},"
                + "{\"datapoint\":{\"metric\":\"readings.record\",\"timestamp\":1000,\"tags\":{\"fleet\":\"East\",\"name\":\"truck_1\"}}}]}");
        assertEquals(1, OpenTsdbSession.acknowledgedRecords(two, 2, 12));
        // Failed points without the list: each taken to fail a record of its own.
        JsonNode bare = JSON.readTree("{\"success\":11,\"failed\":1}");
        assertEquals(1, OpenTsdbSession.acknowledgedRecords(bare, 2, 12));
    }

    @Test
    void queriesKeepSeriesApartAndFilterNamesAndFleets() throws Exception {
        JsonNode last = JSON.readTree(new OpenTsdbDialect().render(IotQuery.ofFleet(IotQueryType.LAST_LOC, "East"), SPEC).orElseThrow());
        assertEquals(3, last.get("queries").size());
        for (JsonNode sub : last.get("queries")) {
            assertEquals("none", sub.get("aggregator").asText());
            assertEquals("regexp", sub.get("filters").get(0).get("type").asText());
            assertEquals("^East$", sub.get("filters").get(0).get("filter").asText());
            assertEquals("wildcard", sub.get("filters").get(1).get("type").asText());
        }
        assertEquals("readings.record", last.get("queries").get(0).get("metric").asText());
        assertEquals(SPEC.endNs() / 1_000_000, last.get("end").asLong(), "0all takes [start, end)");
        JsonNode duration = JSON.readTree(new OpenTsdbDialect().render(IotQuery.of(IotQueryType.AVG_DAILY_DRIVING_DURATION), SPEC).orElseThrow());
        assertEquals("10m-sum", duration.get("queries").get(0).get("downsample").asText());
        assertFalse(duration.get("queries").get(0).has("filters"), "a null name counts there");
        assertTrue(new OpenTsdbDialect().render(IotQuery.of(IotQueryType.AVG_VS_PROJECTED_FUEL_CONSUMPTION), SPEC).isEmpty());
        assertTrue(new OpenTsdbDialect().render(IotQuery.of(IotQueryType.BREAKDOWN_FREQUENCY), SPEC).isEmpty());
    }

    /** The latest record of (name, driver) is in the series whose record point is greatest; a field it left null is NULL. */
    @Test
    void lastLocTakesTheLatestRecordAcrossTheGroupsSeries() throws Exception {
        long older = IotPutBuilder.recordValue(1_000, -1);
        long newer = IotPutBuilder.recordValue(2_000, IotTable.LONGITUDE);
        String answer = "[{\"query\":{\"index\":0},\"tags\":{\"name\":\"truck_1\",\"driver\":\"Seth\",\"model\":\"H-2\"},\"dps\":{\"0\":" + older + "}},"
                + "{\"query\":{\"index\":1},\"tags\":{\"name\":\"truck_1\",\"driver\":\"Seth\",\"model\":\"H-2\"},\"dps\":{\"0\":10.5}},"
                + "{\"query\":{\"index\":2},\"tags\":{\"name\":\"truck_1\",\"driver\":\"Seth\",\"model\":\"H-2\"},\"dps\":{\"0\":20.5}},"
                + "{\"query\":{\"index\":0},\"tags\":{\"name\":\"truck_1\",\"driver\":\"Seth\"},\"dps\":{\"0\":" + newer + "}},"
                + "{\"query\":{\"index\":1},\"tags\":{\"name\":\"truck_1\",\"driver\":\"Seth\"},\"dps\":{\"0\":11.5}},"
                + "{\"query\":{\"index\":2},\"tags\":{\"name\":\"truck_1\",\"driver\":\"Seth\"},\"dps\":{\"0\":21.5}}]";
        List<Object[]> rows = shaped(IotQuery.ofFleet(IotQueryType.LAST_LOC, "East"), answer);
        assertEquals(1, rows.size());
        double[] values = (double[]) rows.get(0)[0];
        assertTrue(Double.isNaN(values[0]), "the latest record has no longitude");
        assertEquals(21.5, values[1]);
        assertEquals(List.of("truck_1", "Seth"), List.of((String[]) rows.get(0)[1]));
    }

    /** Per bucket the group's series are summed before the average decides; buckets are counted per (name, driver). */
    @Test
    void avgLoadCombinesSeriesPerNameThenAveragesNames() throws Exception {
        String tags1 = "{\"name\":\"truck_1\",\"fleet\":\"East\",\"model\":\"H-2\",\"load_capacity\":\"2000\"}";
        String tags2 = "{\"name\":\"truck_2\",\"fleet\":\"East\",\"model\":\"H-2\",\"load_capacity\":\"2000\"}";
        String answer = "[{\"query\":{\"index\":0},\"tags\":" + tags1 + ",\"dps\":{\"0\":3}},"
                + "{\"query\":{\"index\":1},\"tags\":" + tags1 + ",\"dps\":{\"0\":3000}},"
                + "{\"query\":{\"index\":2},\"tags\":" + tags1 + ",\"dps\":{\"0\":3}},"
                + "{\"query\":{\"index\":0},\"tags\":" + tags2 + ",\"dps\":{\"0\":1}}]";
        List<Object[]> rows = shaped(IotQuery.of(IotQueryType.AVG_LOAD), answer);
        assertEquals(1, rows.size());
        double[] values = (double[]) rows.get(0)[0];
        assertEquals(2000, values[0]);
        assertEquals(0.5, values[1], "truck_2 has no current_load: the average is truck_1's alone");
    }

    private static List<Object[]> shaped(IotQuery q, String answer) throws Exception {
        List<Object[]> rows = new ArrayList<>();
        ResultSink sink = new OpenTsdbDialect().shaper(q).shape(new ResultSink() {
            @Override
            public void row(double[] values) {
                throw new AssertionError("rows come with their texts");
            }

            @Override
            public void row(double[] values, String[] texts) {
                rows.add(new Object[] {values.clone(), texts.clone()});
            }
        });
        OpenTsdbSession.points(JSON.readTree(answer), sink);
        sink.end();
        return rows;
    }
}
