package org.tsdbbench.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tsdbbench.cassandra.bench.CassandraIotRequestBuild;
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

/** The IoT trucks in the Cassandra module without a server: the tables, the bound INSERTs, every query's CQL and the combining of its groups. */
class CassandraIotOfflineTest {

    private static final IotSpec SPEC = new IotSpec(10, IotSpec.DEFAULT_START_NS, IotSpec.DEFAULT_START_NS + Duration.ofHours(26).toNanos(),
            IotSpec.DEFAULT_INTERVAL_NS, IotSpec.DEFAULT_SEED);

    @Test
    void theModuleTakesBothWorkloadsAndStoresEachRecordsOwnTags() {
        CassandraDatabase db = new CassandraDatabase();
        assertTrue(db.descriptor().takes(IotWorkload.INSTANCE));
        assertEquals(TagModel.SERIES, IotDialect.of(db.dialect()).tagModel());
    }

    @Test
    void tablesKeyEachRecordByFleetItsOtherTagsAndTimeNewestFirst() {
        assertEquals("CREATE TABLE bench.diagnostics (fleet text, name text, driver text, model text, device_version text, load_capacity double,"
                + " fuel_capacity double, nominal_fuel_consumption double, ts timestamp, fuel_state double, current_load double, status bigint,"
                + " PRIMARY KEY ((fleet), name, driver, model, device_version, load_capacity, fuel_capacity, nominal_fuel_consumption, ts))"
                + " WITH CLUSTERING ORDER BY (name ASC, driver ASC, model ASC, device_version ASC, load_capacity ASC, fuel_capacity ASC,"
                + " nominal_fuel_consumption ASC, ts DESC)", IotCql.create("bench", IotTable.DIAGNOSTICS));
        assertTrue(IotCql.create("bench", IotTable.READINGS).contains(", ts timestamp, latitude double, longitude double, elevation double,"
                + " velocity double, heading double, grade double, fuel_consumption double, PRIMARY KEY"), IotCql.create("bench", IotTable.READINGS));
        assertEquals("INSERT INTO bench.diagnostics (fleet, name, driver, model, device_version, load_capacity, fuel_capacity,"
                + " nominal_fuel_consumption, ts, fuel_state, current_load, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                IotCql.insert("bench", IotTable.DIAGNOSTICS));
    }

    /**
     * Every record of a generated data set bound as its table's INSERT, in one UNLOGGED batch per
     * table and fleet: its own tags (a null text tag as '', a null fleet as one NUL, a null numeric one as NaN), its time in
     * ms, its fields (a null one unset: no cell written).
     */
    @Test
    void everyRecordIsBoundInOneBatchPerTableAndFleet() throws Exception {
        var readings = CassandraIotRequestBuild.offlineInsert(IotTable.READINGS);
        var diagnostics = CassandraIotRequestBuild.offlineInsert(IotTable.DIAGNOSTICS);
        int nullTags = 0;
        int nullFields = 0;
        long records = 0;
        try (IotRowSource source = new IotGenerator(SPEC).all()) {
            TruckBatch batch = new TruckBatch(source.trucks(), 5_000);
            while (source.fill(batch, batch.capacity()) > 0) {
                List<Integer> rowsOf = new ArrayList<>();
                List<Statement<?>> statements = CassandraIotBatchBuilder.statements(readings, diagnostics, batch, true, rowsOf);
                assertEquals(statements.size(), rowsOf.size());
                assertEquals(batch.size(), rowsOf.stream().mapToInt(Integer::intValue).sum());
                List<BoundStatement> bound = new ArrayList<>();
                for (Statement<?> st : statements) {
                    BatchStatement b = assertInstanceOf(BatchStatement.class, st);
                    assertEquals(BatchType.UNLOGGED, b.getBatchType());
                    String fleet = null;
                    for (BatchableStatement<?> one : b) {
                        BoundStatement row = assertInstanceOf(BoundStatement.class, one);
                        if (fleet == null) fleet = row.getString("fleet");
                        assertEquals(fleet, row.getString("fleet"), "one partition a batch");
                        bound.add(row);
                    }
                }
                // Readings first, then diagnostics; each table's records grouped by fleet: match them by (table, time, fleet, name).
                int next = 0;
                for (IotTable table : IotTable.values()) {
                    TableRows rows = batch.rows(table);
                    List<BoundStatement> ofTable = bound.subList(next, next + rows.size());
                    next += rows.size();
                    for (int r = 0; r < rows.size(); r++) {
                        BoundStatement row = find(ofTable, batch, rows, r);
                        for (IotTag tag : IotTag.values()) {
                            int code = rows.tagCode(batch.trucks, r, tag);
                            if (code < 0) nullTags++;
                            if (tag.numeric) {
                                assertEquals(code < 0 ? Double.NaN : batch.trucks.number(tag, code), row.getDouble(tag.key));
                            } else {
                                String text = batch.trucks.text(tag, code);
                                // A null tag is '', but a partition key may not be empty: a null fleet is one NUL.
                                assertEquals(text != null ? text : tag == IotTag.FLEET ? "\u0000" : "", row.getString(tag.key));
                            }
                        }
                        for (int f = 0; f < table.fieldCount(); f++) {
                            String field = table.fields().get(f);
                            if (rows.isNull(r, f)) {
                                assertFalse(row.isSet(field), field + " unset");
                                nullFields++;
                            } else if (table.isInteger(f)) {
                                assertEquals((long) rows.field[f][r], row.getLong(field));
                            } else {
                                assertEquals(rows.field[f][r], row.getDouble(field));
                            }
                        }
                    }
                    records += rows.size();
                }
            }
        }
        assertTrue(records > 0 && nullTags > 0 && nullFields > 0, records + " records, " + nullTags + " null tags, " + nullFields + " null fields");
    }

    /** The bound INSERT of record r: the one of its time whose tags are the record's. */
    private static BoundStatement find(List<BoundStatement> bound, TruckBatch batch, TableRows rows, int r) {
        long ms = rows.ts[r] / 1_000_000L;
        String name = batch.trucks.text(IotTag.NAME, rows.tagCode(batch.trucks, r, IotTag.NAME));
        String driver = batch.trucks.text(IotTag.DRIVER, rows.tagCode(batch.trucks, r, IotTag.DRIVER));
        for (BoundStatement b : bound) {
            if (b.getInstant("ts").toEpochMilli() == ms && b.getString("name").equals(name == null ? "" : name)
                    && b.getString("driver").equals(driver == null ? "" : driver)) {
                return b;
            }
        }
        throw new AssertionError("no INSERT of " + rows.table.measurement + " record " + r + " at " + ms + " ms");
    }

    /** In async mode every record is an INSERT of its own. */
    @Test
    void asyncModeBindsOneInsertPerRecord() throws Exception {
        try (IotRowSource source = new IotGenerator(SPEC).all()) {
            TruckBatch batch = new TruckBatch(source.trucks(), 100);
            source.fill(batch, 100);
            List<Integer> rowsOf = new ArrayList<>();
            List<Statement<?>> statements = CassandraIotBatchBuilder.statements(CassandraIotRequestBuild.offlineInsert(IotTable.READINGS),
                    CassandraIotRequestBuild.offlineInsert(IotTable.DIAGNOSTICS), batch, false, rowsOf);
            assertEquals(100, statements.size());
            statements.forEach(st -> assertInstanceOf(BoundStatement.class, st));
            assertEquals(100, rowsOf.stream().mapToInt(Integer::intValue).sum());
        }
    }

    /** Every type of the catalog is said (none absent): the fleet as the partition key, the window in ms, GROUP BY a key prefix. */
    @Test
    void everyQueryIsRenderedWithItsParameters() {
        IotSpec spec = IotSpec.defaults();
        List<IotQuery> queries = IotQueryCatalog.draw(spec, IotQueryCatalog.generatedFleets(), 5, 1);
        assertEquals(IotQueryType.values().length, queries.size());
        CqlDialect d = new CqlDialect();
        for (IotQuery q : queries) {
            String cql = d.render(q, spec).orElseThrow(() -> new AssertionError(q.id() + " absent"));
            assertTrue(cql.contains(" FROM " + q.type().table().measurement), cql);
            if (q.fleet() != null) assertTrue(cql.contains(" WHERE fleet = '" + q.fleet() + "' AND name > ''"), cql);
            if (q.type().window() != null) {
                assertTrue(cql.contains(" AND ts >= " + q.windowStartMs() + " AND ts < " + (q.windowStartMs() + q.type().window().toMillis())), cql);
            }
            if (cql.contains("GROUP BY")) {
                assertTrue(cql.contains(" GROUP BY " + IotCql.SERIES), "GROUP BY the series, a prefix of the key: " + cql);
            }
        }
        assertEquals("SELECT name, driver, ts, longitude, latitude FROM readings WHERE fleet = 'South' AND name > ''"
                + " GROUP BY fleet, name, driver, model, device_version, load_capacity, fuel_capacity, nominal_fuel_consumption",
                d.render(IotQuery.ofFleet(IotQueryType.LAST_LOC, "South"), spec).orElseThrow());
        assertEquals("SELECT COUNT(*), MAX(latitude), MIN(latitude), AVG(latitude), COUNT(latitude) FROM readings"
                + " WHERE ts >= 1451606400000 AND ts <= 1451736000000 ALLOW FILTERING", d.render(IotQuery.of(IotQueryType.LATITUDE_STATS), spec).orElseThrow());
    }

    private record Out(String[] texts, double[] values) {
    }

    private static List<Out> shape(IotQuery q, List<Out> groups) {
        List<Out> out = new ArrayList<>();
        ResultSink sink = new CqlDialect().shaper(q).shape(new ResultSink() {
            @Override
            public void row(double[] v) {
                throw new AssertionError("texts expected");
            }

            @Override
            public void row(double[] v, String[] t) {
                out.add(new Out(t.clone(), v.clone()));
            }
        });
        for (Out g : groups) sink.row(g.values, g.texts);
        sink.end();
        return out;
    }

    private static Out row(String[] texts, double... values) {
        return new Out(texts, values);
    }

    private static final double NAN = Double.NaN;

    /** The latest record of (name, driver) is the series row with the greatest ts; its NULL longitude stays NULL. */
    @Test
    void theLatestOfTheSeriesRowsWins() {
        String[] t = {"truck_1", "Ann", null, null, null};
        List<Out> out = shape(IotQuery.ofFleet(IotQueryType.LAST_LOC, "South"), List.of(
                row(t, NAN, NAN, 1000, 10, 20),
                row(t, NAN, NAN, 3000, NAN, 21),
                row(new String[] {"truck_1", "", null, null, null}, NAN, NAN, 5000, 12, 22),
                row(t, NAN, NAN, 2000, 11, 23)));
        assertEquals(2, out.size());
        for (Out o : out) {
            if (o.texts[1] == null) {
                assertArrayEquals(new double[] {12, 22}, o.values);
            } else {
                assertArrayEquals(new String[] {"truck_1", "Ann"}, o.texts);
                assertArrayEquals(new double[] {NAN, 21}, o.values);
            }
        }
        // high-load: the latest record's own load_capacity.
        List<Out> high = shape(IotQuery.ofFleet(IotQueryType.HIGH_LOAD, "South"), List.of(
                row(t, NAN, NAN, 1000, 1900, 2000), row(t, NAN, NAN, 2000, 1700, 2000)));
        assertEquals(List.of(), high);
    }

    /** A bucket's sums and counts of several series are added before the decision; a sum over no value adds nothing. */
    @Test
    void bucketsOfSeveralSeriesAreAddedThenCounted() {
        String[] a = {"truck_1", "Ann"};
        List<Out> out = shape(IotQuery.window(IotQueryType.LONG_DRIVING_SESSIONS, "South", 0), List.of(
                row(a, NAN, NAN, 0, 0.5, 1), row(a, NAN, NAN, 0, 2.0, 1)));
        assertEquals(List.of(), out, "one driving bucket of 22 needed");
        List<Out> stationary = shape(IotQuery.window(IotQueryType.STATIONARY_TRUCKS, "South", 0), List.of(
                row(a, NAN, NAN, 0, 0), row(new String[] {"truck_2", "Bo"}, NAN, NAN, 1, 2)));
        assertEquals(1, stationary.size());
        assertArrayEquals(new String[] {"truck_2", "Bo"}, stationary.get(0).texts);
    }

    /** Sessions: changes between known states in time order; one ended session of 3 buckets, one unfinished (NULL) on the next day. */
    @Test
    void drivingSessionsFollowTheBucketsInTimeOrder() {
        String[] n = {"truck_1", null};
        long day = 86_400_000L;
        List<Out> groups = new ArrayList<>();
        double[][] buckets = {{0, 0, 1}, {600_000, 10, 1}, {1_200_000, 0, 0}, {1_800_000, 20, 2}, {2_400_000, 1, 1},
            {day - 600_000, 0, 1}, {day, 6, 1}};
        for (double[] b : buckets) groups.add(row(n, NAN, b[0], b[1], b[2]));
        List<Out> out = shape(IotQuery.of(IotQueryType.AVG_DAILY_DRIVING_SESSION), groups);
        assertEquals(2, out.size(), out.toString());
        for (Out o : out) {
            assertArrayEquals(new String[] {"truck_1"}, o.texts);
            if (o.values[0] == 0) {
                assertEquals(1_800_000, o.values[1]);
            } else {
                assertEquals(day, o.values[0]);
                assertTrue(Double.isNaN(o.values[1]));
            }
        }
    }

    /** Breakdowns: a bucket at least half zeros after one that was not; Cassandra counts the statuses and those not 0. */
    @Test
    void breakdownsAreCountedPerModel() {
        String[] m = {"F-150", "truck_1"};
        List<Out> out = shape(IotQuery.of(IotQueryType.BREAKDOWN_FREQUENCY), List.of(
                row(m, NAN, NAN, 0, 4, 4), row(m, NAN, NAN, 600_000, 4, 2), row(m, NAN, NAN, 1_200_000, 0, 0),
                row(m, NAN, NAN, 1_800_000, 4, 1), row(new String[] {"H-2", "truck_2"}, NAN, NAN, 0, 2, 0)));
        assertEquals(1, out.size());
        assertArrayEquals(new String[] {"F-150"}, out.get(0).texts);
        assertArrayEquals(new double[] {1}, out.get(0).values);
    }

    /** latitude-stats: Cassandra's AVG over no value is NULL when COUNT(latitude) is 0. */
    @Test
    void anAverageOverNoValueIsNull() {
        List<Out> out = shape(IotQuery.of(IotQueryType.LATITUDE_STATS), List.of(row(new String[5], 3, NAN, NAN, 0, 0)));
        assertEquals(1, out.size());
        assertEquals(3, out.get(0).values[0]);
        assertTrue(Double.isNaN(out.get(0).values[3]));
    }
}
