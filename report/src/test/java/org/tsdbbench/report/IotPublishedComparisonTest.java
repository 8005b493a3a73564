package org.tsdbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.report.IotPublishedComparison.Row;

/**
 * An IoT run's "Published vs measured" rows from manifests as the steps write them: report D's
 * pairs beside the same measured pair only, indicative on a data set under a tenth of report D's;
 * report C's rows always indicative (its load cell, data sets and query runs are TDengine's scripts',
 * not its text's), each saying why; its CPU and disk I/O claim per database; report D's disk both
 * ways. And the rendered report.md and report.html carry the table and the pairs said once.
 */
class IotPublishedComparisonTest {

    @TempDir
    Path dir;

    /** No cell, no query, no disk: a manifest with its rows only. */
    private static final double[][] NO_CELLS = {};
    private static final Object[][] NO_QUERIES = {};

    /** Report C's reason for every row of its writes: its setting is TDengine's scripts'. */
    private static final String C_WRITES = "report C's text states no load cell or data sets: 12 workers x batch "
            + "10,000 and the scenarios iot-1 .. iot-5 are TDengine's public TSBS test scripts'";

    /** Report D's load of MySQL and CnosDB: a bulk load of a CSV file, not the modules' write paths. */
    private static final String D_MYSQL_LOAD = "report D loaded one CSV file (CnosDB COPY INTO, MySQL load data local infile):"
            + " here each module's load step over its own write path";

    /**
     * A database's IoT manifest: its scenario (null: none), rows loaded, write cells {R/R, clients,
     * rows/s[, metrics/s (0: not counted)[, server CPU us/row, server disk writes MiB/s]]}, query
     * medians {type, ms}, disk bytes and raw text bytes (0: no disk).
     */
    private void manifest(String name, String display, String version, String scale, long rows, double[][] cells,
                          Object[][] queries, long diskBytes, long rawText) throws Exception {
        manifest(name, display, version, scale, rows, cells, queries, diskBytes, rawText, null);
    }

    /** As above, the query step's clients at once recorded (null: not, as with one client). */
    private void manifest(String name, String display, String version, String scale, long rows, double[][] cells,
                          Object[][] queries, long diskBytes, long rawText, Integer queryClients) throws Exception {
        StringBuilder writes = new StringBuilder();
        for (double[] c : cells) {
            if (writes.length() > 0) writes.append(',');
            String metrics = c.length > 3 && c[3] > 0 ? String.format(Locale.ROOT, ",\"metricsPerSecond\":%.1f", c[3])
                    : "";
            String server = c.length > 5 ? String.format(Locale.ROOT,
                    ",\"serverCpuMicrosPerRow\":%.3f,\"serverDiskWriteMBps\":%.3f", c[4], c[5]) : "";
            writes.append(String.format(Locale.ROOT,
                    "{\"rowsPerRequest\":%d,\"clients\":%d,\"rowsPerSecond\":%.1f,\"error\":1%s%s}", (int) c[0],
                    (int) c[1], c[2], metrics, server));
        }
        StringBuilder latency = new StringBuilder();
        for (Object[] q : queries) {
            if (latency.length() > 0) latency.append(',');
            latency.append(String.format(Locale.ROOT,
                    "{\"id\":\"%s\",\"samples\":10,\"p50Ms\":%s,\"p90Ms\":%s,\"p99Ms\":%s,"
                    + "\"maxMs\":%s,\"meanMs\":%s,\"meanErrorMs\":0.1%s}", q[0], q[1], q[1], q[1], q[1], q[1],
                    queryClients == null || queryClients == 1 ? "" : String.format(Locale.ROOT, ",\"queriesPerSecond\":%.1f",
                            queryClients * 1000 / ((Number) q[1]).doubleValue())));
        }
        String disk = diskBytes <= 0 ? "" : String.format(Locale.ROOT,
                ",\"disk\":{\"bytes\":%d,\"rawTextBytes\":%d,\"rows\":%d}", diskBytes, rawText, rows);
        Files.writeString(dir.resolve(name + "-manifest.json"), String.format(Locale.ROOT, """
                {"database":"%s","server":{"serverVersion":"%s","driver":"d"},
                 "workload":{"name":"iot","trucks":{"trucks":100,"startNs":1451606400000000000,
                   "endNs":1454284800000000000,"intervalNs":10000000000,"seed":123,"scale":%s,"file":null},
                   "source":"generated"},
                 "machine":{"cpu":"c","cores":2},"load":{"rowsStored":%d,"verified":true},
                 "write":[%s],
                 "query":{"checked":[],"absent":[],"latency":[%s]%s}%s}""", display, version,
                scale == null ? "null" : "\"" + scale + "\"", rows, writes, latency,
                queryClients == null ? "" : ",\"clients\":" + queryClients, disk));
    }

