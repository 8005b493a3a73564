package org.tsdbbench.cnosdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.contract.QueryFilesCheck;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.query.Aggregate;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.query.QueryFamily;

/** What the CnosDB module does without a server: line protocol, CSV answers, SQL, the storage path. */
class CnosOfflineTest {

    @TempDir
    Path tmp;

    @Test
    void lineProtocolHasSortedTagsIntegerTemperatureAndMilliseconds() {
        RowBatch b = new RowBatch(3);
        b.add(1, "dev_1", 1, 1_563_249_700_000L, -5, 57.25f);
        b.add(2, "a b,c=d", 2, 1_563_249_701_000L, 38, 12.3456f);
        b.add(3, "dev_3", 3, 1_563_249_702_000L, 0, 0f);
        LineProtocol lines = new LineProtocol();
        DevicesLayout.lines(b, lines);
        String expected = "devices,devgroup=1,devid=1,devname=dev_1 temperature=-5i,humidity=57.25 1563249700000\n"
                + "devices,devgroup=2,devid=2,devname=a\\ b\\,c\\=d temperature=38i,humidity=12.3456 1563249701000\n"
                + "devices,devgroup=3,devid=3,devname=dev_3 temperature=0i,humidity=0.00 1563249702000\n";
        assertEquals(expected, lines.toString());
        assertArrayEquals(expected.getBytes(StandardCharsets.US_ASCII), lines.copy());
        // The buffer is reused: a second, smaller batch leaves nothing of the first.
        RowBatch one = new RowBatch(1);
        one.add(7, "dev_7", 7, 5L, 1, 1.5f);
        DevicesLayout.lines(one, lines);
        assertEquals("devices,devgroup=7,devid=7,devname=dev_7 temperature=1i,humidity=1.50 5\n", lines.toString());
    }

    @Test
    void aRequestGrowsItsBufferAndANonAsciiTagIsUtf8() {
        RowBatch b = new RowBatch(5000);
        for (int i = 0; i < 5000; i++) b.add(i, "dev_" + i, i % 100, 1_563_249_700_000L + i, i, 1.25f);
        LineProtocol lines = new LineProtocol();
        DevicesLayout.lines(b, lines);
        assertEquals(5000, lines.toString().lines().count());
        assertTrue(lines.length() > 1 << 16, "more than the first buffer: " + lines.length());
        RowBatch named = new RowBatch(1);
        named.add(1, "dé v,1", 1, 1L, 1, 1f);
        DevicesLayout.lines(named, lines);
        assertEquals("devices,devgroup=1,devid=1,devname=dé\\ v\\,1 temperature=1i,humidity=1.00 1\n", lines.toString());
        assertEquals(lines.toString().getBytes(StandardCharsets.UTF_8).length, lines.length());
    }

