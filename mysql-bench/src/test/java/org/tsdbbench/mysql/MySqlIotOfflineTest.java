package org.tsdbbench.mysql;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.db.DatabaseException;
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

/** The IoT side of the module without a server: the request text, the tag sets, the schema, every query rendered in MariaDB's SQL, the shaper. */
class MySqlIotOfflineTest {

    private static final IotSpec SPEC = IotSpec.defaults();

    /** The default data set's first records, enough to hold both tables, null fields and null tags. */
    private static TruckBatch records(int n) throws Exception {
        try (IotRowSource source = new IotGenerator(SPEC).all()) {
            TruckBatch batch = new TruckBatch(source.trucks(), n);
            source.fill(batch, n);
            return batch;
        }
    }

    @Test
    void theModuleTakesTheTrucksWithEachRecordsOwnTags() {
        MySqlDatabase db = new MySqlDatabase();
        assertTrue(db.descriptor().takes(IotWorkload.INSTANCE));
        assertEquals(TagModel.RECORD, IotDialect.of(db.dialect()).tagModel());
        // No published IoT report wrote MySQL: its path is published for the devices only.
        assertTrue(db.descriptor().writePaths().stream().noneMatch(p -> p.publishedFor("iot")), db.descriptor().writePaths().toString());
    }

    /** Every row of the table in the INSERT: time in ns, tags row id, fields; NULL for a NaN field, status a whole number. */
    @Test
    void anInsertHoldsEveryRecordOfItsTable() throws Exception {
        TruckBatch batch = records(5_000);
        IotInsertBuilder.Ids ids = IotInsertBuilder.numberedIds(batch);
        IotInsertBuilder builder = new IotInsertBuilder();
        boolean sawNull = false;
        for (TableRows rows : List.of(batch.readings, batch.diagnostics)) {
            assertTrue(rows.size() > 0, rows.table.measurement);
            String sql = builder.build(rows, ids);
            String prefix = "INSERT INTO " + rows.table.measurement + " (ts,tags_id," + String.join(",", rows.table.fields()) + ") VALUES (";
            assertTrue(sql.startsWith(prefix), sql.substring(0, 120));
            String[] tuples = sql.substring(prefix.length(), sql.length() - 1).split("\\),\\(");
            assertEquals(rows.size(), tuples.length, rows.table.measurement);
            for (int r = 0; r < rows.size(); r++) {
                String[] v = tuples[r].split(",");
                assertEquals(2 + rows.table.fieldCount(), v.length, tuples[r]);
                assertEquals(rows.ts[r], Long.parseLong(v[0]), tuples[r]);
                assertEquals(ids.id(rows, r), Integer.parseInt(v[1]), tuples[r]);
                for (int f = 0; f < rows.table.fieldCount(); f++) {
                    double expected = rows.field[f][r];
                    if (Double.isNaN(expected)) {
                        assertEquals("NULL", v[2 + f], tuples[r]);
                        sawNull = true;
                    } else if (rows.table.isInteger(f)) {
                        assertEquals(String.valueOf((long) expected), v[2 + f], tuples[r]);
                    } else {
                        assertEquals(expected, Double.parseDouble(v[2 + f]), tuples[r]);
                    }
                }
            }
        }
        assertTrue(sawNull, "TSBS's null fields among 5,000 records");
    }

    @Test
    void aTableWithoutRecordsHasNoInsert() throws Exception {
        TruckBatch batch = records(1);
        TableRows empty = batch.readings.size() == 0 ? batch.readings : batch.diagnostics;
        assertNull(new IotInsertBuilder().build(empty, IotInsertBuilder.numberedIds(batch)));
    }

    /** Ids per (truck, null tag): the same truck with a tag left null is another tags row. */
    @Test
    void recordsLeavingATagNullHaveTagsRowsOfTheirOwn() throws Exception {
        TruckBatch batch = records(20_000);
        IotInsertBuilder.Ids ids = IotInsertBuilder.numberedIds(batch);
        TableRows rows = batch.readings;
        int nulled = -1;
        for (int r = 0; r < rows.size() && nulled < 0; r++) if (rows.nullTag[r] != TableRows.NO_NULL) nulled = r;
        assertTrue(nulled >= 0, "a record with a null tag among 20,000");
        for (int r = 0; r < rows.size(); r++) {
            if (rows.truck[r] == rows.truck[nulled] && rows.nullTag[r] == TableRows.NO_NULL) {
                assertFalse(ids.id(rows, r) == ids.id(rows, nulled), "truck " + rows.truck[r] + " with and without tag " + rows.nullTag[nulled]);
                return;
            }
        }
        throw new AssertionError("no record of the same truck with all its tags");
    }

