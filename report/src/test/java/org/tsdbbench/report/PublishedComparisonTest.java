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

    /**
     * The section's rows: the headline tests (6 against Cassandra, 2 one-core tests against 5
     * databases), report A's resources (3 against 5), its one-sensor functions (COUNT..MIN against
     * 5 databases, FIRST, LAST, STDDEV, PERCENTILE against the 3 that published them) and its
     * 80%-of-sensors functions (COUNT..MIN against 5, FIRST and LAST against the 3 that published them).
     */
    static final int ALL_ROWS = 16 + 15 + 5 * 5 + 4 * 3 + 5 * 5 + 2 * 3;

    private Row row(List<Row> rows, String test, String other) {
        return rows.stream().filter(r -> r.test().id().equals(test) && r.other().database().equals(other)).findFirst().orElseThrow();
    }

    @Test
    void measuredRatiosAndVerdictsOfASmallRun() throws Exception {
        Fixtures.oneCore(Fixtures.tdengine(Fixtures.standardRun(dir, true)));
        List<Row> rows = PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published);
        assertEquals(ALL_ROWS, rows.size(), "6 tests against Cassandra, 2 one-core tests and 3 resources against 5 databases, 37 one-sensor and 31"
                + " 80%-of-sensors function figures");

        // one-core write: TDengine 4,000,000 rows/s; MySQL 35,000 (lead 114, published 200), InfluxDB 52,000
        // (76.9 vs 25.5): ratios, no verdict
        Row mysqlWrite = row(rows, "write.onecore", "mysql");
        assertEquals(4_213_323.0 / 21_020, mysqlWrite.publishedRatio(), 1e-9);
        assertEquals(4_000_000.0 / 35_000, mysqlWrite.measuredRatio(), 1e-9);
        assertEquals(Verdict.INDICATIVE, mysqlWrite.verdict());
        assertEquals(Verdict.INDICATIVE, row(rows, "write.onecore", "influx").verdict());

        // one-core read: q1 rows/s. TDengine 10 groups of 1,000 rows at 4 ms = 250,000 rows/s; MySQL 10,000 rows
        // in 29 ms
        Row mysqlRead = row(rows, "read.onecore", "mysql");
        assertEquals(250_000, mysqlRead.tdengineMeasured().orElseThrow().value(), 1e-6);
        assertEquals(10_000 / 0.029, mysqlRead.otherMeasured().orElseThrow().value(), 1e-6);
        assertEquals(0.725, mysqlRead.measuredRatio(), 1e-3);
        assertEquals(Verdict.INDICATIVE, mysqlRead.verdict());

        // Cassandra, ClickHouse (failed, no files) and OpenTSDB were not measured: never a guess
        for (Row r : rows) {
            if (List.of("cassandra", "clickhouse", "opentsdb").contains(r.other().database())) {
                assertEquals(Verdict.NOT_MEASURED, r.verdict(), r.test().id() + " " + r.other().database());
                assertTrue(Double.isNaN(r.measuredRatio()));
                assertTrue(r.measured().endsWith("/ not measured"), r.measured());
            }
        }
        Row q2 = row(rows, "q2.avg.p100", "cassandra");
        assertEquals(290.97 / 0.06, q2.publishedRatio(), 1e-6, "the q2 table's avg, not the summary's count");
        assertEquals("1.00 ms / not measured", q2.measured());
    }

    /**
     * A small run (100,000 rows) is like for like with none of the published tests: every row with
     * both figures is indicative and says why, every other one is not measured; none has a verdict.
     */
    @Test
    void everyRowOfASmallRunSaysItsReason() throws Exception {
        Fixtures.oneCore(Fixtures.tdengine(Fixtures.standardRun(dir, true)));
        List<Row> rows = PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published);
        for (Row r : rows) {
            String what = r.test().id() + " " + r.other().database() + ": " + r.verdictText();
            if (Double.isNaN(r.measuredRatio())) {
                assertEquals("not measured", r.verdictText(), what);
            } else {
                assertEquals(Verdict.INDICATIVE, r.verdict(), what);
                assertFalse(r.reasons().isEmpty(), what);
                assertTrue(r.verdictText().matches("indicative: .{20,}"), what);
            }
        }
        assertEquals("indicative: the run has neither the published cells nor cells at their clients (TDengine 7, "
                + "MySQL 2); report A states no rows for this test",
                row(rows, "write.onecore", "mysql").verdictText());
        assertEquals("indicative: published: every row read back, each one's best of 1..7 clients (TDengine 3, "
                + "InfluxDB 3); here q1's groups, one client; under a tenth of the published rows: TDengine 100,000 "
                + "of 65,000,000", row(rows, "read.onecore", "influx").verdictText());
    }

    /**
     * Versions, cores and rows are said once per report and pair, above the tables; a row keeps
     * only what is its own (the cells it compares, the notes of its figures, what was read).
     */
    @Test
    void whatAPairSharesIsSaidOnceAndARowKeepsItsOwn() throws Exception {
        Fixtures.oneCore(Fixtures.tdengine(Fixtures.standardRun(dir, true)));
        List<RunResults.Database> dbs = Inputs.read(List.of(dir)).databases();
        List<String> pairs = PublishedComparison.pairs(dbs, published);
        assertEquals(6, pairs.size(), "report B: Cassandra; report A: the five others: " + pairs);
        assertEquals("TDengine vs MySQL (report A): versions: TDengine 3.3.0.1 (published 1.1.0), MySQL "
                + "10.11.6-MariaDB (published 5.7.19); cores: 2-core machine, TDengine on 1 core, MySQL on 1 core "
                + "(published: 8-core machine, each database on 1 core); rows here: TDengine 100,000, MySQL 100,000 "
                + "(published: each test's own, where the report states them)",
                pairs.stream().filter(p -> p.startsWith("TDengine vs MySQL")).findFirst().orElseThrow());
        assertEquals("TDengine vs Cassandra (report B): versions: TDengine 3.3.0.1 (published 1.6.1), Cassandra not "
                + "in this run (published 3.11.4); cores: 2-core machine, TDengine on 1 core (published: 2-core "
                + "machine, servers on every core); rows here: TDengine 100,000 (published: 10,000 devices x "
                + "10,000 rows (100 M rows, 3,941 MB as text))", pairs.get(0));
        List<Row> rows = PublishedComparison.rows(dbs, published);
        for (Row r : rows) {
            for (String d : r.differences()) {
                assertFalse(d.startsWith("versions:") || d.startsWith("cores:") || d.startsWith("scale:"),
                        r.test().id() + ": " + d);
            }
        }
        assertEquals(List.of("best cells: TDengine R/R 1000 x 2 (published R/R 1000 x 7); MySQL R/R 1000 x 2 "
                + "(published R/R 10 x 2)", "TDengine: TDengine, MySQL, Cassandra through their synchronous C APIs",
                "MySQL: MySQL committed only at the end of the load; R/R 1 and 10 only"), row(rows, "write.onecore",
                "mysql").differences());
        assertEquals(List.of("best cells: TDengine R/R 1000 x 2 (published R/R 2000 x 7); Cassandra not measured "
                + "(published R/R 100 x 7)"), row(rows, "write.best", "cassandra").differences());
        assertEquals(List.of("read: here q1's rows/s, one group (1% of the rows) at a time, the groups' rows over the "
                + "sum of their median latencies (published: TDengine read 65 M rows, InfluxDB 1 M rows)"), row(rows,
                "read.onecore", "influx").differences());
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

    /** An IoT run's figures are not the devices' tests: its database is "not measured" here, and the report still renders. */
    @Test
    void anIotRunIsNotSetAgainstTheDevicesReports() throws Exception {
        Fixtures.everyDatabase(dir, 200_000, 10.0, 4_000_000);
        Path td = dir.resolve("tdengine-manifest.json");
        com.fasterxml.jackson.databind.node.ObjectNode m = (com.fasterxml.jackson.databind.node.ObjectNode) Fixtures.JSON.readTree(td.toFile());
        com.fasterxml.jackson.databind.node.ObjectNode workload = m.putObject("workload");
        workload.put("name", "iot");
        workload.putObject("trucks").put("trucks", 100).put("startNs", 1_451_606_400_000_000_000L).put("endNs", 1_454_284_800_000_000_000L)
                .put("intervalNs", 10_000_000_000L).put("seed", 123).put("scale", "iot-1");
        workload.put("source", "IoT trucks, generated: iot-1, 100 trucks from 2016-01-01T00:00:00Z to 2016-02-01T00:00:00Z every 10s, seed 123");
        Fixtures.write(td, m);
        List<Row> rows = PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published);
        assertEquals(ALL_ROWS, rows.size());
        for (Row r : rows) assertEquals(Verdict.NOT_MEASURED, r.verdict(), r.test().id() + " " + r.other().database());
        assertTrue(row(rows, "write.best", "cassandra").otherMeasured().isPresent(), "the devices runs keep their own figures");
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        assertTrue(md.contains("workload IoT trucks: 100 trucks") && md.contains("IoT trucks, generated: iot-1"), md);
        assertTrue(HtmlReport.render(Inputs.read(List.of(dir))).contains("IoT trucks, generated: iot-1"));
    }

    @Test
    void withoutTdengineEveryRowIsNotMeasuredAndThePublishedRatiosStay() throws Exception {
        Fixtures.oneCore(Fixtures.standardRun(dir, true));
        List<Row> rows = PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published);
        assertEquals(ALL_ROWS, rows.size());
        for (Row r : rows) {
            assertEquals(Verdict.NOT_MEASURED, r.verdict(), r.test().id());
            assertEquals(r.test().lead(r.tdengine().value(), r.other().value()), r.publishedRatio(), 1e-12, r.test().id());
            assertTrue(r.measured().startsWith("not measured / "), r.measured());
        }
        // the rows where the other database led in the report keep its lead: ClickHouse's PERCENTILE on one sensor, 15.2 ms against 65.2
        assertEquals(15.2 / 65.2, row(rows, "q5.percentile.d1", "clickhouse").publishedRatio(), 1e-9);
        assertEquals(184_900.0 / 245_868, row(rows, "resources.disk", "influx").publishedRatio(), 1e-9, "InfluxDB's smaller disk in 3.5");
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

    /**
     * All six databases: every row of the section gets a measured ratio, in the right direction for
     * rows/s (TDengine's over the other's), latency and disk (the other's over TDengine's), and the
     * rows of report B, a 100 M-row test, are indicative at this run's 100,000 rows, never a verdict.
     */
    @Test
    void everyRowGetsAMeasuredRatioInTheRightDirectionAndTheScaleIsSaid() throws Exception {
        // Cassandra: 50,000 rows/s (TDengine 20x ahead), 100 ms per query (100x behind), 20 MB on disk (20x)
        Fixtures.everyDatabase(dir, 50_000, 100.0, 20_000_000);
        List<Row> rows = PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published);
        assertEquals(ALL_ROWS, rows.size());
        for (Row r : rows) {
            assertFalse(Double.isNaN(r.measuredRatio()), r.test().id() + " " + r.other().database() + ": " + r.measured());
            assertTrue(r.verdict() != Verdict.NOT_MEASURED, r.test().id() + " " + r.other().database());
        }
        assertEquals(20, row(rows, "write.best", "cassandra").measuredRatio(), 1e-9, "TDengine's rows/s over Cassandra's");
        assertEquals(100, row(rows, "q2.avg.p100", "cassandra").measuredRatio(), 1e-9, "Cassandra's latency over TDengine's");
        assertEquals(100, row(rows, "q1", "cassandra").measuredRatio(), 1e-9);
        assertEquals(20, row(rows, "disk", "cassandra").measuredRatio(), 1e-9, "Cassandra's bytes over TDengine's");
        // report A's resources: the one-client cells' server CPU (60% against 20% of a core) and memory (400 MB against 100 MB), the disk step's bytes
        assertEquals(3, row(rows, "resources.cpu", "cassandra").measuredRatio(), 1e-9, "Cassandra's CPU over TDengine's");
        assertEquals(4, row(rows, "resources.memory", "cassandra").measuredRatio(), 1e-9, "Cassandra's memory over TDengine's");
        assertEquals(100.0 * 400 / (24 * 1024), row(rows, "resources.memory", "cassandra").otherMeasured().orElseThrow().value(), 1e-9,
                "a share of the machine's 24 GiB");
        assertEquals("20.0% of a core / 60.0% of a core", row(rows, "resources.cpu", "cassandra").measured());
        assertEquals(20, row(rows, "resources.disk", "cassandra").measuredRatio(), 1e-9);
        // report A's functions: q5 on one device, q2 at 80% of the devices, the other's latency over TDengine's
        assertEquals(100, row(rows, "q5.count.d1", "cassandra").measuredRatio(), 1e-9);
        assertEquals(50, row(rows, "q5.percentile.d1", "opentsdb").measuredRatio(), 1e-9);
        assertEquals(2, row(rows, "q2.avg.p80", "clickhouse").measuredRatio(), 1e-9);
        String cpu = String.join("\n", row(rows, "resources.cpu", "cassandra").differences());
        assertTrue(cpu.contains("the cells: TDengine R/R 100 x 1 client (500,000 rows/s, server 100 MB peak RSS of 24.0 GiB); Cassandra R/R 100 x 1 client"
                + " (25,000 rows/s, server 400 MB peak RSS of 24.0 GiB)"), cpu);
        assertEquals("indicative: under a tenth of the published rows: TDengine 100,000 of 10,000,000, Cassandra "
                + "100,000 of 10,000,000", row(rows, "resources.cpu", "cassandra").verdictText());
        assertEquals("indicative: under a tenth of the published rows: TDengine 100 of 200,000, MySQL 100 of 20,000",
                row(rows, "q5.count.d1", "mysql").verdictText(), "device 1's 100 rows against the sensor's published "
                + "rows");
        assertEquals("indicative: under a tenth of the published rows: TDengine 100,000 of 1,000,000,000, InfluxDB "
                + "100,000 of 1,000,000,000", row(rows, "q2.count.p80", "influx").verdictText());
        for (String test : List.of("q1", "q2.avg.p100", "q3.count.p100", "q4.count.p100", "disk")) {
            assertEquals("indicative: under a tenth of the published rows: TDengine 100,000 of 100,000,000, Cassandra "
                    + "100,000 of 100,000,000", row(rows, test, "cassandra").verdictText(), test);
        }
        // the report's own ratio beside the computed one
        assertEquals("23.9x (the report: write about 20x)", row(rows, "write.best", "cassandra").publishedRatioText());
        assertEquals("4,850x (the report: aggregates about 4000x)", row(rows, "q2.avg.p100", "cassandra").publishedRatioText());
    }

    /** A direction error in the latency or disk path (TDengine's over the other's) turns these ratios upside down and fails. */
    @Test
    void aSlowerOrBiggerTdengineIsBehind() throws Exception {
        // Cassandra now faster and smaller than TDengine: 0.5 ms per query, 0.5 MB on disk, its server at 10% of a core and 50 MB
        Fixtures.everyDatabase(dir, 50_000, 0.5, 500_000, 10.0, 50.0);
        List<Row> rows = PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published);
        assertEquals(0.5, row(rows, "q2.avg.p100", "cassandra").measuredRatio(), 1e-9);
        assertEquals(0.5, row(rows, "disk", "cassandra").measuredRatio(), 1e-9);
        assertEquals(0.5, row(rows, "read.onecore", "cassandra").measuredRatio(), 1e-9, "q1 rows/s: Cassandra reads the same rows in half the time");
        assertEquals(0.5, row(rows, "resources.cpu", "cassandra").measuredRatio(), 1e-9);
        assertEquals(0.5, row(rows, "resources.memory", "cassandra").measuredRatio(), 1e-9);
        assertEquals(0.5, row(rows, "resources.disk", "cassandra").measuredRatio(), 1e-9);
        assertEquals(0.5, row(rows, "q5.avg.d1", "cassandra").measuredRatio(), 1e-9);
        assertEquals(0.5, row(rows, "q2.min.p80", "cassandra").measuredRatio(), 1e-9);
        for (String test : List.of("resources.cpu", "q5.avg.d1", "q2.min.p80")) assertEquals(Verdict.REVERSED, Verdict.of(row(rows, test, "cassandra").publishedRatio(),
                row(rows, test, "cassandra").measuredRatio()), test);
    }

    /**
     * Where the other database led in the report (ClickHouse's PERCENTILE on one sensor, 4.3x;
     * InfluxDB's smaller disk in 3.5), the verdict speaks of its lead: held, grown (larger, not
     * "smaller"), or lost (reversed). The run is made as large as the published tests, so verdicts are given.
     */
    @Test
    void whereTheOtherLedTheVerdictSpeaksOfItsLead() throws Exception {
        Fixtures.scale(Fixtures.everyDatabase(dir, 50_000, 100.0, 20_000_000), 1000, 200_000);
        Fixtures.p50(dir, "clickhouse", "q5.percentile.d1", 0.25);
        List<Row> rows = PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published);
        Row percentile = row(rows, "q5.percentile.d1", "clickhouse");
        assertEquals(0.25, percentile.measuredRatio(), 1e-9, "ClickHouse 4x ahead, published 4.3x");
        assertEquals("holds within 2x (ClickHouse's lead)", percentile.verdictText());
        Fixtures.p50(dir, "clickhouse", "q5.percentile.d1", 0.05);
        percentile = row(PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published), "q5.percentile.d1", "clickhouse");
        assertEquals("larger (ClickHouse's lead)", percentile.verdictText(), "ClickHouse's lead grew to 20x");
        Fixtures.p50(dir, "clickhouse", "q5.percentile.d1", 4.0);
        percentile = row(PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published), "q5.percentile.d1", "clickhouse");
        assertEquals("reversed", percentile.verdictText(), "TDengine ahead now");
        // InfluxDB's disk: 800 kB against TDengine's 1 MB (0.8x), published 0.752x
        assertEquals("holds within 2x (InfluxDB's lead)", row(rows, "resources.disk", "influx").verdictText());
        // at 200 M rows report B's tests (100 M) and A's resources (10 M) get verdicts too: Cassandra's q1
        // 100x, published 17.3x
        assertEquals(Verdict.LARGER, row(rows, "q1", "cassandra").verdict());
        assertEquals(Verdict.HOLDS, row(rows, "resources.cpu", "cassandra").verdict(), "3x against 5.45x, the "
                + "one-client cells on one core");
    }

    /**
     * The published comparison takes the published write path's cells; a faster path of the module
     * (TDengine's stmt) is named beside them with its own lead, never put in their place, while the
     * summary's best write names it.
     */
    @Test
    void writesCompareThePublishedPathAndNameTheFasterOne() throws Exception {
        Fixtures.everyDatabase(dir, 50_000, 100.0, 20_000_000);
        var td = (com.fasterxml.jackson.databind.node.ObjectNode) Fixtures.JSON.readTree(dir.resolve("tdengine-manifest.json").toFile());
        for (var c : td.get("write")) ((com.fasterxml.jackson.databind.node.ObjectNode) c).put("writePathName", "sql").put("publishedPath", true);
        Fixtures.cell(td, 1000, 2, 3_000_000, 30_000).put("writePathName", "stmt").put("publishedPath", false);
        Fixtures.write(dir.resolve("tdengine-manifest.json"), td);
        List<RunResults.Database> dbs = Inputs.read(List.of(dir)).databases();
        Row r = row(PublishedComparison.rows(dbs, published), "write.best", "cassandra");
        assertEquals(1_000_000, r.tdengineMeasured().orElseThrow().value(), 1e-9, "sql's best, not stmt's");
        assertEquals(20, r.measuredRatio(), 1e-9);
        String d = String.join("\n", r.differences());
        assertTrue(d.contains("TDengine R/R 1000 x 2 sql (published R/R 2000 x 7)"), d);
        assertTrue(d.contains("TDengine's stmt path (not the published one, not compared above): 3,000,000 rows/s at R/R 1000 x 2, TDengine's lead with it 60.0x"), d);
        RunResults.Database tdengine = dbs.stream().filter(db -> db.name().equals("tdengine")).findFirst().orElseThrow();
        assertEquals("3,000,000 (R/R 1000, 2 clients, stmt)", Figures.bestText(tdengine).orElseThrow(), "the summary's best write names its path");
        assertTrue(String.join("\n", row(PublishedComparison.rows(dbs, published), "write.onecore", "mysql").differences()).contains("TDengine's stmt path"));
        // TDengine's server on every core: neither path stands for the one-core test, so the faster one is not named there either
        ((com.fasterxml.jackson.databind.node.ObjectNode) td.get("machine")).remove("serverCores");
        Fixtures.write(dir.resolve("tdengine-manifest.json"), td);
        Row oneCore = row(PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published), "write.onecore", "mysql");
        assertEquals(Verdict.NOT_MEASURED, oneCore.verdict());
        String notOnOneCore = String.join("\n", oneCore.differences());
        assertFalse(notOnOneCore.contains("stmt path"), notOnOneCore);
        assertFalse(notOnOneCore.contains("indicative"), "no scale line without a measured ratio: " + notOnOneCore);
    }

    /** The one-core write at the published cells when the run has them: R/R 1000 x 7 for TDengine is not in this run, so the best cells, said so. */
    @Test
    void writesCompareThePublishedCellsWhenTheRunHasThem() throws Exception {
        Fixtures.everyDatabase(dir, 50_000, 100.0, 20_000_000);
        List<Row> rows = PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published);
        assertTrue(row(rows, "write.onecore", "mysql").differences().get(0).startsWith("best cells: "));
        var m = (com.fasterxml.jackson.databind.node.ObjectNode) Fixtures.JSON.readTree(dir.resolve("tdengine-manifest.json").toFile());
        Fixtures.cell(m, 1000, 7, 800_000, 1_000);
        Fixtures.write(dir.resolve("tdengine-manifest.json"), m);
        var mysql = (com.fasterxml.jackson.databind.node.ObjectNode) Fixtures.JSON.readTree(dir.resolve("mysql-manifest.json").toFile());
        Fixtures.cell(mysql, 10, 2, 20_000, 100);
        Fixtures.write(dir.resolve("mysql-manifest.json"), mysql);
        rows = PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published);
        Row r = row(rows, "write.onecore", "mysql");
        assertEquals(800_000.0 / 20_000, r.measuredRatio(), 1e-9, "TDengine's R/R 1000 x 7 over MySQL's R/R 10 x 2, not the best cells");
        assertTrue(String.join(" ", r.differences()).contains("the published cells: TDengine R/R 1000 x 7 (published R/R 1000 x 7); MySQL R/R 10 x 2"),
                r.differences().toString());
    }

    /**
     * Report A states no rows for its write test (3.2): its one-core write rows stay indicative at
     * any scale, even on the published cells, and say why; at 100,000 rows as at 10 M.
     */
    @Test
    void reportAsWriteRowsStateNoRowsSoStayIndicative() throws Exception {
        Fixtures.everyDatabase(dir, 50_000, 100.0, 20_000_000);
        withCell("tdengine", 1000, 7, 800_000);
        withCell("mysql", 10, 2, 20_000);
        Row small = row(PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published), "write.onecore",
                "mysql");
        assertEquals(40, small.measuredRatio(), 1e-9, "the published cells: TDengine's R/R 1000 x 7 over MySQL's R/R "
                + "10 x 2");
        assertEquals("indicative: report A states no rows for this test", small.verdictText());
        Fixtures.scale(dir, 1000, 10_000);
        Row tenMillion = row(PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published),
                "write.onecore", "mysql");
        assertEquals("indicative: report A states no rows for this test", tenMillion.verdictText(), "10 M rows: no "
                + "published rows to hold a tenth of");
    }

    /**
     * No fewer than a tenth of the published rows, exactly: 10 M of report B's 100 M gives a
     * verdict, 9.6 M (which rounds to 1/10) does not.
     */
    @Test
    void exactlyATenthOfThePublishedRowsGivesAVerdictAndFewerDoNot() throws Exception {
        Fixtures.scale(Fixtures.everyDatabase(dir, 50_000, 2.0, 20_000_000), 1000, 10_000);
        Row q1 = row(PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published), "q1", "cassandra");
        assertEquals(Verdict.SMALLER, q1.verdict(), "2x against 17.3x, at 10 M rows of 100 M");
        assertEquals(List.of(), q1.reasons());
        Fixtures.scale(dir, 1000, 9_600);
        q1 = row(PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published), "q1", "cassandra");
        assertEquals("indicative: under a tenth of the published rows: TDengine 9,600,000 of 100,000,000, Cassandra "
                + "9,600,000 of 100,000,000", q1.verdictText());
    }

    /**
     * Each side against its own published rows, not the smaller of the two: report A's 80% functions
     * stood on 1 billion rows for TDengine and 100 M for MySQL, its read test on 65 M for TDengine and
     * 1 M for InfluxDB; 20 M rows here hold a tenth of MySQL's, not of TDengine's.
     */
    @Test
    void eachSideNeedsATenthOfItsOwnPublishedRows() throws Exception {
        Fixtures.scale(Fixtures.everyDatabase(dir, 50_000, 100.0, 20_000_000), 1000, 20_000);
        List<Row> rows = PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published);
        assertEquals("indicative: under a tenth of the published rows: TDengine 20,000,000 of 1,000,000,000",
                row(rows, "q2.count.p80", "mysql").verdictText());
        assertEquals("indicative: published: every row read back, each one's best of 1..7 clients (TDengine 3, "
                + "InfluxDB 3); here q1's groups, one client", row(rows, "read.onecore", "influx").verdictText(),
                "20 M rows hold a tenth of 65 M and 1 M: only the clients differ");
        Fixtures.scale(dir, 1000, 2_000);
        rows = PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published);
        assertTrue(row(rows, "read.onecore", "influx").verdictText().endsWith("under a tenth of the published rows: "
                + "TDengine 2,000,000 of 65,000,000"), "InfluxDB's 2 M rows hold a tenth of its 1 M, TDengine's not "
                + "of its 65 M");
    }

    /**
     * A write row compares the same cells, or each one's best at its published client count: the
     * default matrix's cells (at most 2 clients) against report B's 7-client bests are indicative;
     * cells at 7 clients give a verdict, and so do the published cells themselves.
     */
    @Test
    void writesNeedThePublishedCellsOrBestsAtThePublishedClients() throws Exception {
        Fixtures.scale(Fixtures.everyDatabase(dir, 50_000, 100.0, 20_000_000), 1000, 100_000);
        Row best = row(PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published), "write.best",
                "cassandra");
        assertEquals(20, best.measuredRatio(), 1e-9, "TDengine's best (1000 x 2) over Cassandra's");
        assertEquals("indicative: the run has neither the published cells nor cells at their clients (TDengine 7, "
                + "Cassandra 7)", best.verdictText());
        withCell("tdengine", 1000, 7, 1_500_000);
        withCell("cassandra", 50, 7, 60_000);
        best = row(PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published), "write.best",
                "cassandra");
        assertEquals(25, best.measuredRatio(), 1e-9, "each one's best at 7 clients");
        assertEquals(Verdict.HOLDS, best.verdict(), "25x against 23.9x");
        assertEquals("each one's best at its published clients: TDengine R/R 1000 x 7 (published R/R 2000 x 7); "
                + "Cassandra R/R 50 x 7 (published R/R 100 x 7)", best.differences().get(0));
        withCell("tdengine", 2000, 7, 1_200_000);
        withCell("cassandra", 100, 7, 40_000);
        best = row(PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published), "write.best",
                "cassandra");
        assertEquals(30, best.measuredRatio(), 1e-9, "the published cells, though each one's best at 7 clients is "
                + "elsewhere");
        assertTrue(best.differences().get(0).startsWith("the published cells: "), best.differences().get(0));
        // report A: ClickHouse's best was at 4 clients (R/R 50,000), the default matrix has 2 at most
        Row clickhouse = row(PublishedComparison.rows(Inputs.read(List.of(dir)).databases(), published),
                "write.onecore", "clickhouse");
        assertTrue(clickhouse.verdictText().startsWith("indicative: the run has neither the published cells nor cells"
                + " at their clients (TDengine 7, ClickHouse 4)"), clickhouse.verdictText());
    }

    /** A write cell added to a database's manifest. */
    private void withCell(String db, int rowsPerRequest, int clients, double rowsPerSecond) throws Exception {
        Path file = dir.resolve(db + "-manifest.json");
        ObjectNode m = (ObjectNode) Fixtures.JSON.readTree(file.toFile());
        Fixtures.cell(m, rowsPerRequest, clients, rowsPerSecond, rowsPerSecond / 100);
        Fixtures.write(file, m);
    }
}