    private List<Row> rows() throws Exception {
        return IotPublishedComparison.load().rows(Inputs.read(List.of(dir)).databases());
    }

    private static Row row(List<Row> rows, String id) {
        return rows.stream().filter(r -> r.figure().id().equals(id)).findFirst().orElseThrow(() -> new AssertionError(id));
    }

    @Test
    void reportDsPairsStandBesideTheSamePairOnlyAndAreIndicativeOnASmallDataSet() throws Exception {
        // 30 trucks x 36 h: 518,400 rows, under a tenth of report D's 37.3 M rows
        manifest("cnosdb", "CnosDB", "2.4.3.4", null, 518_400, new double[][] {{1000, 30, 200_000, 1_580_000},
                {3000, 10, 90_000}, {100, 1, 5_000}}, NO_QUERIES, 0, 0);
        manifest("influx", "InfluxDB", "1.8.10", null, 518_400, new double[][] {{1000, 30, 100_000}, {100, 1, 4_000}},
                NO_QUERIES, 0, 0);
        List<Row> rows = rows();
        Row r = row(rows, "d.write.1000x30");
        assertEquals(2.0, r.measuredRatio(), 1e-9);
        assertEquals("indicative: under a tenth of the published rows: CnosDB 518,400 of 37,342,964,"
                + " InfluxDB 518,400 of 37,342,964", r.verdictText());
        // Metrics/s beside rows/s where the write step counted them (a manifest written before it did has none).
        assertEquals("200,000 rows/s (1,580,000 metrics/s) / 100,000 rows/s (metrics/s not counted)", r.measured());
        assertEquals("CnosDB 102,089.67 rows/s (807,526.66 metrics/s) / InfluxDB 93,781.54 rows/s (741,809.55 "
                + "metrics/s)", r.figure().publishedText());
        assertEquals("1.09x (the page: 1.08)", r.publishedRatioText());
        assertEquals(List.of("the cell: batch 1000 x 30 workers on both (compare --workload iot --matrix published "
                + "runs it)", "source: report D, the write table, batch size 1000 x 30 workers"), r.differences(),
                "the pair's setting is said once, not here");
        // InfluxDB has no 3000 x 10: not measured, never another cell in its place
        Row missing = row(rows, "d.write.3000x10");
        assertTrue(Double.isNaN(missing.measuredRatio()));
        assertEquals("not measured", missing.verdictText());
        assertEquals("90,000 rows/s (metrics/s not counted) / not measured", missing.measured());
        // the databases of report C are not in this run
        assertEquals("not measured", row(rows, "c.write.influx").verdictText());
        List<String> pairs = IotPublishedComparison.load().pairs(Inputs.read(List.of(dir)).databases());
        assertEquals(List.of("TDengine vs TimescaleDB (report C): published setting: AWS r4.8xlarge (32 vCPU, 244 "
                + "GiB) server and an identical client, 10 Gbps between them; versions: TDengine not in this run "
                + "(published 3.0 (1bea5a53)), TimescaleDB not in this run (published 2.10.1); rows here: not "
                + "measured (published: not stated)", "TDengine vs InfluxDB (report C): published setting: AWS "
                + "r4.8xlarge (32 vCPU, 244 GiB) server and an identical client, 10 Gbps between them; versions: "
                + "TDengine not in this run (published 3.0 (1bea5a53)), InfluxDB 1.8.10 (published 1.8.10); rows "
                + "here: InfluxDB 518,400 (published: not stated)", "CnosDB vs InfluxDB (report D): published "
                + "setting: each database in a container of 8 cores and 32 GB on a 32-core Xeon Gold 5218, 256 GB, "
                + "one SSD; versions: CnosDB 2.4.3.4 (published 2.3.0), InfluxDB 1.8.10 (published 1.8.10); rows "
                + "here: CnosDB 518,400, InfluxDB 518,400 (published: 37,342,964)", "CnosDB vs TimescaleDB (report "
                + "D): published setting: 64-core Xeon Gold 5218, 256 GB, NVMe SSD; versions: CnosDB 2.4.3.4 "
                + "(published 2.4.1), TimescaleDB not in this run (published 2.10.1); rows here: CnosDB 518,400 "
                + "(published: CnosDB 450,721,871, TimescaleDB 450,729,188)", "CnosDB vs MySQL (report D): published setting: "
                + "one 32-core Xeon Gold 5218, 256 GB, SSD, each; readings only; versions: CnosDB 2.4.3.4 (published 2.4), MySQL "
                + "not in this run (published 5.6); rows here: CnosDB 518,400 (published: 410,522,759)"), pairs);
    }

