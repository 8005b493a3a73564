package org.tsdbbench.clickhouse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.iot.IotDialect;
import org.tsdbbench.common.iot.IotGenerator;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryCatalog;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotTag;
import org.tsdbbench.common.iot.IotWorkload;
import org.tsdbbench.common.iot.TableRows;
import org.tsdbbench.common.iot.TagModel;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.query.ResultSink;

/** The IoT trucks in the ClickHouse module without a server: the TabSeparated bodies, numbers, the tables, every query's SQL and row shape. */
class ClickHouseIotOfflineTest {

    private static final IotSpec SPEC = new IotSpec(10, IotSpec.DEFAULT_START_NS, IotSpec.DEFAULT_START_NS + Duration.ofHours(26).toNanos(),
            IotSpec.DEFAULT_INTERVAL_NS, IotSpec.DEFAULT_SEED);

    @Test
    void theModuleTakesBothWorkloadsAndStoresEachRecordsOwnTags() {
        ClickHouseDatabase db = new ClickHouseDatabase();
        assertTrue(db.descriptor().takes(IotWorkload.INSTANCE));
        assertEquals(TagModel.RECORD, IotDialect.of(db.dialect()).tagModel());
    }

    /** Each body line is a record of the batch: time in ns, its own eight tags (\N where it left one null), its fields (\N for NULL). */
    @Test
    void aBodyLineIsTheRecordInTableColumnOrder() throws Exception {
        IotRowSource source = new IotGenerator(SPEC).all();
        TruckBatch batch = new TruckBatch(source.trucks(), 20_000);
        IotTabSeparatedBuilder builder = new IotTabSeparatedBuilder();
        int nullTags = 0;
        int nullFields = 0;
        long records = 0;
        while (source.fill(batch, batch.capacity()) > 0) {
            for (IotTable table : IotTable.values()) {
                TableRows rows = batch.rows(table);
                String[] lines = builder.build(batch.trucks, rows).text().split("\n", -1);
                assertEquals(rows.size() + 1, lines.length, "a line per record, each ended by a newline");
                assertEquals("", lines[rows.size()]);
                for (int r = 0; r < rows.size(); r++) {
                    String[] cols = lines[r].split("\t", -1);
                    assertEquals(IotLayout.columns(table).size(), cols.length, lines[r]);
                    assertEquals(rows.ts[r], Long.parseLong(cols[0]));
                    for (IotTag tag : IotTag.values()) {
                        int code = rows.tagCode(batch.trucks, r, tag);
                        String col = cols[1 + tag.ordinal()];
                        if (code < 0) {
                            assertEquals("\\N", col, lines[r]);
                            nullTags++;
                        } else if (tag.numeric) {
                            assertEquals(batch.trucks.number(tag, code), Double.parseDouble(col), lines[r]);
                        } else {
                            assertEquals(batch.trucks.text(tag, code), col, lines[r]);
                        }
                    }
                    for (int f = 0; f < table.fieldCount(); f++) {
                        String col = cols[1 + IotTag.values().length + f];
                        double v = rows.field[f][r];
                        if (Double.isNaN(v)) {
                            assertEquals("\\N", col, lines[r]);
                            nullFields++;
                        } else if (table.isInteger(f)) {
                            assertEquals((long) v, Long.parseLong(col), lines[r]);
                        } else {
                            assertEquals(v, Double.parseDouble(col), lines[r]);
                            assertFalse(col.endsWith(".0"), "the fewest decimals: " + col);
                        }
                    }
                }
                records += rows.size();
            }
        }
        assertTrue(records > 0 && nullTags > 0 && nullFields > 0, records + " records, " + nullTags + " null tags, " + nullFields + " null fields");
    }

    private static String number(double v) {
        IotTabSeparatedBuilder b = new IotTabSeparatedBuilder();
        b.number(v);
        return new String(b.array(), 0, b.length(), StandardCharsets.US_ASCII);
    }

