package org.tsdbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.report.PublishedComparison.Row;

class PublishedComparisonTest {

    @TempDir
    Path dir;

    private final PublishedFigures published = PublishedFigures.load();

    private Row row(List<Row> rows, String test, String other) {
        return rows.stream().filter(r -> r.test().id().equals(test) && r.other().database().equals(other)).findFirst().orElseThrow();
    }

    @Test
    void measuredRatiosAndVerdictsOfASmallRun() throws Exception {
        Fixtures.oneCore(Fixtures.tdengine(Fixtures.standardRun(dir, true)));
        List<Row> rows = PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published);
        assertEquals(16, rows.size(), "6 tests against Cassandra, 2 one-core tests against 5 databases");

        // one-core write: TDengine 4,000,000 rows/s; MySQL 35,000 (lead 114, published 200: holds), InfluxDB 52,000 (76.9 vs 25.5: larger)
        Row mysqlWrite = row(rows, "write.onecore", "mysql");
        assertEquals(4_213_323.0 / 21_020, mysqlWrite.publishedRatio(), 1e-9);
        assertEquals(4_000_000.0 / 35_000, mysqlWrite.measuredRatio(), 1e-9);
        assertEquals(Verdict.HOLDS, mysqlWrite.verdict());
        assertEquals(Verdict.LARGER, row(rows, "write.onecore", "influx").verdict());

        // one-core read: q1 rows/s. TDengine 10 groups of 1,000 rows at 4 ms = 250,000 rows/s; MySQL 10,000 rows in 29 ms: reversed
        Row mysqlRead = row(rows, "read.onecore", "mysql");
        assertEquals(250_000, mysqlRead.tdengineMeasured().orElseThrow().value(), 1e-6);
        assertEquals(10_000 / 0.029, mysqlRead.otherMeasured().orElseThrow().value(), 1e-6);
        assertEquals(Verdict.REVERSED, mysqlRead.verdict());
        // InfluxDB 10,000 rows in 72.5 ms: TDengine 1.81x ahead, published 280x: smaller
        assertEquals(Verdict.SMALLER, row(rows, "read.onecore", "influx").verdict());

