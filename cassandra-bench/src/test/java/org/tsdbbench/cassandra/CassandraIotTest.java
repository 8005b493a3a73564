package org.tsdbbench.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.budget.TestBudget;
import org.tsdbbench.common.contract.IotDiskGrowth;
import org.tsdbbench.common.contract.IotQueriesContract;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.ServerFacts;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.iot.IotDialect;
import org.tsdbbench.common.iot.IotGenerator;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotTag;
import org.tsdbbench.common.iot.IotWorkload;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.query.ResultSink;

/**
 * The IoT trucks against the real server (scripts/servers/cassandra.sh, as scripts/test.sh starts
 * it; CASSANDRA_HOST, CASSANDRA_PORT and CASSANDRA_PASSWORD as the contracts read them): the shared
 * {@link IotQueriesContract} (the default data set loaded by two clients in each write mode, counted,
 * every query checked before and after the disk measure; none absent), what the layout stores, the
 * disk figure, the facts, a prepared request, and Cassandra's own semantics the shaper relies on.
 */
// 277 s in the baseline CI run (docs/tests.md, "How long it takes"): the default 300 s would leave it little margin.
@TestBudget(seconds = 600)
class CassandraIotTest extends IotQueriesContract {

    @Override
    protected Database db() {
        return new CassandraDatabase();
    }

    /** Both write modes: UNLOGGED batches per table and fleet, and one INSERT per record. */
    @Override
    protected Map<String, ConnectionOptions> variants() {
        Map<String, ConnectionOptions> v = new LinkedHashMap<>();
        for (CassandraSession.WriteMode m : CassandraSession.WriteMode.values()) {
            String mode = m.name().toLowerCase(Locale.ROOT);
            v.put("writeMode=" + mode, connection(Map.of(CassandraDatabase.WRITE_MODE.name(), mode)));
        }
        return v;
    }

    /** A one-number query's answer, through the session. */
    private static double number(Session s, String cql) throws Exception {
        return values(rows(s, cql).get(0))[0];
    }

    /**
     * Each record keeps its own tags, a null one as the layout stores it: a null name as '', a null
     * fleet as its own partition (one NUL character), a null numeric tag as NaN; a null field has no
     * cell (COUNT(field) below COUNT(*)).
     */
    @Override
    protected void checkStored(Session s, String variant) throws Exception {
        assertEquals(answers().readings(), (long) number(s, "SELECT COUNT(*) FROM readings"), "readings");
        assertTrue(number(s, "SELECT COUNT(*) FROM readings WHERE name = '' ALLOW FILTERING") > 0, "readings without a name");
        assertTrue(number(s, "SELECT COUNT(*) FROM diagnostics WHERE fleet = '" + IotCql.NULL_FLEET + "'") > 0, "diagnostics without a fleet");
        assertTrue(number(s, "SELECT COUNT(*) FROM diagnostics WHERE name > '' AND driver = '' ALLOW FILTERING") > 0, "named diagnostics without a driver");
        assertTrue(number(s, "SELECT COUNT(*) FROM readings WHERE load_capacity = NaN ALLOW FILTERING") > 0, "readings without a load_capacity");
        double[] counts = values(rows(s, "SELECT COUNT(*), COUNT(velocity) FROM readings").get(0));
        assertTrue(counts[1] < counts[0], "readings without a velocity: " + counts[0] + " records, " + counts[1] + " velocities");
    }

    /** The figure names both tables' bytes, which add up to it. */
    @Override
    protected void checkDisk(Session s, DiskUse disk, String variant) throws Exception {
        Matcher m = Pattern.compile(".*LiveDiskSpaceUsed: readings ([0-9,]+) \\+ diagnostics ([0-9,]+) bytes .*").matcher(disk.method());
        assertTrue(m.matches(), disk.method());
        long readings = Long.parseLong(m.group(1).replace(",", ""));
        long diagnostics = Long.parseLong(m.group(2).replace(",", ""));
        assertTrue(readings > 0 && diagnostics > 0, disk.method());
        assertEquals(readings + diagnostics, disk.bytes(), disk.method());
    }