    @Test
    void doublesAreTheShortestDecimalThatReadsBack() {
        assertEquals("52.31854", number(52.31854));
        assertEquals("1500", number(1500));
        assertEquals("0", number(0));
        assertEquals("-0", number(-0.0));
        assertEquals("-0.005", number(-0.005));
        assertEquals("0.30000000000000004", number(0.1 + 0.2));
        assertEquals("1.0E20", number(1e20));
        assertEquals("inf", number(Double.POSITIVE_INFINITY));
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 20_000; i++) {
            double v = i % 2 == 0 ? Math.round(r.nextDouble(-1000, 1000) * 1e5) / 1e5 : Double.longBitsToDouble(r.nextLong());
            if (Double.isNaN(v) || Double.isInfinite(v)) continue;
            assertEquals(v, Double.parseDouble(number(v)), "text of " + v);
        }
    }

    @Test
    void textsAreEscapedForTabSeparated() {
        assertEquals("a\\tb\\nc\\\\d\\re", new String(IotTabSeparatedBuilder.escaped("a\tb\nc\\d\re"), StandardCharsets.UTF_8));
        assertEquals("Łódź", new String(IotTabSeparatedBuilder.escaped("Łódź"), StandardCharsets.UTF_8));
    }

    @Test
    void tablesHoldEachRecordsTagsAsNullableColumnsSortedByFleetTruckAndTime() {
        assertEquals("CREATE TABLE bench.diagnostics (ts Int64, name Nullable(String), fleet Nullable(String), driver Nullable(String),"
                + " model Nullable(String), device_version Nullable(String), load_capacity Nullable(Float64), fuel_capacity Nullable(Float64),"
                + " nominal_fuel_consumption Nullable(Float64), fuel_state Nullable(Float64), current_load Nullable(Float64), status Nullable(Int64))"
                + " ENGINE = MergeTree() ORDER BY (ifNull(fleet, ''), ifNull(name, ''), ts)", IotLayout.create("bench", IotTable.DIAGNOSTICS));
        assertTrue(IotLayout.create("bench", IotTable.READINGS).contains(", latitude Nullable(Float64), longitude Nullable(Float64),"
                + " elevation Nullable(Float64), velocity Nullable(Float64), heading Nullable(Float64), grade Nullable(Float64),"
                + " fuel_consumption Nullable(Float64))"));
        assertEquals(List.of("ts", "name", "fleet", "driver", "model", "device_version", "load_capacity", "fuel_capacity",
                "nominal_fuel_consumption", "fuel_state", "current_load", "status"), IotLayout.columns(IotTable.DIAGNOSTICS));
    }

    /** Every type of the catalog is said (none absent), with its fleet in the sort key's terms and its window in nanoseconds. */
    @Test
    void everyQueryIsRenderedWithItsParameters() {
        IotSpec spec = IotSpec.defaults();
        List<IotQuery> queries = IotQueryCatalog.draw(spec, IotQueryCatalog.generatedFleets(), 5, 1);
        assertEquals(IotQueryType.values().length, queries.size());
        ClickHouseDialect d = new ClickHouseDialect();
        for (IotQuery q : queries) {
            String sql = d.render(q, spec).orElseThrow(() -> new AssertionError(q.id() + " absent"));
            assertTrue(sql.contains(" FROM " + q.type().table().measurement), sql);
            if (q.fleet() != null) assertTrue(sql.contains("ifNull(fleet, '') = '" + q.fleet() + "'"), sql);
            if (q.type().window() != null) {
                assertTrue(sql.contains("ts >= " + q.windowStartMs() * 1_000_000L + " AND ts < " + (q.windowStartMs() + q.type().window().toMillis()) * 1_000_000L), sql);
            }
            assertFalse(sql.contains(" OVER "), "no window functions in 18.16: " + sql);
        }
        assertEquals("SELECT count(), max(latitude), min(latitude), avg(latitude) FROM readings WHERE ts >= 1451606400000000000"
                + " AND ts <= 1451736000000000000", d.render(IotQuery.of(IotQueryType.LATITUDE_STATS), spec).orElseThrow());
        assertEquals("SELECT name, driver, argMax(ifNull(longitude, nan), ts), argMax(ifNull(latitude, nan), ts) FROM readings"
                + " WHERE ifNull(fleet, '') = 'South' AND name IS NOT NULL GROUP BY name, driver",
                d.render(IotQuery.ofFleet(IotQueryType.LAST_LOC, "South"), spec).orElseThrow());
    }

    /** An empty batch is no request: nothing is sent (no server here), nothing acknowledged. */
    @Test
    void anEmptyBatchSendsNothing() throws Exception {
        TruckBatch empty = new TruckBatch(new IotGenerator(SPEC).trucks(), 10);
        ClickHouseSession s = new ClickHouseSession(null, "bench", "18.16.1", false);
        assertEquals(0, s.write(empty));
        assertEquals(0, s.prepare(empty).send());
    }

    /** {@code --option prebuild=true}: both bodies are encoded when prepared, into bytes a later refill of the batch leaves alone. */
    @Test
    void aPreparedRequestHoldsBothBodiesEncodedAhead() throws Exception {
        IotRowSource source = new IotGenerator(SPEC).all();
        TruckBatch batch = new TruckBatch(source.trucks(), 100);
        source.fill(batch, 100);
        String readings = new IotTabSeparatedBuilder().build(batch.trucks, batch.readings).text();
        String diagnostics = new IotTabSeparatedBuilder().build(batch.trucks, batch.diagnostics).text();
        ClickHouseSession s = new ClickHouseSession(null, "bench", "18.16.1", false);
        var p = s.prepare(batch);
        assertEquals(100, p.rows());
        assertEquals(128L + readings.length() + diagnostics.length(), p.bytes());
        source.fill(batch, 100);
        s.prepare(batch); // the session's next request, built in its reused buffers
        assertFalse(readings.equals(new IotTabSeparatedBuilder().build(batch.trucks, batch.readings).text()), "the batch was refilled");
    }

    /** A query's texts come first, then its values: the shaper hands the check each apart. */
    @Test
    void theShaperSplitsTextsFromValues() {
        List<String[]> texts = new ArrayList<>();
        List<double[]> values = new ArrayList<>();
        ResultSink sink = new ClickHouseDialect().shaper(IotQuery.of(IotQueryType.AVG_DAILY_DRIVING_SESSION)).shape(new ResultSink() {
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
        sink.row(new double[] {Double.NaN, 1451606400000.0, 1_800_000}, new String[] {"truck_3", null, null});
        sink.end();
        assertArrayEquals(new String[] {"truck_3"}, texts.get(0));
        assertArrayEquals(new double[] {1451606400000.0, 1_800_000}, values.get(0));
    }
}
