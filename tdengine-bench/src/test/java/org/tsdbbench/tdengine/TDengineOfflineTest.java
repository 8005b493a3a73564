package org.tsdbbench.tdengine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.QueryFilesCheck;
import org.tsdbbench.common.data.DeviceGenerator;
import org.tsdbbench.common.data.DeviceRange;
import org.tsdbbench.common.data.GeneratedRows;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.query.LogicalQuery;

/** Everything of the TDengine module that needs no server: requests in every write mode, queries, version and path choice, REST answers. */
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
        LogicalQuery q3 = LogicalQuery.parse("q3.sum.p50");
        new TDengineDialect(2).shaper(q3).shape(row -> got.add(row.clone())).row(new double[] {1234, 7});
        assertEquals(7, got.get(0)[0]);
        assertEquals(1234, got.get(0)[1]);
        // 3.x answers (devgroup, value) itself; other 2.x families are left as they come.
        new TDengineDialect(3).shaper(q3).shape(row -> got.add(row.clone())).row(new double[] {7, 1234});
        new TDengineDialect(2).shaper(LogicalQuery.parse("q4.sum.p50")).shape(row -> got.add(row.clone())).row(new double[] {60000, 1234});
        assertArrayEquals(new double[] {7, 1234}, got.get(1));
        assertArrayEquals(new double[] {60000, 1234}, got.get(2));
    }

    @Test
    void serverVersionsCompareNumerically() {
        assertTrue(ServerVersion.parse("3.3.10.0").atLeast(ServerVersion.parse("3.3.6.0")));
        assertFalse(ServerVersion.parse("3.3.0.1").atLeast(ServerVersion.WEBSOCKET_MINIMUM));
        assertTrue(ServerVersion.parse("3.3.6").atLeast(ServerVersion.parse("3.3.6.0")), "a missing part reads 0");
        assertEquals(2, ServerVersion.parse("2.6.0.99").major());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ServerVersion.parse("ver-3.x"));
        assertTrue(e.getMessage().contains("'ver-3.x'"), e.getMessage());
    }

    /** auto takes WebSocket where the server and the driver take it, else REST; never native (it needs a local client library). */
    @Test
    void autoPicksTheBestPathTheServerAndDriverTake() {
        assertEquals(ConnectionPath.WS, ConnectionPath.auto(ServerVersion.parse("3.3.6.0"), 3));
        assertEquals(ConnectionPath.REST, ConnectionPath.auto(ServerVersion.parse("3.3.0.1"), 3));
        assertEquals(ConnectionPath.REST, ConnectionPath.auto(ServerVersion.parse("2.6.0.99"), 3));
        assertEquals(ConnectionPath.REST, ConnectionPath.auto(ServerVersion.parse("3.4.0.0"), 2), "the 2.x driver has no WebSocket");
        String refusal = ConnectionPath.webSocketRefusal(ServerVersion.parse("3.3.0.1"), 3);
        assertTrue(refusal.contains("3.3.0.1") && refusal.contains("3.3.6.0"), refusal);
        assertNull(ConnectionPath.webSocketRefusal(ServerVersion.parse("3.3.6.0"), 3));
    }

    @Test
    void connectionAndWriteModeOptionsAreCheckedBeforeConnecting() throws DatabaseException {
        assertNull(ConnectionPath.parse("auto"));
        assertEquals(ConnectionPath.NATIVE, ConnectionPath.parse("Native"));
        DatabaseException e = assertThrows(DatabaseException.class, () -> ConnectionPath.parse("grpc"));
        assertTrue(e.getMessage().contains("connection=grpc"), e.getMessage());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> TDengineSettings.WRITE_MODE.parse("bulk"));
        assertTrue(bad.getMessage().contains("writeMode=bulk"), bad.getMessage());
        e = assertThrows(DatabaseException.class, () -> TDengineSettings.Requested.from(options(Map.of("writeMode", "bulk"))));
        assertTrue(e.getMessage().contains("writeMode=bulk"), e.getMessage());
        assertEquals(WriteMode.STMT, TDengineSettings.Requested.from(options(Map.of("writeMode", "Stmt"))).writeMode());
        assertNull(WriteMode.STMT.refusal(ConnectionPath.NATIVE, 3));
        assertTrue(WriteMode.STMT.refusal(ConnectionPath.REST, 3).contains("connection=native"));
        assertNull(WriteMode.LINE.refusal(ConnectionPath.REST, 3));
        assertTrue(WriteMode.LINE.refusal(ConnectionPath.REST, 2).contains("taosAdapter"));
        e = assertThrows(DatabaseException.class, () -> TDengineSettings.Requested.from(options(Map.of("maxSqlBytes", "12"))));
        assertTrue(e.getMessage().contains("--option maxSqlBytes=12"), e.getMessage());
        e = assertThrows(DatabaseException.class, () -> TDengineSettings.Requested.from(options(Map.of("serverMajor", "1"))));
        assertTrue(e.getMessage().contains("--option serverMajor=1"), e.getMessage());
        e = assertThrows(DatabaseException.class, () -> TDengineSettings.Requested.from(options(Map.of("replica", "4"))));
        assertTrue(e.getMessage().contains("--option replica=4: must be a whole number 1..3"), e.getMessage());
        assertEquals(3, TDengineSettings.Requested.from(options(Map.of("replica", "3"))).replica());
        assertNull(TDengineSettings.Requested.from(options(Map.of())).replica(), "the server's default unless asked");
    }

    /** The server's major picks the SQL length limit and the dialect; serverMajor overrides it and says so. */
    @Test
    void theServersMajorPicksTheSqlLimitUnlessOverridden() throws DatabaseException {
        TDengineSettings v2 = TDengineSettings.Requested.from(options(Map.of())).resolve(ConnectionPath.REST, ServerVersion.parse("2.6.0.99"));
        assertEquals(2, v2.major());
        assertEquals(65_480, v2.maxSqlBytes());
        assertFalse(v2.majorOverridden());
        assertTrue(v2.pathChosenBy().startsWith("auto: TDengine 2.6.0.99 is older than 3.3.6.0"), v2.pathChosenBy());
        TDengineSettings forced = TDengineSettings.Requested.from(options(Map.of("serverMajor", "3", "connection", "rest")))
                .resolve(ConnectionPath.REST, ServerVersion.parse("2.6.0.99"));
        assertEquals(3, forced.major());
        assertEquals(1_048_576, forced.maxSqlBytes());
        assertTrue(forced.majorOverridden());
        assertEquals("--option connection=rest", forced.pathChosenBy());
        DatabaseException e = assertThrows(DatabaseException.class, () -> TDengineSettings.Requested.from(options(Map.of("writeMode", "stmt")))
                .resolve(ConnectionPath.REST, ServerVersion.parse("3.3.0.1")));
        assertTrue(e.getMessage().startsWith("--option writeMode=stmt: "), e.getMessage());
    }

    /** REST answers of both majors, read by one parser: rows, epoch or RFC 3339 timestamps, NULL, errors. */
    @Test
    void restAnswersOfBothMajorsAreRead() throws Exception {
        String v3 = "{\"code\":0,\"column_meta\":[[\"ts\",\"TIMESTAMP\",8],[\"devid\",\"INT\",4],[\"humidity\",\"FLOAT\",4]],"
                + "\"data\":[[\"2019-07-16T04:01:40.000Z\",1,50.5],[\"2019-07-16T12:01:41.250+08:00\",2,null]],\"rows\":2}";
        assertEquals(List.of(List.of(1_563_249_700_000.0, 1.0, 50.5), List.of(1_563_249_701_250.0, 2.0, Double.NaN)), answer(v3));
        String v2 = "{\"status\":\"succ\",\"head\":[\"ts\",\"devid\"],\"column_meta\":[[\"ts\",9,8],[\"devid\",4,4]],"
                + "\"data\":[[1563249700000,7]],\"rows\":1}";
        assertEquals(List.of(List.of(1_563_249_700_000.0, 7.0)), answer(v2));
        // 2.x answers COUNT(*) of an empty table with no row.
        assertEquals(List.of(), answer("{\"status\":\"succ\",\"head\":[\"count(*)\"],\"column_meta\":[[\"count(*)\",5,8]],\"data\":[],\"rows\":0}"));
        DatabaseException e = assertThrows(DatabaseException.class, () -> answer("{\"code\":9730,\"desc\":\"Invalid column name: bad\"}"));
        assertEquals("TDengine error 0x2602: Invalid column name: bad", e.getMessage());
        e = assertThrows(DatabaseException.class, () -> answer("{\"status\":\"error\",\"code\":866,\"desc\":\"Table does not exist\"}"));
        assertEquals("TDengine error 0x0362: Table does not exist", e.getMessage());
        assertThrows(java.io.IOException.class, () -> answer("<html>not found</html>"));
    }

    @Test
    void rfc3339TimestampsReadAsEpochMillis() {
        for (String t : List.of("2019-07-16T04:01:40.000Z", "2019-07-16T04:01:40Z", "2019-07-16T04:01:40.5Z", "2019-07-16T09:31:40.123+05:30",
                "1969-12-31T23:59:59.999Z", "2019-07-16T04:01:40.123456Z", "2019-07-16T04:01:40.000-03:00")) {
            assertEquals((double) java.time.OffsetDateTime.parse(t).toInstant().toEpochMilli(), Rfc3339.epochMillis(t), t);
        }
        assertTrue(Double.isNaN(Rfc3339.epochMillis("yesterday")));
    }

    /** Parameter binding: each device's run of rows becomes one sub-table's three columns, rows kept in order. */
    @Test
    void stmtColumnsHoldEachSubTablesRunOfRows() {
        RowBatch b = new RowBatch(5);
        b.add(3, "dev_3", 3, 1000, 10, 50.25f);
        b.add(3, "dev_3", 3, 2000, 11, 51.5f);
        b.add(4, "dev_4", 4, 1000, -2, 60f);
        b.add(5, "dev_5", 5, 1000, 7, 35f);
        b.add(5, "dev_5", 5, 2000, 8, 36f);
        StmtColumns c = new StmtColumns();
        c.split(b);
        assertEquals(3, c.runs());
        assertEquals(List.of(0, 2, 3), List.of(c.firstRow(0), c.firstRow(1), c.firstRow(2)));
        c.fill(b, 0);
        assertEquals(List.of(1000L, 2000L), c.ts);
        assertEquals(List.of(10, 11), c.temperature);
        assertEquals(List.of(50.25f, 51.5f), c.humidity);
        c.fill(b, 2);
        assertEquals(List.of(7, 8), c.temperature);
    }

    /** {@code --option prebuild=true}, stmt: each sub-table's tags and columns are built when prepared, in lists a later refill leaves alone. */
    @Test
    void preparedStmtRunsHoldTheirOwnColumns() {
        RowBatch b = new RowBatch(3);
        b.add(3, "dev_3", 3, 1000, 10, 50.25f);
        b.add(3, "dev_3", 3, 2000, 11, 51.5f);
        b.add(4, "dev_4", 4, 1000, -2, 60f);
        StmtColumns columns = new StmtColumns();
        List<StmtColumns.Run> runs = columns.build(b);
        b.clear();
        b.add(5, "dev_5", 5, 3000, 7, 35f);
        columns.build(b); // the next request, built by the same columns
        assertEquals(List.of(new StmtColumns.Run("dev3", 3, "dev_3", 3, new ArrayList<>(List.of(1000L, 2000L)), new ArrayList<>(List.of(10, 11)),
                        new ArrayList<>(List.of(50.25f, 51.5f))),
                new StmtColumns.Run("dev4", 4, "dev_4", 4, new ArrayList<>(List.of(1000L)), new ArrayList<>(List.of(-2)), new ArrayList<>(List.of(60f)))), runs);
        assertEquals(2 * 256 + 3 * StmtColumns.Run.ROW_BYTES, runs.get(0).bytes() + runs.get(1).bytes());
    }

    /** {@code --option prebuild=true}, line over REST: the body is built when prepared; a later refill leaves it alone. */
    @Test
    void preparedLinesHoldTheirText() {
        RowBatch b = new RowBatch(2);
        b.add(1, "dev_1", 1, 1_563_249_700_000L, -5, 57.25f);
        b.add(2, "dev_2", 2, 1_563_249_700_000L, 38, 12.3456f);
        String expected = new LineProtocolBuilder().body(b);
        LineWriter writer = LineWriter.over((RestChannel) null, "bench"); // no server: preparing sends nothing
        LineWriter.PreparedLines p = writer.prepare(b);
        b.clear();
        b.add(3, "dev_3", 3, 1_563_249_701_000L, 1, 1f);
        writer.prepare(b);
        assertEquals(expected, p.body);
        assertEquals(2, p.rows());
        assertEquals(64 + expected.length(), p.bytes());
    }

    @Test
    void lineProtocolKeepsTheTypedColumnsAndEscapesTags() {
        RowBatch b = new RowBatch(2);
        b.add(1, "dev_1", 1, 1_563_249_700_000L, -5, 57.25f);
        b.add(2, "dev 2,x", 2, 1_563_249_700_000L, 38, 12.3456f);
        LineProtocolBuilder lines = new LineProtocolBuilder();
        assertEquals("devices,devid=1,devname=dev_1,devgroup=1 temperature=-5i32,humidity=57.25f32 1563249700000\n"
                + "devices,devid=2,devname=dev\\ 2\\,x,devgroup=2 temperature=38i32,humidity=12.3456f32 1563249700000", lines.body(b));
        assertArrayEquals(lines.body(b).split("\n"), lines.lines(b));
    }

    private static ConnectionOptions options(Map<String, String> extra) {
        return new ConnectionOptions("127.0.0.1", 6041, "root", "bench", ConnectionOptions.Secret.none(), extra);
    }

    private static List<List<Double>> answer(String json) throws Exception {
        List<List<Double>> rows = new ArrayList<>();
        try (var p = new com.fasterxml.jackson.core.JsonFactory().createParser(json)) {
            new RestChannel.Answer(p, 200).read(row -> {
                List<Double> r = new ArrayList<>();
                for (double v : row) r.add(v);
                rows.add(r);
            }, null);
        }
        return rows;
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