    @Test
    void reportDsPairsGiveAVerdictOnADataSetOfItsSize() throws Exception {
        manifest("cnosdb", "CnosDB", "2.4.3.4", "iot-1", 40_000_000, new double[][] {{3000, 30, 200_000}}, NO_QUERIES,
                0, 0);
        manifest("influx", "InfluxDB", "1.8.10", "iot-1", 40_000_000, new double[][] {{3000, 30, 50_000}}, NO_QUERIES,
                0, 0);
        Row r = row(rows(), "d.write.3000x30");
        assertEquals(4.0, r.measuredRatio(), 1e-9);
        assertEquals(Verdict.LARGER, r.verdict(), "4x against the published 1.29x: over twice its lead");
        assertEquals(List.of(), r.reasons());
    }

    /**
     * Report C's text states no load cell, data sets or query runs: on iot-2 with the scripts' cell
     * on all three databases, every row has its ratio (report C's cell, not TDengine's faster one)
     * and stays indicative, saying where its setting comes from; the query ratios carry the report's
     * qualifier, "for most query types".
     */
    @Test
    void reportCsRowsTakeTheScriptsSettingAndStayIndicative() throws Exception {
        manifest("tdengine", "TDengine", "3.3.0.1", "iot-2", 6_000_000, new double[][] {{10_000, 12, 600_000}, {1000, 2, 100_000}},
                new Object[][] {{"iot.avg-load", 1.0}, {"iot.daily-activity", 2.0}, {"iot.breakdown-frequency", 4.0}}, 0, 0);
        manifest("timescaledb", "TimescaleDB", "2.28.3", "iot-2", 6_000_000, new double[][] {{10_000, 12, 500_000}},
                new Object[][] {{"iot.avg-load", 30.0}, {"iot.daily-activity", 10.0}}, 0, 0);
        manifest("influx", "InfluxDB", "1.8.10", "iot-2", 6_000_000, new double[][] {{10_000, 12, 1_200_000}},
                new Object[][] {{"iot.avg-load.South", 400.0}, {"iot.avg-load.North", 600.0},
                {"iot.breakdown-frequency", 4.0}}, 0, 0);
        List<Row> rows = rows();
        Row ts = row(rows, "c.write.timescaledb");
        assertEquals(1.2, ts.measuredRatio(), 1e-9);
        assertEquals("at most 3.3x", ts.publishedRatioText());
        assertEquals("600,000 rows/s / 500,000 rows/s", ts.measured(), "report C's cell, not TDengine's faster 1000 x 2");
        assertEquals("indicative: " + C_WRITES, ts.verdictText());
        assertEquals(0.5, row(rows, "c.write.influx").measuredRatio(), 1e-9);
        Row avg = row(rows, "c.query.avg-load.influx");
        assertEquals(500.0, avg.measuredRatio(), 1e-9,
                "InfluxDB's avg-load: the mean of its fleets' medians (500 ms) over TDengine's 1 ms");
        assertEquals("426x; report C: TDengine led \"for most query types\" (对于大多数查询类型), not all",
                avg.publishedRatioText());
        assertEquals("indicative: report C's text states no query runs: the 100-truck and 4,000-truck data sets "
                + "(iot-1, iot-2 here; iot-1 is 100 trucks over 1 month) queried over 4 days by 8 workers are "
                + "TDengine's public TSBS test scripts' (a later version queries one day, not four); query clients "
                + "here: TDengine 1, InfluxDB 1, not the 8 workers report C's runs had at once (compare "
                + "--query-clients 8)", avg.verdictText());
        assertEquals("1.00 ms (1 client) / 500.0 ms (1 client)", avg.measured());
        for (Row r : rows) {
            if (!r.figure().report().id().equals("C") || Double.isNaN(r.measuredRatio())) continue;
            assertEquals(Verdict.INDICATIVE, r.verdict(), r.figure().id());
        }
        assertEquals(5.0, row(rows, "c.query.daily-activity.timescaledb").measuredRatio(), 1e-9);
    }