    @Test
    void aTagSetsTextIsUnambiguousAndQuotedForMariaDb() throws Exception {
        TruckBatch batch = records(100);
        int truck = batch.readings.truck[0];
        String all = TagIds.tagSet(batch.trucks, truck, TableRows.NO_NULL);
        String noName = TagIds.tagSet(batch.trucks, truck, (byte) IotTag.NAME.ordinal());
        String noDriver = TagIds.tagSet(batch.trucks, truck, (byte) IotTag.DRIVER.ordinal());
        assertTrue(all.startsWith("V" + ("truck_" + batch.trucks.code(truck, IotTag.NAME)).length() + ":truck_"), all);
        assertTrue(noName.startsWith("NV"), noName);
        assertEquals(3, List.of(all, noName, noDriver).stream().distinct().count());
        StringBuilder sql = new StringBuilder();
        TagIds.quote(sql, "it's a \\ back");
        assertEquals("'it\\'s a \\\\ back'", sql.toString());
    }

    @Test
    void theSchemaIsTagsRowsAndTwoTablesClusteredByTagsRowAndTime() {
        List<String> ddl = IotSchema.create();
        assertEquals(3, ddl.size());
        assertTrue(ddl.get(0).startsWith("CREATE TABLE tags (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, tag_set VARBINARY(2048) NOT NULL, name VARCHAR(64)"), ddl.get(0));
        assertTrue(ddl.get(0).contains("UNIQUE KEY tag_set (tag_set)"), ddl.get(0));
        assertEquals("CREATE TABLE readings (ts BIGINT NOT NULL, tags_id INT NOT NULL, latitude DOUBLE, longitude DOUBLE, elevation DOUBLE,"
                + " velocity DOUBLE, heading DOUBLE, grade DOUBLE, fuel_consumption DOUBLE, id BIGINT NOT NULL AUTO_INCREMENT,"
                + " PRIMARY KEY (tags_id, ts, id), KEY id (id)) ENGINE=InnoDB", ddl.get(1));
        assertEquals("CREATE TABLE diagnostics (ts BIGINT NOT NULL, tags_id INT NOT NULL, fuel_state DOUBLE, current_load DOUBLE, status BIGINT,"
                + " id BIGINT NOT NULL AUTO_INCREMENT, PRIMARY KEY (tags_id, ts, id), KEY id (id)) ENGINE=InnoDB", ddl.get(2));
        assertEquals(List.of("DROP TABLE IF EXISTS readings", "DROP TABLE IF EXISTS diagnostics", "DROP TABLE IF EXISTS tags"), IotSchema.drop());
    }

    @Test
    void everyQueryIsRenderedInMariaDbsSql() {
        List<IotQuery> queries = IotQueryCatalog.draw(SPEC, IotQueryCatalog.generatedFleets(), 5, 1);
        assertEquals(IotQueryType.values().length, queries.size());
        MySqlDialect d = new MySqlDialect();
        for (IotQuery q : queries) {
            String sql = d.render(q, SPEC).orElseThrow(() -> new AssertionError(q.id() + " absent"));
            String upper = sql.toUpperCase(Locale.ROOT);
            // What MariaDB 10.11 lacks, and PostgreSQL's spellings.
            for (String missing : List.of("LATERAL", "DISTINCT ON", "FILTER (", "TIME_BUCKET", "::", "EXTRACT(", "INTERVAL")) {
                assertFalse(upper.contains(missing), q.id() + " uses " + missing + ": " + sql);
            }
            if (q.fleet() != null) assertTrue(sql.contains("t.fleet = '" + q.fleet() + "'"), sql);
            if (q.type().window() != null) {
                assertTrue(sql.contains("r.ts >= " + q.windowStartNs() + " AND r.ts < " + q.windowEndNs()), sql);
                assertEquals(q.windowStartMs() * 1_000_000L + q.type().window().toNanos(), q.windowEndNs());
            }
            assertEquals(count(sql, '('), count(sql, ')'), sql);
        }
        IotQuery stats = queries.stream().filter(q -> q.type() == IotQueryType.LATITUDE_STATS).findFirst().orElseThrow();
        assertEquals("SELECT COUNT(*), MAX(latitude), MIN(latitude), AVG(latitude) FROM readings WHERE ts >= 1451606400000000000"
                + " AND ts <= 1451736000000000000", d.render(stats, SPEC).orElseThrow());
        assertEquals("SELECT COUNT(*) FROM readings", d.render(IotQuery.of(IotQueryType.READINGS_COUNT), SPEC).orElseThrow());
    }