    /** The rows a CSV answer gives, fed in pieces of {@code piece} bytes as the HTTP client would. */
    private static List<double[]> rows(String csv, int piece) throws Exception {
        List<double[]> rows = new ArrayList<>();
        CsvRows parser = new CsvRows(row -> rows.add(row.clone()));
        parser.onSubscribe(new Flow.Subscription() {
            @Override
            public void request(long n) {
            }

            @Override
            public void cancel() {
            }
        });
        byte[] bytes = csv.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i += piece) {
            parser.onNext(List.of(ByteBuffer.wrap(bytes, i, Math.min(piece, bytes.length - i))));
        }
        parser.onComplete();
        parser.getBody().toCompletableFuture().get();
        return rows;
    }

    @Test
    void csvAnswersBecomeRowsOfNumbersWhateverTheirPieces() throws Exception {
        String csv = "ts,devid,\"first(devices.time,devices.temperature)\",humidity\n"
                + "1563249700000,1,-12,57.25\n"
                + "1563249701000,\"2\",\"\",0.1\r\n"
                + "2019-07-16T04:01:40.000000000,3,dev_3,27.024205673945207\n";
        for (int piece : new int[] {1, 2, 3, 7, 1000}) {
            List<double[]> rows = rows(csv, piece);
            assertEquals(3, rows.size(), "pieces of " + piece);
            assertArrayEquals(new double[] {1563249700000.0, 1, -12, 57.25}, rows.get(0));
            assertEquals(1563249701000.0, rows.get(1)[0]);
            assertEquals(2, rows.get(1)[1]);
            assertTrue(Double.isNaN(rows.get(1)[2]), "NULL is NaN");
            assertEquals(0.1, rows.get(1)[3]);
            assertEquals(1563249700000.0, rows.get(2)[0], "a timestamp as text is epoch ms");
            assertTrue(Double.isNaN(rows.get(2)[2]), "text is NaN");
            assertEquals(27.024205673945207, rows.get(2)[3]);
        }
        // A single-column answer whose one value is NULL still is one row.
        List<double[]> nullRow = rows("MAX(devices.temperature)\n\"\"\n", 4);
        assertEquals(1, nullRow.size());
        assertTrue(Double.isNaN(nullRow.get(0)[0]));
        assertEquals(0, rows("COUNT(UInt8(1))\n", 5).size(), "a header alone is no row");
        assertEquals(0, rows("", 5).size(), "an empty answer (DDL) is no row");
    }

    @Test
    void aRowWithMoreColumnsThanTheHeaderFailsTheAnswer() {
        ExecutionException e = assertThrows(ExecutionException.class, () -> rows("a,b\n1,2\n1,2,3\n", 100));
        assertTrue(e.getCause().getMessage().contains("line 3"), e.getCause().getMessage());
    }

    /** The fast path reads a plain decimal as the very double Double.parseDouble gives. */
    @Test
    void decimalsParseToTheSameDoubleAsJava() {
        Random random = new Random(42);
        for (int i = 0; i < 200_000; i++) {
            String s = switch (i % 4) {
                case 0 -> Long.toString(random.nextLong() % 1_000_000_000_000_000L);
                case 1 -> String.format(java.util.Locale.ROOT, "%.2f", (random.nextInt(20_000) - 10_000) / 100.0);
                case 2 -> Double.toString(random.nextDouble() * Math.pow(10, random.nextInt(12) - 4));
                default -> random.nextInt(100) + "." + Long.toString(Math.abs(random.nextLong()) % 100_000_000_000L);
            };
            byte[] b = s.getBytes(StandardCharsets.US_ASCII);
            assertEquals(Double.parseDouble(s), CsvRows.number(b, b.length), s);
        }
    }

    @Test
    void queriesSayTheCatalogInCnosDbSql() {
        CnosDialect d = new CnosDialect();
        WorkloadSpec spec = new WorkloadSpec(100, 60, 1_563_249_700_000L, 1);
        assertEquals("SELECT AVG(temperature) FROM devices WHERE devgroup IN ('0', '1', '2', '3', '4', '5', '6', '7', '8', '9')",
                d.render(LogicalQuery.parse("q2.avg.p10"), spec).orElseThrow());
        assertEquals("SELECT COUNT(*) FROM devices", d.render(LogicalQuery.parse("q2.count.p100"), spec).orElseThrow());
        assertEquals("SELECT devgroup, SUM(temperature) FROM devices WHERE devgroup IN ('0', '1') GROUP BY devgroup",
                d.render(LogicalQuery.of(QueryFamily.Q3_GROUP_BY_TAG, Aggregate.SUM, 2), spec).orElseThrow());
        assertEquals("SELECT CAST(date_bin(INTERVAL '1 minute', time) AS BIGINT) AS minute, COUNT(*) FROM devices GROUP BY minute",
                d.render(LogicalQuery.parse("q4.count.p100"), spec).orElseThrow());
        assertEquals("SELECT CAST(time AS BIGINT) AS ts, devid, temperature, humidity FROM devices WHERE devgroup = '30'",
                d.render(LogicalQuery.parse("q1.g30"), spec).orElseThrow());
        assertEquals("SELECT CAST(time AS BIGINT) AS ts, devid, temperature, humidity FROM devices WHERE devid = '7'"
                + " AND time >= 1563249700000 AND time < 1563249705000", d.render(LogicalQuery.parse("q6.d7.1563249700000-1563249705000"), spec).orElseThrow());
        assertEquals("SELECT last(time, temperature) FROM devices WHERE devid = '1'", d.render(LogicalQuery.parse("q5.last.d1"), spec).orElseThrow());
        assertEquals("SELECT MIN(temperature) FROM (SELECT temperature, CUME_DIST() OVER (ORDER BY temperature) AS cd FROM devices"
                + " WHERE devid = '1') WHERE cd >= 0.9", d.render(LogicalQuery.parse("q5.percentile.d1"), spec).orElseThrow());
        assertEquals("SELECT STDDEV_POP(temperature) FROM devices", d.render(LogicalQuery.parse("q2.stddev.p100"), spec).orElseThrow());
        assertEquals("SELECT MAX(temperature) - MIN(temperature) FROM devices", d.render(LogicalQuery.parse("q2.spread.p100"), spec).orElseThrow());
    }

    @Test
    void queryFilesAreTheRenderedCatalog() throws Exception {
        QueryFilesCheck.assertFilesMatchDialect(new CnosDatabase());
    }

    @Test
    void theStoragePathIsTheConfigsOrCnosDbsDefault() throws Exception {
        Path conf = Files.writeString(tmp.resolve("cnosdb.conf"), "[global]\npath = \"/not/this\"\n[storage]\n# path = '/commented'\n"
                + "  path = \"/srv/cnosdb/data\" # the data\n[wal]\npath = \"/srv/cnosdb/wal\"\n");
        assertEquals(Path.of("/srv/cnosdb/data"), VnodeFolders.storagePath(conf));
        assertEquals(Path.of("/var/lib/cnosdb/data"), VnodeFolders.storagePath(Files.writeString(tmp.resolve("empty.conf"), "[storage]\n")));
        assertEquals(Path.of("/var/lib/cnosdb/data"), VnodeFolders.storagePath(tmp.resolve("missing.conf")));
    }

    @Test
    void theManifestNamesTheHttpClient() {
        assertTrue(CnosSession.driver().matches("JDK HttpClient \\d+ \\(HTTP API: .*\\)"), CnosSession.driver());
    }
}