    /**
     * Report C's query ratios are latencies of 8 workers at once: a row measured with 8 query clients
     * on both sides has no reason of its clients (it says the count); at 1 client, or with one side
     * at 8 only, it is indicative, naming each side's count.
     */
    @Test
    void reportCsQueryRowsAreLikeForLikeInTheirClientsAtEightOnly() throws Exception {
        Object[][] fast = {{"iot.avg-load", 2.0}};
        Object[][] slow = {{"iot.avg-load", 100.0}};
        manifest("tdengine", "TDengine", "3.3.0.1", "iot-2", 6_000_000, NO_CELLS, fast, 0, 0, 8);
        manifest("influx", "InfluxDB", "1.8.10", "iot-2", 6_000_000, NO_CELLS, slow, 0, 0, 8);
        Row at8 = row(rows(), "c.query.avg-load.influx");
        assertEquals("2.00 ms (8 clients) / 100.0 ms (8 clients)", at8.measured());
        assertEquals(50.0, at8.measuredRatio(), 1e-9);
        assertEquals(1, at8.reasons().size(), "only where report C's setting comes from: " + at8.reasons());
        assertFalse(at8.verdictText().contains("query clients"), at8.verdictText());
        String md8 = MarkdownReport.render(Inputs.read(List.of(dir)));
        // each database's own table says its clients and their queries/s: 8 clients / 2 ms = 4,000 a second
        assertTrue(md8.contains("IoT queries (TSBS's), ms, 8 clients at once\n\n| query | p50 | p90 | p99 | queries/s | checked |"), md8);
        assertTrue(md8.contains("| iot.avg-load | 2.00 | 2.00 | 2.00 | 4,000 |"), md8);
        String html8 = HtmlReport.render(Inputs.read(List.of(dir)));
        assertTrue(html8.contains("8 clients at once ran each query.") && html8.contains("<th>p99</th><th>queries/s</th>")
                && html8.contains("<td>4,000</td>"), html8);

        manifest("influx", "InfluxDB", "1.8.10", "iot-2", 6_000_000, NO_CELLS, slow, 0, 0, null);
        Row mixed = row(rows(), "c.query.avg-load.influx");
        assertEquals("2.00 ms (8 clients) / 100.0 ms (1 client)", mixed.measured());
        assertEquals(List.of("query clients here: InfluxDB 1, not the 8 workers report C's runs had at once (compare "
                + "--query-clients 8)"), mixed.reasons().subList(1, mixed.reasons().size()));
        assertEquals(Verdict.INDICATIVE, mixed.verdict());

        manifest("tdengine", "TDengine", "3.3.0.1", "iot-2", 6_000_000, NO_CELLS, fast, 0, 0, 1);
        assertTrue(row(rows(), "c.query.avg-load.influx").verdictText().endsWith("query clients here: TDengine 1, "
                + "InfluxDB 1, not the 8 workers report C's runs had at once (compare --query-clients 8)"));
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        assertTrue(md.contains("2.00 ms (1 client) / 100.0 ms (1 client)"), md);
        assertTrue(md.contains("IoT queries (TSBS's), ms\n\n| query | p50 | p90 | p99 | checked |"), "one client: the table as before: " + md);
    }