    /** The latest record per (name, driver): from the index's latest time per tags row, then the latest of a (name, driver)'s rows. */
    @Test
    void theLatestRecordQueriesUseTheIndexAndRowNumber() {
        MySqlDialect d = new MySqlDialect();
        String lowFuel = d.render(IotQuery.ofFleet(IotQueryType.LOW_FUEL, "South"), SPEC).orElseThrow();
        assertEquals("SELECT name, driver, fuel_state FROM (SELECT t.name, t.driver, d.fuel_state,"
                + " ROW_NUMBER() OVER (PARTITION BY t.name, t.driver ORDER BY d.ts DESC) AS rn"
                + " FROM (SELECT tags_id, MAX(ts) AS ts FROM diagnostics GROUP BY tags_id) m STRAIGHT_JOIN tags t ON t.id = m.tags_id"
                + " STRAIGHT_JOIN diagnostics d ON d.tags_id = m.tags_id AND d.ts = m.ts WHERE t.name IS NOT NULL AND t.fleet = 'South') latest"
                + " WHERE rn = 1 AND fuel_state < 0.1e0", lowFuel);
        String highLoad = d.render(IotQuery.ofFleet(IotQueryType.HIGH_LOAD, "North"), SPEC).orElseThrow();
        assertTrue(highLoad.startsWith("SELECT name, driver, current_load FROM"), highLoad);
        assertTrue(highLoad.endsWith("WHERE rn = 1 AND current_load / load_capacity > 0.9e0"), highLoad);
    }

    @Test
    void countsOverBucketsAreDoublesAndDaysAreEpochMilliseconds() {
        MySqlDialect d = new MySqlDialect();
        String duration = d.render(IotQuery.of(IotQueryType.AVG_DAILY_DRIVING_DURATION), SPEC).orElseThrow();
        assertTrue(duration.contains("COUNT(*) / 6e0 AS hours"), duration);
        assertTrue(duration.contains("r.ts DIV 600000000000 AS bucket"), duration);
        String activity = d.render(IotQuery.of(IotQueryType.DAILY_ACTIVITY), SPEC).orElseThrow();
        assertTrue(activity.contains("bucket DIV 144 * 86400000 AS day_ms, COUNT(*) / 144e0"), activity);
        String breakdowns = d.render(IotQuery.of(IotQueryType.BREAKDOWN_FREQUENCY), SPEC).orElseThrow();
        assertTrue(breakdowns.contains("2 * SUM(d.status = 0) >= COUNT(*) AS broken"), breakdowns);
    }

    private static long count(String s, char c) {
        return s.chars().filter(x -> x == c).count();
    }

    /** An empty batch is no request: nothing is sent (no server here), nothing acknowledged. */
    @Test
    void anEmptyBatchSendsNothing() throws Exception {
        TruckBatch empty = new TruckBatch(new IotGenerator(SPEC).trucks(), 10);
        MySqlSession s = new MySqlSession(null, MySqlSession.WriteMode.MULTIROW);
        assertEquals(0, s.write(empty));
        assertEquals(0, s.prepare(empty).send());
    }

    @Test
    void batchModeSaysItDoesNotTakeTheTrucks() throws Exception {
        TruckBatch batch = records(10);
        MySqlSession s = new MySqlSession(null, MySqlSession.WriteMode.BATCH);
        DatabaseException e = assertThrows(DatabaseException.class, () -> s.write(batch));
        assertTrue(e.getMessage().contains("writeMode=batch does not take the iot workload"), e.getMessage());
    }

    /** A query's texts come first, then its values: the shaper hands the check each apart. */
    @Test
    void theShaperSplitsTextsFromValues() {
        List<String[]> texts = new ArrayList<>();
        List<double[]> values = new ArrayList<>();
        ResultSink sink = new MySqlDialect().shaper(IotQuery.of(IotQueryType.AVG_LOAD)).shape(new ResultSink() {
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
