package org.tsdbbench.timescaledb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.QueryFilesCheck;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.ModuleOption;
import org.tsdbbench.common.query.LogicalQuery;

/** What the TimescaleDB module does without a server: the text of each write mode's requests, the queries, the table, the driver's settings. */
class TimescaleOfflineTest {

    private static RowBatch twoRows() {
        RowBatch b = new RowBatch(2);
        b.add(1, "dev_1", 1, 1_563_249_700_000L, -5, 57.25f);
        b.add(2, "it's\t\\", 2, 1_563_249_701_234L, 38, 12.3456f);
        return b;
    }

    @Test
    void insertHoldsEveryRowWithUtcTimestampsAndQuotedNames() {
        assertEquals("INSERT INTO devices (ts,devid,devname,devgroup,temperature,humidity) VALUES "
                + "('2019-07-16 04:01:40+00',1,'dev_1',1,-5,57.25),('2019-07-16 04:01:41.234+00',2,'it''s\t\\',2,38,12.3456)",
                new InsertBuilder().build(twoRows()));
    }

    @Test
    void copyBodyIsOneTabSeparatedLinePerRowWithEscapes() {
        CopyBuilder body = new CopyBuilder().build(twoRows());
        assertEquals("2019-07-16 04:01:40+00\t1\tdev_1\t1\t-5\t57.25\n2019-07-16 04:01:41.234+00\t2\tit's\\t\\\\\t2\t38\t12.3456\n",
                new String(body.bytes(), 0, body.length(), StandardCharsets.UTF_8));
        assertEquals("COPY devices (ts,devid,devname,devgroup,temperature,humidity) FROM STDIN", CopyBuilder.STATEMENT);
    }

    /** The buffer grows for a large request, and a name's bytes are UTF-8 (the INSERT text reads them back as such). */
    @Test
    void requestsGrowAndCarryNamesInUtf8() {
        RowBatch b = new RowBatch(5000);
        for (int i = 0; i < 5000; i++) b.add(i, i % 2 == 0 ? "gerät_" + i : "dev_" + i, i % 100, 1_563_249_700_000L + i, i % 40, 1.5f);
        CopyBuilder body = new CopyBuilder().build(b);
        String text = new String(body.bytes(), 0, body.length(), StandardCharsets.UTF_8);
        List<String> lines = text.lines().toList();
        assertEquals(5000, lines.size());
        assertEquals("2019-07-16 04:01:44.999+00\t4999\tdev_4999\t99\t39\t1.50", lines.get(4999));
        assertEquals("2019-07-16 04:01:44.998+00\t4998\tgerät_4998\t98\t38\t1.50", lines.get(4998));
        assertTrue(new InsertBuilder().build(b).endsWith(",('2019-07-16 04:01:44.998+00',4998,'gerät_4998',98,38,1.50),"
                + "('2019-07-16 04:01:44.999+00',4999,'dev_4999',99,39,1.50)"));
    }

    @Test
    void timestampsAreUtcTextPostgresReadsAtEveryYear() {
        assertEquals("1970-01-01 00:00:00+00", TimestampText.of(0));
        assertEquals("1969-12-31 23:59:59.999+00", TimestampText.of(-1));
        assertEquals("2019-07-16 04:01:40.005+00", TimestampText.of(1_563_249_700_005L));
        assertEquals("2000-02-29 23:59:59.100+00", TimestampText.of(Instant.parse("2000-02-29T23:59:59.100Z").toEpochMilli()));
        // Years PostgreSQL writes its own way: more than four digits, and before year 1 (ISO year 0 is 1 BC).
        assertEquals("10000-01-01 00:00:00+00", TimestampText.of(Instant.parse("+10000-01-01T00:00:00Z").toEpochMilli()));
        assertEquals("0001-12-31 00:00:00+00 BC", TimestampText.of(Instant.parse("0000-12-31T00:00:00Z").toEpochMilli()));
        // One builder across days: the cached date follows.
        byte[] text = new byte[2 * TimestampText.MAX_LENGTH];
        TimestampText t = new TimestampText();
        int n = t.append(text, 0, 86_399_999L);
        text[n++] = ' ';
        n = t.append(text, n, 86_400_000L);
        assertEquals("1970-01-01 23:59:59.999+00 1970-01-02 00:00:00+00", new String(text, 0, n, StandardCharsets.US_ASCII));
    }