    @Test
    void anotherDataSetThanTheScriptsScenariosIsSaidToo() throws Exception {
        manifest("tdengine", "TDengine", "3.3.0.1", null, 500_000, new double[][] {{10_000, 12, 600_000}},
                new Object[][] {{"iot.avg-load", 1.0}}, 0, 0);
        manifest("influx", "InfluxDB", "1.8.10", "iot-3", 500_000, new double[][] {{10_000, 12, 100_000}},
                new Object[][] {{"iot.avg-load", 400.0}}, 0, 0);
        List<Row> rows = rows();
        Row w = row(rows, "c.write.influx");
        assertEquals(6.0, w.measuredRatio(), 1e-9, "the ratio is shown");
        assertEquals(List.of(C_WRITES, "TDengine's data set here is none of the scripts' iot-1, iot-2, iot-3, iot-4, "
                + "iot-5"), w.reasons());
        assertEquals(List.of("TDengine's data set here is none of the scripts' iot-1, iot-2",
                "InfluxDB's data set here is not one of the scripts' iot-1, iot-2"),
                row(rows, "c.query.avg-load.influx").reasons().subList(1, 3));
    }

    /**
     * Report C's claim that TDengine used the least CPU and disk I/O while writing: a row per
     * database and resource, the server's CPU and disk writes per row in report C's cell, the
     * other's over TDengine's; indicative as report C's other rows; a cell without the server's
     * figures says so.
     */
    @Test
    void reportCsCpuAndDiskClaimHasARowPerDatabase() throws Exception {
        // TDengine: 1,000,000 rows/s, its server 2 us of CPU a row and writing 50 MiB/s (52.4 bytes a row)
        manifest("tdengine", "TDengine", "3.3.0.1", "iot-1", 53_000_000,
                new double[][] {{10_000, 12, 1_000_000, 0, 2.0, 50.0}}, NO_QUERIES, 0, 0);
        manifest("timescaledb", "TimescaleDB", "2.28.3", "iot-1", 53_000_000,
                new double[][] {{10_000, 12, 250_000, 0, 10.0, 25.0}}, NO_QUERIES, 0, 0);
        manifest("influx", "InfluxDB", "1.8.10", "iot-1", 53_000_000, new double[][] {{10_000, 12, 500_000}},
                NO_QUERIES, 0, 0);
        List<Row> rows = rows();
        Row cpu = row(rows, "c.cpu.timescaledb");
        assertEquals("server CPU per row while writing", cpu.label());
        assertEquals("2.00 us/row / 10.0 us/row", cpu.measured());
        assertEquals(5.0, cpu.measuredRatio(), 1e-9, "TimescaleDB's CPU per row over TDengine's: TDengine the least");
        assertEquals("above 1x (no figure)", cpu.publishedRatioText());
        assertEquals("TDengine used the least CPU and disk I/O while writing", cpu.figure().publishedText());
        assertEquals("indicative: " + C_WRITES, cpu.verdictText());
        Row disk = row(rows, "c.diskio.timescaledb");
        assertEquals("52.4 bytes/row / 105 bytes/row", disk.measured(), "50 MiB/s over 1,000,000 rows/s; 25 over "
                + "250,000");
        assertEquals(2.0, disk.measuredRatio(), 1e-9);
        Row influx = row(rows, "c.cpu.influx");
        assertEquals("not measured", influx.verdictText());
        assertTrue(influx.differences().contains("InfluxDB's cell has no server CPU sampled (the write step samples a "
                + "server on this machine only)"), influx.differences().toString());
    }