        // Cassandra, ClickHouse (failed, no files) and OpenTSDB were not measured: never a guess
        for (Row r : rows) {
            if (List.of("cassandra", "clickhouse", "opentsdb").contains(r.other().database())) {
                assertEquals(Verdict.NOT_MEASURED, r.verdict(), r.test().id() + " " + r.other().database());
                assertTrue(Double.isNaN(r.measuredRatio()));
                assertTrue(r.measured().endsWith("/ not measured"), r.measured());
            }
        }
        Row q2 = row(rows, "q2.avg.p100", "cassandra");
        assertEquals(264 / 0.06, q2.publishedRatio(), 1e-6);
        assertEquals("1.00 ms / not measured", q2.measured());
    }

    @Test
    void theDifferencesThatMatterAreBesideEachRow() throws Exception {
        Fixtures.oneCore(Fixtures.tdengine(Fixtures.standardRun(dir, true)));
        List<Row> rows = PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published);
        String d = String.join("\n", row(rows, "write.onecore", "mysql").differences());
        assertTrue(d.contains("versions: TDengine 3.3.0.1 (published 1.1.0), MySQL 10.11.6-MariaDB (published 5.7.19)"), d);
        assertTrue(d.contains("cores: 2-core machine, TDengine on 1 core, MySQL on 1 core (published: 8-core machine, each database on 1 core)"), d);
        assertTrue(d.contains("scale: TDengine 100,000 rows, MySQL 100,000 rows (published: not stated in the report)"), d);
        assertTrue(d.contains("best cells: TDengine R/R 1000 x 2 (published R/R 1000 x 7); MySQL R/R 1000 x 2 (published R/R 10 x 2)"), d);
        String cassandra = String.join("\n", row(rows, "write.best", "cassandra").differences());
        assertTrue(cassandra.contains("Cassandra not in this run (published 3.11.4)"), cassandra);
        assertTrue(cassandra.contains("Cassandra not measured (published R/R 100 x 7)"), cassandra);
        assertTrue(cassandra.contains("scale: TDengine 100,000 rows (published: 100,000,000 rows)"), cassandra);
        assertTrue(cassandra.contains("cores: 2-core machine, TDengine on 1 core (published: 4-core machine, servers on every core)"), cassandra);
        String read = String.join("\n", row(rows, "read.onecore", "influx").differences());
        assertTrue(read.contains("read: here q1, one client reading one group at a time (published: every row read back, best of 1..7 clients: TDengine 3, InfluxDB 3)"), read);
    }

    /** A disk figure measured beside other data says so in the disk row, and says when that data is in the figure itself. */
    @Test
    void theDiskRowSaysWhatElseTheServersHeld() throws Exception {
        Fixtures.tdengine(Fixtures.standardRun(dir, true));
        ObjectNode td = (ObjectNode) RunResults.JSON.readTree(
                dir.resolve("tdengine-manifest.json").toFile());
        ObjectNode held = ((ObjectNode) td.get("disk")).putObject("serverHeld");
        held.putArray("otherDatabases").add("test");
        held.put("otherDatabasesBytes", 5_000);
        held.put("leftoverBytes", 449_521);
        held.put("leftoversCounted", false);
        held.put("leftovers", "blocks of dropped tables");
        Fixtures.write(dir.resolve("tdengine-manifest.json"), td);
        List<Row> rows = PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published);
        String d = String.join("\n", row(rows, "disk", "cassandra").differences());
        assertTrue(d.contains("TDengine's disk measured on a server that also held other databases: test (5,000 bytes); 449,521 bytes of"
                + " blocks of dropped tables, not counted"), d);
        assertFalse(d.contains("not the data set's alone"), d);
        assertFalse(String.join("\n", row(rows, "q2.avg.p100", "cassandra").differences()).contains("also held"));

        held.put("leftoversCounted", true);
        Fixtures.write(dir.resolve("tdengine-manifest.json"), td);
        rows = PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published);
        d = String.join("\n", row(rows, "disk", "cassandra").differences());
        assertTrue(d.contains("counted in the figure: its figure is not the data set's alone"), d);
    }

    /** A database whose server ran on every core has no one-core figure: the row says not measured and why, never a verdict. */
    @Test
    void theOneCoreTestsTakeOnlyServersRunOnOneCore() throws Exception {
        Fixtures.tdengine(Fixtures.standardRun(dir, true));   // TDengine on 1 core, MySQL and InfluxDB on every core
        List<Row> rows = PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published);
        for (String test : List.of("write.onecore", "read.onecore")) {
            Row mysql = row(rows, test, "mysql");
            assertEquals(Verdict.NOT_MEASURED, mysql.verdict(), test);
            assertTrue(mysql.tdengineMeasured().isPresent() && mysql.otherMeasured().isEmpty(), test);
            String d = String.join("\n", mysql.differences());
            assertTrue(d.contains("MySQL not measured on 1 core: the one-core test needs compare --server-cores 1"), d);
        }
        // The other tests take any run.
        assertTrue(row(rows, "write.best", "cassandra").tdengineMeasured().isPresent());
    }

    @Test
    void withoutTdengineEveryRowIsNotMeasuredAndThePublishedRatiosStay() throws Exception {
        Fixtures.oneCore(Fixtures.standardRun(dir, true));
        List<Row> rows = PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published);
        assertEquals(16, rows.size());
        for (Row r : rows) {
            assertEquals(Verdict.NOT_MEASURED, r.verdict(), r.test().id());
            assertTrue(r.publishedRatio() > 1, r.test().id() + ": TDengine led every published test");
            assertTrue(r.measured().startsWith("not measured / "), r.measured());
        }
        // MySQL's own figure is still shown: only the ratio needs both
        assertEquals("not measured / 35,000 rows/s", row(rows, "write.onecore", "mysql").measured());
        assertFalse(row(rows, "write.onecore", "mysql").otherMeasured().isEmpty());
    }

    @Test
    void devicesPerGroupFollowDevidModuloHundred() {
        assertEquals(1, PublishedComparison.groupDevices(100, 0));
        assertEquals(1, PublishedComparison.groupDevices(100, 90));
        assertEquals(100, PublishedComparison.groupDevices(10_000, 0));
        assertEquals(100, PublishedComparison.groupDevices(10_000, 10));
        // 250 devices: groups 1..50 hold 3 (g, 100+g, 200+g), 51..99 hold 2, group 0 holds 100 and 200
        assertEquals(3, PublishedComparison.groupDevices(250, 10));
        assertEquals(3, PublishedComparison.groupDevices(250, 50));
        assertEquals(2, PublishedComparison.groupDevices(250, 51));
        assertEquals(2, PublishedComparison.groupDevices(250, 0));
        assertEquals(0, PublishedComparison.groupDevices(5, 10));
    }
}
