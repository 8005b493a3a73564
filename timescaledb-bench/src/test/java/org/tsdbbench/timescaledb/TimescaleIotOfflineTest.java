package org.tsdbbench.timescaledb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.iot.IotGenerator;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryCatalog;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotScenario;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.query.ResultSink;

/** The IoT side of the module without a server: times and numbers as written, the chunk interval, every query rendered, the shaper. */
class TimescaleIotOfflineTest {

    private static String nanos(long epochNs) {
        byte[] b = new byte[TimestampText.MAX_LENGTH];
        return new String(b, 0, new TimestampText().appendNanos(b, 0, epochNs), StandardCharsets.US_ASCII);
    }

    @Test
    void timesKeepTheirMicrosecondsAndRefuseNanoseconds() {
        assertEquals("2016-01-01 00:00:00+00", nanos(IotSpec.DEFAULT_START_NS));
        assertEquals("2016-01-01 00:00:10.500+00", nanos(IotSpec.DEFAULT_START_NS + 10_500_000_000L));
        assertEquals("2016-01-01 00:00:00.000001+00", nanos(IotSpec.DEFAULT_START_NS + 1_000));
        assertEquals("1969-12-31 23:59:59.999999+00", nanos(-1_000));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> nanos(IotSpec.DEFAULT_START_NS + 1));
        assertTrue(e.getMessage().contains("microseconds"), e.getMessage());
    }

    /** The requests the benchmark measures hold every record once, the tag sets numbered as a fresh table would. */
    @Test
    void requestsWithoutAServerHoldEveryRecordOnce() throws Exception {
        TruckBatch batch;
        try (var source = new IotGenerator(IotSpec.defaults()).all()) {
            batch = new TruckBatch(source.trucks(), 500);
            source.fill(batch, 500);
        }
        TimescaleIotRequests requests = new TimescaleIotRequests();
        TagIds ids = new TagIds();
        ids.numberLocally(batch);
        java.nio.ByteBuffer body = java.nio.ByteBuffer.wrap(new BinaryCopy().build(batch.readings, ids).copyOfBytes());
        // PostgreSQL's binary COPY: the signature, flags and extension; then each row; then -1.
        byte[] signature = new byte[11];
        body.get(signature);
        assertArrayEquals(new byte[] {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0}, signature);
        assertEquals(0, body.getInt());
        assertEquals(0, body.getInt());
        int rows = 0;
        for (short fields = body.getShort(); fields != -1; fields = body.getShort(), rows++) {
            assertEquals(2 + IotTable.READINGS.fieldCount(), fields);
            assertEquals(8, body.getInt());
            long micros = body.getLong();
            assertEquals(batch.readings.ts[rows] / 1000 - 946_684_800_000_000L, micros, "microseconds since 2000-01-01");
            assertEquals(4, body.getInt());
            // The first record's tag set is the first seen: id 1.
            int id = body.getInt();
            if (rows == 0) assertEquals(1, id);
            for (int f = 0; f < IotTable.READINGS.fieldCount(); f++) {
                int length = body.getInt();
                double v = batch.readings.field[f][rows];
                if (Double.isNaN(v)) {
                    assertEquals(-1, length, "a null field");
                } else {
                    assertEquals(8, length);
                    assertEquals(v, body.getDouble());
                }
            }
        }
        assertEquals(batch.readings.size(), rows);
        assertEquals(0, body.remaining());
        assertTrue(requests.copy(batch) > body.capacity(), "both tables' bodies");
        String insert = requests.insert(batch);
        assertTrue(insert.startsWith("INSERT INTO readings (") && insert.contains(";INSERT INTO diagnostics ("), insert.substring(0, 200));
        assertEquals(batch.size(), insert.split("\\),\\(|VALUES \\(", -1).length - 1, "one parenthesised row per record");
    }

    private static String number(double v) {
        TextBuffer t = new TextBuffer();
        t.number(v);
        return t.text();
    }

    @Test
    void doublesAreTheShortestDecimalThatReadsBack() {
        assertEquals("52.31854", number(52.31854));
        assertEquals("0", number(0));
        assertEquals("-0.5", number(-0.5));
        assertEquals("-0.00001", number(-0.00001));
        assertEquals("1500", number(1500));
        assertEquals("0.30000000000000004", number(0.1 + 0.2));
        assertEquals("1.0E20", number(1e20));
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 20_000; i++) {
            double v = i % 2 == 0 ? Math.round(r.nextDouble(-1000, 1000) * 1e5) / 1e5 : Double.longBitsToDouble(r.nextLong());
            if (Double.isNaN(v)) continue;
            assertEquals(v, Double.parseDouble(number(v)), "text of " + v);
        }
    }

    @Test
    void chunksAreReportCsForItsScenariosAndSpanOverTwelveElse() {
        for (IotScenario s : IotScenario.PUBLISHED) assertEquals(s.timescaleChunkInterval().toMillis(), IotTables.chunkIntervalMillis(s.spec()), s.name());
        // 100 trucks for 120 days: the span's twelfth (10 days) holds more than a million readings.
        IotSpec long120 = IotSpec.of(100, "2016-01-01T00:00:00Z", "2016-04-30T00:00:00Z", Duration.ofSeconds(10), 1);
        assertEquals(Duration.ofDays(10).toMillis(), IotTables.chunkIntervalMillis(long120));
        // The default data set: a million readings of 20 trucks take 50,000 ticks of 10 s.
        assertEquals(Duration.ofSeconds(500_000).toMillis(), IotTables.chunkIntervalMillis(IotSpec.defaults()));
    }

    @Test
    void everyQueryIsRenderedWithItsParameters() {
        IotSpec spec = IotSpec.defaults();
        List<IotQuery> queries = IotQueryCatalog.draw(spec, IotQueryCatalog.generatedFleets(), 5, 1);
        assertEquals(IotQueryType.values().length, queries.size());
        TimescaleDialect d = new TimescaleDialect();
        for (IotQuery q : queries) {
            String sql = d.render(q, spec).orElseThrow();
            if (q.fleet() != null) assertTrue(sql.contains("t.fleet = '" + q.fleet() + "'"), sql);
            if (q.type().window() != null) {
                assertTrue(sql.contains("r.time >= '" + TimestampText.of(q.windowStartMs()) + "' AND r.time < '"
                        + TimestampText.of(q.windowStartMs() + q.type().window().toMillis()) + "'"), sql);
            }
        }
        IotQuery stats = queries.stream().filter(q -> q.type() == IotQueryType.LATITUDE_STATS).findFirst().orElseThrow();
        assertEquals("SELECT count(*), max(latitude), min(latitude), avg(latitude) FROM readings WHERE time >= '2016-01-01T00:00:00Z'"
                + " AND time <= '2016-01-02T12:00:00Z'", d.render(stats, spec).orElseThrow());
    }

    /** An empty batch is no request: nothing is sent (no server here), nothing acknowledged. */
    @Test
    void anEmptyBatchSendsNothing() throws Exception {
        TruckBatch empty = new TruckBatch(new IotGenerator(IotSpec.defaults()).trucks(), 10);
        for (WriteMode m : List.of(WriteMode.COPY, WriteMode.MULTIROW)) {
            TimescaleSession s = new TimescaleSession(null, m, false);
            assertEquals(0, s.write(empty), m.name());
            assertEquals(0, s.prepare(empty).send(), m.name());
        }
    }

    /** A query's texts come first, then its values: the shaper hands the check each apart. */
    @Test
    void theShaperSplitsTextsFromValues() {
        List<String[]> texts = new ArrayList<>();
        List<double[]> values = new ArrayList<>();
        ResultSink sink = new TimescaleDialect().shaper(IotQuery.of(IotQueryType.AVG_LOAD)).shape(new ResultSink() {
            @Override
            public void row(double[] v) {
                throw new AssertionError("texts expected");
            }

            @Override
            public void row(double[] v, String[] t) {
                values.add(v.clone());
                texts.add(t.clone());
            }
        });
        sink.row(new double[] {Double.NaN, Double.NaN, 1500, 0.25}, new String[] {"South", null, null, null});
        sink.end();
        assertArrayEquals(new String[] {"South", null}, texts.get(0));
        assertArrayEquals(new double[] {1500, 0.25}, values.get(0));
    }
}