    /** Where a report states its setting, its bounds give verdicts: "at most" holds a smaller lead; "led", a lead. */
    @Test
    void aBoundGivesItsVerdictWhereTheRowIsLikeForLike() throws Exception {
        manifest("tdengine", "TDengine", "3.3.0.1", "iot-1", 53_000_000,
                new double[][] {{10_000, 12, 600_000, 0, 2.0, 50.0}}, NO_QUERIES, 0, 0);
        manifest("influx", "InfluxDB", "1.8.10", "iot-1", 53_000_000,
                new double[][] {{10_000, 12, 500_000, 0, 1.0, 50.0}}, NO_QUERIES, 0, 0);
        String figure = "{'id':'%s','report':'X','measure':'%s','bound':'%s','ratio':3.3,'first':'tdengine',"
                + "'firstProduct':'TDengine','firstVersion':'3','second':'influx','secondProduct':'InfluxDB',"
                + "'secondVersion':'1','rowsPerRequest':10000,'clients':12,'rows':53000000,'published':'p',"
                + "'source':'s'}";
        String tree = "{'reports':[{'id':'X','title':'t','hardware':'h','scale':'s'}],'figures':["
                + String.format(Locale.ROOT, figure, "w", "writeCell", "atMost") + ","
                + String.format(Locale.ROOT, figure, "c", "writeCpuPerRow", "lead") + "]}";
        String json = tree.replace('\'', '"');
        IotPublishedComparison stated = IotPublishedComparison.parse(RunResults.JSON.readTree(json));
        List<Row> rows = stated.rows(Inputs.read(List.of(dir)).databases());
        assertEquals(Verdict.HOLDS, rows.get(0).verdict(), "1.2x within at most 3.3x");
        assertEquals(Verdict.REVERSED, rows.get(1).verdict(), "InfluxDB used half TDengine's CPU per row");
    }

    @Test
    void reportDsCnosDbVsTimescaleDbRowsTakeTheBestCellsTheQueriesAndTheDiskBothWays() throws Exception {
        manifest("cnosdb", "CnosDB", "2.4.3.4", "iot-1", 50_000_000, new double[][] {{1000, 2, 300_000}, {5000, 8, 400_000}},
                new Object[][] {{"iot.readings-count", 100.0}, {"iot.latitude-stats", 300.0}}, 1_000_000_000L, 8_000_000_000L);
        manifest("timescaledb", "TimescaleDB", "2.28.3", "iot-1", 50_000_000, new double[][] {{1000, 2, 200_000}},
                new Object[][] {{"iot.readings-count", 400.0}}, 900_000_000L, 6_300_000_000L);
        List<Row> rows = rows();
        Row w = row(rows, "d.write.timescaledb");
        assertEquals(2.0, w.measuredRatio(), 1e-9);
        assertEquals("indicative: report D states no batch size or workers: each one's best cell here",
                w.verdictText());
        assertEquals("400,000 rows/s at 5000 x 8 / 200,000 rows/s at 1000 x 2", w.measured());
        assertEquals("2x", w.publishedRatioText(), "the page's own ratio as it gave it");
        Row count = row(rows, "d.query.readings-count");
        assertEquals(4.0, count.measuredRatio(), 1e-9);
        assertEquals(Verdict.HOLDS, count.verdict(), "50 M rows: a tenth of report D's 450.7 M on both sides");
        assertEquals("CnosDB 1.221 s / TimescaleDB 4.413 s", count.figure().publishedText(), "as published");
        assertEquals("not measured", row(rows, "d.query.latitude-stats").verdictText());
        // the disk both ways, as published: CnosDB compresses more (8x against 7x), TimescaleDB takes fewer bytes
        Row compression = row(rows, "d.disk.timescaledb");
        assertEquals(8.0 / 7.0, compression.measuredRatio(), 1e-9, "CnosDB's compression over TimescaleDB's");
        assertEquals(7.73 / 7.45, compression.figure().ratio(), 1e-12);
        assertEquals(Verdict.HOLDS, compression.verdict());
        Row bytes = row(rows, "d.diskbytes.timescaledb");
        assertEquals("disk: bytes", bytes.label());
        assertEquals("CnosDB 26 GB / TimescaleDB 22 GB", bytes.figure().publishedText());
        assertEquals("0.846x", bytes.publishedRatioText());
        assertEquals("1.00 GB / 900 MB", bytes.measured());
        assertEquals(0.9, bytes.measuredRatio(), 1e-9);
        assertEquals("holds within 2x (TimescaleDB's lead)", bytes.verdictText());
        // under a tenth of TimescaleDB's 450,729,188 rows, not of CnosDB's 450,721,871: each side against its own
        manifest("timescaledb", "TimescaleDB", "2.28.3", "iot-1", 45_072_000, new double[][] {{1000, 2, 200_000}},
                new Object[][] {{"iot.readings-count", 400.0}}, 900_000_000L, 6_300_000_000L);
        assertEquals("indicative: under a tenth of the published rows: TimescaleDB 45,072,000 of 450,729,188",
                row(rows(), "d.query.readings-count").verdictText());
    }