    /** {@code --option prebuild=true}: the INSERT text and the COPY body are built when prepared, and a later refill of the batch leaves them alone. */
    @Test
    void preparedRequestsHoldWhatWasBuiltAhead() throws Exception {
        RowBatch b = twoRows();
        String insert = new InsertBuilder().build(b);
        CopyBuilder copy = new CopyBuilder().build(b);
        byte[] body = Arrays.copyOf(copy.bytes(), copy.length());
        TimescaleSession multirow = new TimescaleSession(null, WriteMode.MULTIROW, false); // no server: preparing sends nothing
        TimescaleSession copying = new TimescaleSession(null, WriteMode.COPY, false);
        var p1 = (TimescaleSession.PreparedRequest) multirow.prepare(b);
        var p2 = (TimescaleSession.PreparedRequest) copying.prepare(b);
        b.clear();
        b.add(3, "dev_3", 3, 1_563_249_702_000L, 1, 1f);
        multirow.prepare(b); // each session's next request, built by its reused builder
        copying.prepare(b);
        assertEquals(insert, p1.sql);
        assertArrayEquals(body, p2.body);
        assertEquals(2, p1.rows());
        assertEquals(2, p2.rows());
        assertEquals(64 + insert.length(), p1.bytes());
        assertEquals(64 + body.length, p2.bytes());
    }

    @Test
    void dialectSaysTheCatalogInTimescaleSql() {
        TimescaleDialect d = new TimescaleDialect();
        WorkloadSpec spec = WorkloadSpec.defaults();
        assertEquals("SELECT time_bucket('1 minute', ts) AS minute, AVG(temperature) FROM devices WHERE devgroup < 10 GROUP BY minute",
                d.render(LogicalQuery.parse("q4.avg.p10"), spec).orElseThrow());
        assertEquals("SELECT STDDEV_POP(temperature) FROM devices", d.render(LogicalQuery.parse("q2.stddev.p100"), spec).orElseThrow());
        assertEquals("SELECT percentile_disc(0.9) WITHIN GROUP (ORDER BY temperature) FROM devices WHERE devid = 1",
                d.render(LogicalQuery.parse("q5.percentile.d1"), spec).orElseThrow());
        assertEquals("SELECT ts, devid, temperature, humidity FROM devices WHERE devid = 7 AND ts >= '2019-07-16 04:01:40+00'"
                        + " AND ts < '2019-07-16 04:01:45.500+00'",
                d.render(LogicalQuery.range(7, 1_563_249_700_000L, 1_563_249_705_500L), spec).orElseThrow());
        assertTrue(d.render(LogicalQuery.parse("q1.g40"), spec).orElseThrow().endsWith("WHERE devgroup = 40"));
    }

    /** Twelve chunks over the data set's span, as report C's intervals, but at least a million rows a chunk. */
    @Test
    void chunkIntervalIsTheSpanOverTwelveOrAMillionRows() {
        // 10,000 devices x 10,000 rows: 833.334 s, 8.3 M rows a chunk.
        assertEquals(833_334, DevicesTable.chunkIntervalMillis(WorkloadSpec.defaults()));
        // 100 devices x 1,000 rows (compare's default): 10,000 s for a million rows, the whole data set in one chunk.
        assertEquals(10_000_000, DevicesTable.chunkIntervalMillis(new WorkloadSpec(100, 1000, WorkloadSpec.DEFAULT_START_TS, 1)));
        // 1,000 devices x 10,000 rows: 1,000 s (a million rows) rather than 833 s.
        assertEquals(1_000_000, DevicesTable.chunkIntervalMillis(new WorkloadSpec(1000, 10_000, WorkloadSpec.DEFAULT_START_TS, 1)));
        // 1 M devices x 120 rows: the span's twelfth, 10 s (10 M rows).
        assertEquals(10_000, DevicesTable.chunkIntervalMillis(new WorkloadSpec(1_000_000, 120, WorkloadSpec.DEFAULT_START_TS, 1)));
        List<String> rowStore = DevicesTable.create(new WorkloadSpec(100, 1000, 0, 1), false);
        assertTrue(rowStore.get(1).contains("by_range('ts', INTERVAL '10000000 milliseconds')"), rowStore.toString());
        assertTrue(rowStore.stream().noneMatch(s -> s.contains("timescaledb.compress")), rowStore.toString());
        assertTrue(DevicesTable.create(new WorkloadSpec(100, 1000, 0, 1), true).get(4)
                .contains("timescaledb.compress_segmentby = 'devid', timescaledb.compress_orderby = 'ts DESC'"));
    }

    @Test
    void driverSettingsBoundEveryRequestInWholeSeconds() {
        ConnectionOptions o = new ConnectionOptions("127.0.0.1", 5442, "bench", "bench", ConnectionOptions.Secret.none(),
                Map.of(ModuleOption.REQUEST_TIMEOUT_MS.name(), "2500", ModuleOption.CONNECT_TIMEOUT_MS.name(), "1"));
        Properties p = TimescaleDatabase.properties(o);
        assertEquals("3", p.getProperty("socketTimeout"));
        assertEquals("1", p.getProperty("connectTimeout"));
        assertEquals("true", p.getProperty("reWriteBatchedInserts"));
        assertEquals("disable", p.getProperty("sslmode"));
        assertEquals("600", TimescaleDatabase.properties(o.withExtra(Map.of(ModuleOption.REQUEST_TIMEOUT_MS.name(), "600000"))).getProperty("socketTimeout"));
    }

    @Test
    void queryFilesAreTheRenderedCatalog() throws Exception {
        QueryFilesCheck.assertFilesMatchDialect(new TimescaleDatabase());
    }
}