    /** The IoT disk figure grows with the records ({@link IotDiskGrowth}) and names no keyspace of ours among the others. */
    @Test
    void theIotDiskFigureGrowsWithTheRecords() throws Exception {
        try (Session s = db().open(connection())) {
            DiskUse loaded = IotDiskGrowth.measure(s, "Cassandra", IotDialect.of(db().dialect()).tagModel()).loaded();
            assertTrue(loaded.serverHeld() != null && !loaded.serverHeld().otherDatabases().contains("bench"), String.valueOf(loaded.serverHeld()));
        }
    }

    /** The schema the manifest shows is the run's workload's. */
    @Test
    void theFactsShowTheTrucksTables() throws Exception {
        try (Session s = db().open(connection())) {
            SPEC.recreateSchema(s);
            ServerFacts facts = s.facts(IotWorkload.INSTANCE);
            assertEquals(List.of(IotCql.create("bench", IotTable.READINGS), IotCql.create("bench", IotTable.DIAGNOSTICS)), facts.schema());
            assertEquals(IotCqlShaper.clientPart(IotQueryType.AVG_LOAD), facts.settings().get("iotClient.avg-load"));
        }
    }

    /** A query's rows as numbers and texts (NULL as NaN and null). */
    private static List<Object[]> rows(Session s, String cql) throws Exception {
        List<Object[]> rows = new ArrayList<>();
        s.query(cql, new ResultSink() {
            @Override
            public void row(double[] values) {
                row(values, new String[values.length]);
            }

            @Override
            public void row(double[] values, String[] texts) {
                rows.add(new Object[] {values.clone(), texts.clone()});
            }
        });
        return rows;
    }

    private static double[] values(Object[] row) {
        return (double[]) row[0];
    }