    @Test
    void reportDsCnosDbVsMySqlRowsTakeTheLoadsTheQueriesAndTheDisk() throws Exception {
        manifest("cnosdb", "CnosDB", "2.4.3.4", "iot-1", 50_000_000, NO_CELLS, new Object[][] {{"iot.readings-count", 100.0},
                {"iot.latitude-stats", 300.0}, {"iot.latitude-equals", 50.0}}, 1_000_000_000L, 8_000_000_000L);
        manifest("mysql", "MySQL", "10.11.14", "iot-1", 50_000_000, NO_CELLS, new Object[][] {{"iot.readings-count", 400.0},
                {"iot.latitude-stats", 600.0}, {"iot.latitude-equals", 2_500.0}, {"iot.latitude-stats-by-driver", 900.0}},
                4_000_000_000L, 8_000_000_000L);
        loaded("cnosdb", 150_000);
        loaded("mysql", 15_000);
        List<Row> rows = rows();
        Row load = row(rows, "d.mysql.load");
        assertEquals("load of the data set", load.label());
        assertEquals("150,000 rows/s / 15,000 rows/s", load.measured(), "each one's load step, as its manifest says");
        assertEquals(10.0, load.measuredRatio(), 1e-9);
        assertEquals("indicative: " + D_MYSQL_LOAD, load.verdictText(), "50 M rows are a tenth of report D's 410.5 M, but not its write path");
        assertEquals(4.0, row(rows, "d.mysql.query.readings-count").measuredRatio(), 1e-9);
        assertEquals(2.0, row(rows, "d.mysql.query.latitude-stats").measuredRatio(), 1e-9);
        Row equals = row(rows, "d.mysql.query.latitude-equals");
        assertEquals(50.0, equals.measuredRatio(), 1e-9);
        assertEquals("3.7 s / 3 min 55.75 s", equals.figure().publishedText(), "as published");
        // a query one side did not run is not measured, never another query in its place
        assertEquals("not measured", row(rows, "d.mysql.query.latitude-stats-by-driver").verdictText());
        assertEquals(4.0, row(rows, "d.disk.mysql").measuredRatio(), 1e-9, "CnosDB's 8x against MySQL's 2x");
        assertEquals(4.0, row(rows, "d.diskbytes.mysql").measuredRatio(), 1e-9, "MySQL's 4 GB over CnosDB's 1 GB");
        // a load that was not verified is no figure
        Files.writeString(dir.resolve("mysql-manifest.json"), Files.readString(dir.resolve("mysql-manifest.json"))
                .replace("\"verified\":true", "\"verified\":false"));
        Row unverified = row(rows(), "d.mysql.load");
        assertEquals("not measured", unverified.verdictText());
        assertTrue(unverified.differences().contains("MySQL's load not verified in this run"), unverified.differences().toString());
    }

