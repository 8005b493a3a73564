package org.tsdbbench.tdengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.QueryFilesCheck;
import org.tsdbbench.common.data.DeviceGenerator;
import org.tsdbbench.common.data.DeviceRange;
import org.tsdbbench.common.data.GeneratedRows;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.query.LogicalQuery;

/** Everything of the TDengine module that needs no server: SQL of requests and queries, URLs, reshaping. */
class TDengineOfflineTest {

    @Test
    void oneInsertCarriesSeveralSubTablesCreatedOnFirstInsert() {
        RowBatch b = new RowBatch(3);
        b.add(1, "dev_1", 1, 1_563_249_700_000L, -5, 57.25f);
        b.add(1, "dev_1", 1, 1_563_249_701_000L, 6, 57.3f);
        b.add(2, "dev_2", 2, 1_563_249_700_000L, 38, 12.3456f);
        assertEquals(List.of("INSERT INTO dev1 USING devices TAGS (1,'dev_1',1) VALUES (1563249700000,-5,57.25)(1563249701000,6,57.30)"
                + " dev2 USING devices TAGS (2,'dev_2',2) VALUES (1563249700000,38,12.3456)"), new TDengineInsertBuilder(65480).build(b));
    }

    /** Past the SQL length limit a request is split into statements under the limit, losing no row. */
    @Test
    void requestsLongerThanTheSqlLimitAreSplitWithoutLosingRows() {
        WorkloadSpec spec = new WorkloadSpec(20, 1000, WorkloadSpec.DEFAULT_START_TS, 3);
        RowBatch b = new RowBatch(20_000);
        new GeneratedRows(new DeviceGenerator(spec), new DeviceRange(1, 20), false).fill(b, 20_000);
        List<String> statements = new TDengineInsertBuilder(65480).build(b);
        assertTrue(statements.size() > 1, "20,000 rows do not fit one 64 KB statement");
        int rows = 0;
        for (String sql : statements) {
            assertTrue(sql.length() <= 65480, "statement of " + sql.length() + " bytes");
            // Each statement opens with a sub-table clause, so it stands on its own.
            assertTrue(sql.startsWith("INSERT INTO dev") && sql.contains(" USING devices TAGS ("), sql.substring(0, 40));
            // A device's first row follows " VALUES (", every further row follows ")(".
            rows += count(sql, " VALUES (") + count(sql, ")(");
        }
        assertEquals(20_000, rows, "every row in exactly one statement");
        assertThrows(IllegalArgumentException.class, () -> new TDengineInsertBuilder(100));
    }

    @Test
    void dialectFollowsThePublishedQueries() {
        WorkloadSpec spec = WorkloadSpec.defaults();
        TDengineDialect v3 = new TDengineDialect(3);
        assertEquals("SELECT ts, devid, temperature, humidity FROM devices WHERE devgroup = 30", v3.render(LogicalQuery.parse("q1.g30"), spec).orElseThrow());
        assertEquals("SELECT SPREAD(temperature) FROM devices WHERE devgroup < 10", v3.render(LogicalQuery.parse("q2.spread.p10"), spec).orElseThrow());
        assertEquals("SELECT devgroup, AVG(temperature) FROM devices WHERE devgroup < 20 PARTITION BY devgroup",
                v3.render(LogicalQuery.parse("q3.avg.p20"), spec).orElseThrow());
        assertEquals("SELECT _wstart, COUNT(*) FROM devices INTERVAL(1m)", v3.render(LogicalQuery.parse("q4.count.p100"), spec).orElseThrow());
        TDengineDialect v2 = new TDengineDialect(2);
        assertEquals("SELECT AVG(temperature) FROM devices WHERE devgroup < 20 GROUP BY devgroup", v2.render(LogicalQuery.parse("q3.avg.p20"), spec).orElseThrow());
        assertEquals("SELECT COUNT(*) FROM devices WHERE devgroup < 10 INTERVAL(1m)", v2.render(LogicalQuery.parse("q4.count.p10"), spec).orElseThrow());
        // One device reads its own table, where PERCENTILE (not taken by a super table), FIRST and LAST are built in.
        assertEquals("SELECT PERCENTILE(temperature, 90) FROM dev1", v3.render(LogicalQuery.parse("q5.percentile.d1"), spec).orElseThrow());
        assertEquals("SELECT LAST(temperature) FROM dev1", v3.render(LogicalQuery.parse("q5.last.d1"), spec).orElseThrow());
        assertEquals("SELECT ts, devid, temperature, humidity FROM dev7 WHERE ts >= 1000 AND ts < 6000",
                v3.render(LogicalQuery.range(7, 1000, 6000), spec).orElseThrow());
        assertEquals("SELECT ts, devid, temperature, humidity FROM devices WHERE ts >= 1000 AND ts < 6000",
                v3.render(LogicalQuery.range(0, 1000, 6000), spec).orElseThrow());
    }

    @Test
    void twoXGroupByRowsAreReshapedToTheCatalogOrder() {
        List<double[]> got = new ArrayList<>();
        TDengineSession.swapFirstTwo(row -> got.add(row.clone())).row(new double[] {1234, 7});
        assertEquals(7, got.get(0)[0]);
        assertEquals(1234, got.get(0)[1]);
    }

    @Test
    void connectionTypesMapToDriverUrls() throws DatabaseException {
        assertEquals("jdbc:TAOS-WS://h:6041/", TDengineDatabase.url("ws", "h", 6041));
        assertEquals("jdbc:TAOS-RS://h:6041/", TDengineDatabase.url("rest", "h", 6041));
        assertEquals("jdbc:TAOS://h:6030/", TDengineDatabase.url("native", "h", 6030));
        DatabaseException e = assertThrows(DatabaseException.class, () -> TDengineDatabase.url("grpc", "h", 1));
        assertTrue(e.getMessage().contains("connection=grpc"));
    }

    @Test
    void queryFilesAreTheRenderedCatalog() throws Exception {
        QueryFilesCheck.assertFilesMatchDialect(new TDengineDatabase());
        QueryFilesCheck.assertFilesMatchDialect("tdengine2", "TDengine 2.x", new TDengineDialect(2));
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) n++;
        return n;
    }
}