    /**
     * What the shaper assumes of Cassandra, on the server itself: aggregates skip nulls; AVG over no
     * value is 0 (hence COUNT beside it), SUM 0, MAX null; a non-aggregated column of a GROUP BY
     * group is its first row's (latest with ts DESC), a null there staying null; floor(ts, 10m) groups
     * a DESC clustering column; arithmetic inside SUM counts the statuses not 0.
     */
    @Test
    void cassandrasOwnSemanticsAreWhatTheShaperAssumes() throws Exception {
        try (Session s = db().open(connection())) {
            s.query("DROP TABLE IF EXISTS iot_semantics", r -> { });
            s.query("CREATE TABLE iot_semantics (k text, c text, ts timestamp, v double, st bigint, PRIMARY KEY ((k), c, ts))"
                    + " WITH CLUSTERING ORDER BY (c ASC, ts DESC)", r -> { });
            s.query("INSERT INTO iot_semantics (k, c, ts, v, st) VALUES ('a', '', 0, 1, 0)", r -> { });
            s.query("INSERT INTO iot_semantics (k, c, ts, st) VALUES ('a', '', 600000, 3)", r -> { });
            s.query("INSERT INTO iot_semantics (k, c, ts, v, st) VALUES ('a', '', 660000, 5, 1)", r -> { });
            s.query("INSERT INTO iot_semantics (k, c, ts) VALUES ('a', 'x', 1200000)", r -> { });
            s.query("INSERT INTO iot_semantics (k, c, ts, v, st) VALUES ('a', 'x', 0, 2, 0)", r -> { });
            // AVG, SUM, MAX over no value; COUNT(v) counts values, COUNT(*) rows.
            List<Object[]> none = rows(s, "SELECT AVG(v), SUM(v), MAX(v), COUNT(v), COUNT(*) FROM iot_semantics WHERE k = 'a' AND c = 'x'"
                    + " AND ts = 1200000");
            assertArrayEquals(new double[] {0, 0, Double.NaN, 0, 1}, values(none.get(0)));
            // The first row of a group: the latest (ts DESC), its null v null.
            List<Object[]> latest = rows(s, "SELECT c, ts, v, AVG(v), COUNT(v) FROM iot_semantics WHERE k = 'a' GROUP BY k, c");
            assertEquals(2, latest.size());
            assertArrayEquals(new double[] {Double.NaN, 660000, 5, 3, 2}, values(latest.get(0)));
            assertArrayEquals(new double[] {Double.NaN, 1200000, Double.NaN, 2, 1}, values(latest.get(1)));
            assertEquals("", ((String[]) latest.get(0)[1])[0]);
            // floor(ts, 10m) on a DESC column, and the statuses not 0 counted by Cassandra.
            List<Object[]> buckets = rows(s, "SELECT c, floor(ts, 10m), COUNT(st), SUM((abs(st) - abs(abs(st) - 1) + 1) / 2), SUM(v), COUNT(v)"
                    + " FROM iot_semantics WHERE k = 'a' AND c > '' GROUP BY k, c, floor(ts, 10m)");
            assertEquals(2, buckets.size(), "only c = 'x': '' is not > ''");
            for (Object[] b : buckets) {
                double[] v = values(b);
                if (v[1] == 0) assertArrayEquals(new double[] {Double.NaN, 0, 1, 0, 2, 1}, v);
                else assertArrayEquals(new double[] {Double.NaN, 1200000, 0, 0, 0, 0}, v);
            }
            List<Object[]> statuses = rows(s, "SELECT floor(ts, 10m), COUNT(st), SUM((abs(st) - abs(abs(st) - 1) + 1) / 2) FROM iot_semantics"
                    + " WHERE k = 'a' AND c = '' GROUP BY k, c, floor(ts, 10m)");
            assertEquals(2, statuses.size());
            assertArrayEquals(new double[] {600000, 2, 2}, values(statuses.get(0)), "ts DESC: the later bucket first");
            assertArrayEquals(new double[] {0, 1, 0}, values(statuses.get(1)));
            // A condition on a field drops its null values (ALLOW FILTERING), as a comparison with NULL is not true.
            assertEquals(1, rows(s, "SELECT ts FROM iot_semantics WHERE k = 'a' AND v > 1.5 AND v < 4 ALLOW FILTERING").size());
            s.query("DROP TABLE iot_semantics", r -> { });
        }
    }

    /**
     * {@code --option prebuild=true}: a prepared IoT request holds its statements bound ahead (one
     * UNLOGGED batch per table and fleet); preparing sends nothing, a later refill of the batch
     * leaves it alone, and sending it stores exactly its records.
     */
    @Test
    void aPreparedRequestHoldsItsStatementsBoundAhead() throws Exception {
        IotSpec small = new IotSpec(4, SPEC.startNs(), SPEC.startNs() + Duration.ofHours(1).toNanos(), SPEC.intervalNs(), SPEC.seed());
        try (CassandraSession s = (CassandraSession) db().open(connection()); IotRowSource source = new IotGenerator(small).all()) {
            s.recreateSchema(small);
            TruckBatch batch = new TruckBatch(source.trucks(), 500);
            source.fill(batch, 500);
            CassandraSession.PreparedStatements p = s.prepare(batch);
            int fleets = (int) IntStream.range(0, batch.readings.size())
                    .map(r -> batch.readings.tagCode(batch.trucks, r, IotTag.FLEET)).distinct().count()
                    + (int) IntStream.range(0, batch.diagnostics.size())
                    .map(r -> batch.diagnostics.tagCode(batch.trucks, r, IotTag.FLEET)).distinct().count();
            assertEquals(fleets, p.statements.size(), "one batch per table and fleet");
            assertEquals(500, p.rows());
            source.fill(batch, 500);
            s.prepare(batch); // the next request
            assertEquals(0, s.countRows(small), "preparing sends nothing");
            assertEquals(500, p.send());
            assertEquals(500, s.countRows(small));
        }
    }
}