    /** Gives the database's manifest a load of {@code rowsPerSecond}. */
    private void loaded(String name, double rowsPerSecond) throws Exception {
        Path m = dir.resolve(name + "-manifest.json");
        Files.writeString(m, Files.readString(m).replace("\"verified\":true}",
                String.format(Locale.ROOT, "\"verified\":true,\"rowsPerSecond\":%.1f}", rowsPerSecond)));
    }

    @Test
    void theReportsOfAnIotRunCarryTheTable() throws Exception {
        manifest("cnosdb", "CnosDB", "2.4.3.4", null, 518_400, new double[][] {{1000, 30, 200_000}}, NO_QUERIES, 0, 0);
        manifest("influx", "InfluxDB", "1.8.10", null, 518_400, new double[][] {{1000, 30, 100_000},
                {10_000, 12, 100_000}}, NO_QUERIES, 0, 0);
        manifest("tdengine", "TDengine", "3.3.0.1", null, 518_400, new double[][] {{10_000, 12, 600_000}}, NO_QUERIES,
                0, 0);
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        Files.writeString(Path.of("target/iot-published.md"), md);
        assertTrue(md.contains("\n### The IoT trucks (reports C and D)\n\n" + IotPublishedComparison.EXPLANATION), md);
        assertTrue(md.contains("| write, batch 1000 x 30 workers | CnosDB vs InfluxDB (report D) | CnosDB 102,089.67 "
                + "rows/s (807,526.66 metrics/s) / InfluxDB 93,781.54 rows/s (741,809.55 metrics/s) | 1.09x (the "
                + "page: 1.08) | 200,000 rows/s (metrics/s not counted) / 100,000 rows/s (metrics/s not counted) | "
                + "2.00x | indicative: under a tenth of the published rows: CnosDB 518,400 of 37,342,964, InfluxDB "
                + "518,400 of 37,342,964 | the cell: batch 1000 x 30 workers on both"), md);
        assertTrue(md.contains("- Report C: TDengine 3.0 vs TimescaleDB vs InfluxDB, IoT (TSBS), 2023; AWS r4.8xlarge"), md);
        assertTrue(md.contains(MarkdownReport.PAIRS_NOTE + "\n\n- TDengine vs TimescaleDB (report C): published "
                + "setting: AWS r4.8xlarge"), md);
        assertFalse(md.contains("(q2.avg.p100)"), "an IoT-only run has no devices' rows: " + md);
        String html = HtmlReport.render(Inputs.read(List.of(dir)));
        assertTrue(html.contains("<table id=\"published-iot-table\" class=\"published\">"), html);
        assertTrue(html.contains("<td class=\"verdict indicative\">indicative: under a tenth of the published rows: "
                + "CnosDB 518,400 of 37,342,964"), html);
        assertTrue(html.contains("<td>6.00x</td><td class=\"verdict indicative\">indicative: report C&#39;s text "
                + "states no load cell"), html);
        assertTrue(html.contains("<li>CnosDB vs InfluxDB (report D): published setting: each database in a container "
                + "of 8 cores"), html);
        Path csvDir = Files.createDirectories(dir.resolve("csv"));
        CsvExport.write(Inputs.read(List.of(dir)), csvDir);
        String csv = Files.readString(csvDir.resolve(CsvExport.PUBLISHED));
        assertTrue(csv.contains("The IoT trucks (reports C and D),\"write, batch 1000 x 30 workers\",InfluxDB (vs CnosDB),D,"), csv);
    }
}
