package org.tsdbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
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
 * pairs beside the same measured pair only, indicative on a data set far smaller than report D's;
 * report C's claims with a verdict only on its scenarios and load cell, an upper bound holding any
 * smaller lead; otherwise the row says why it has no verdict. And the rendered report.md and
 * report.html carry the table.
 */
class IotPublishedComparisonTest {

    @TempDir
    Path dir;

    /** A database's IoT manifest: its scenario (null: none), rows loaded, write cells {R/R, clients, rows/s[, metrics/s]}, query medians {type, ms}, disk. */
    private void manifest(String name, String display, String version, String scale, long rows, double[][] cells, Object[][] queries,
                          long diskBytes, long rawText) throws Exception {
        StringBuilder writes = new StringBuilder();
        for (double[] c : cells) {
            if (writes.length() > 0) writes.append(',');
            writes.append(String.format(Locale.ROOT, "{\"rowsPerRequest\":%d,\"clients\":%d,\"rowsPerSecond\":%.1f,\"error\":1%s}", (int) c[0], (int) c[1], c[2],
                    c.length > 3 ? String.format(Locale.ROOT, ",\"metricsPerSecond\":%.1f", c[3]) : ""));
        }
        StringBuilder latency = new StringBuilder();
        for (Object[] q : queries) {
            if (latency.length() > 0) latency.append(',');
            latency.append(String.format(Locale.ROOT, "{\"id\":\"%s\",\"samples\":10,\"p50Ms\":%s,\"p90Ms\":%s,\"p99Ms\":%s,\"maxMs\":%s,\"meanMs\":%s,\"meanErrorMs\":0.1}",
                    q[0], q[1], q[1], q[1], q[1], q[1]));
        }
        String disk = diskBytes <= 0 ? "" : String.format(Locale.ROOT, ",\"disk\":{\"bytes\":%d,\"rawTextBytes\":%d,\"rows\":%d}", diskBytes, rawText, rows);
        Files.writeString(dir.resolve(name + "-manifest.json"), String.format(Locale.ROOT, """
                {"database":"%s","server":{"serverVersion":"%s","driver":"d"},
                 "workload":{"name":"iot","trucks":{"trucks":100,"startNs":1451606400000000000,"endNs":1454284800000000000,"intervalNs":10000000000,
                   "seed":123,"scale":%s,"file":null},"source":"generated"},
                 "machine":{"cpu":"c","cores":2},"load":{"rowsStored":%d,"verified":true},
                 "write":[%s],
                 "query":{"checked":[],"absent":[],"latency":[%s]}%s}""", display, version, scale == null ? "null" : "\"" + scale + "\"", rows,
                writes, latency, disk));
    }

    private List<Row> rows() throws Exception {
        return IotPublishedComparison.load().rows(Inputs.read(List.of(dir)).databases());
    }

    private static Row missing(List<Row> rows) {
        return row(rows, "d.write.3000x30");
    }

    private static Row row(List<Row> rows, String id) {
        return rows.stream().filter(r -> r.figure().id().equals(id)).findFirst().orElseThrow(() -> new AssertionError(id));
    }

    @Test
    void reportDsPairsStandBesideTheSamePairOnlyAndAreIndicativeOnASmallDataSet() throws Exception {
        // 30 trucks x 36 h: 1/72 of report D's 37.3 M rows
        manifest("cnosdb", "CnosDB", "2.4.3.4", null, 518_400, new double[][] {{1000, 30, 200_000, 1_580_000}, {3000, 10, 90_000}, {100, 1, 5_000}},
                new Object[0][], 0, 0);
        manifest("influx", "InfluxDB", "1.8.10", null, 518_400, new double[][] {{1000, 30, 100_000}, {100, 1, 4_000}}, new Object[0][], 0, 0);
        List<Row> rows = rows();
        Row r = row(rows, "d.write.1000x30");
        assertEquals(2.0, r.measuredRatio(), 1e-9);
        assertEquals("indicative (scale 1/72)", r.verdictText());
        // Metrics/s beside rows/s where the write step counted them (a manifest written before it did has none).
        assertEquals("200,000 rows/s (1,580,000 metrics/s) / 100,000 rows/s (metrics/s not counted)", r.measured());
        assertEquals("CnosDB 102,089.67 rows/s (807,526.66 metrics/s) / InfluxDB 93,781.54 rows/s (741,809.55 metrics/s)", r.figure().publishedText());
        assertEquals("1.09x (the page: 1.08)", r.publishedRatioText());
        assertTrue(r.differences().contains("scale: CnosDB 518,400 rows, InfluxDB 518,400 rows (published: 37,342,964 rows)"), r.differences().toString());
        assertEquals("published setting: each database in a container of 8 cores and 32 GB on a 32-core Xeon Gold 5218, 256 GB, one SSD", r.differences().get(0));
        assertFalse(missing(rows).differences().stream().anyMatch(d -> d.startsWith("indicative")), "no scale note where nothing was measured");
        // InfluxDB has no 3000 x 10: not measured, never another cell in its place
        Row missing = row(rows, "d.write.3000x10");
        assertTrue(Double.isNaN(missing.measuredRatio()));
        assertEquals("not measured", missing.verdictText());
        assertEquals("90,000 rows/s (metrics/s not counted) / not measured", missing.measured());
        // the databases of report C are not in this run
        Row c = row(rows, "c.write.influx");
        assertEquals("not measured", c.verdictText());
        assertTrue(c.differences().contains("versions: TDengine not in this run (published 3.0 (1bea5a53)), InfluxDB 1.8.10 (published 1.8.10)"), c.differences().toString());
    }

    @Test
    void reportDsPairsGiveAVerdictOnADataSetOfItsSize() throws Exception {
        manifest("cnosdb", "CnosDB", "2.4.3.4", "iot-1", 40_000_000, new double[][] {{3000, 30, 200_000}}, new Object[0][], 0, 0);
        manifest("influx", "InfluxDB", "1.8.10", "iot-1", 40_000_000, new double[][] {{3000, 30, 50_000}}, new Object[0][], 0, 0);
        Row r = row(rows(), "d.write.3000x30");
        assertEquals(4.0, r.measuredRatio(), 1e-9);
        assertEquals(Verdict.LARGER, r.verdict(), "4x against the published 1.29x: over twice its lead");
        assertEquals(1, r.scaleDown());
    }

    @Test
    void reportCsClaimsGiveAVerdictOnlyOnItsScenariosAndLoadCell() throws Exception {
        // on iot-2, report C's load cell on both: TDengine 1.2x TimescaleDB holds within "at most 3.3x"; 0.5x InfluxDB is reversed
        manifest("tdengine", "TDengine", "3.3.0.1", "iot-2", 6_000_000, new double[][] {{10_000, 12, 600_000}, {1000, 2, 100_000}},
                new Object[][] {{"iot.avg-load", 1.0}, {"iot.daily-activity", 2.0}, {"iot.breakdown-frequency", 4.0}}, 0, 0);
        manifest("timescaledb", "TimescaleDB", "2.28.3", "iot-2", 6_000_000, new double[][] {{10_000, 12, 500_000}},
                new Object[][] {{"iot.avg-load", 30.0}, {"iot.daily-activity", 10.0}}, 0, 0);
        manifest("influx", "InfluxDB", "1.8.10", "iot-2", 6_000_000, new double[][] {{10_000, 12, 1_200_000}},
                new Object[][] {{"iot.avg-load.South", 400.0}, {"iot.avg-load.North", 600.0}, {"iot.breakdown-frequency", 4.0}}, 0, 0);
        List<Row> rows = rows();
        Row ts = row(rows, "c.write.timescaledb");
        assertEquals(1.2, ts.measuredRatio(), 1e-9);
        assertEquals(Verdict.HOLDS, ts.verdict(), "a lead under the upper bound holds");
        assertEquals("at most 3.3x", ts.publishedRatioText());
        assertEquals("600,000 rows/s / 500,000 rows/s", ts.measured(), "report C's cell, not TDengine's faster 1000 x 2");
        assertEquals(Verdict.REVERSED, row(rows, "c.write.influx").verdict());
        Row avg = row(rows, "c.query.avg-load.influx");
        assertEquals(500.0, avg.measuredRatio(), 1e-9, "InfluxDB's avg-load: the mean of its fleets' medians (500 ms) over TDengine's 1 ms");
        assertEquals(Verdict.HOLDS, avg.verdict(), "500x against 426x");
        assertEquals(Verdict.SMALLER, row(rows, "c.query.breakdown-frequency.influx").verdict(), "1x against 53x: not an upper bound");
        assertEquals(5.0, row(rows, "c.query.daily-activity.timescaledb").measuredRatio(), 1e-9);
        assertEquals(Verdict.HOLDS, row(rows, "c.query.avg-load.timescaledb").verdict(), "30x against 23x");
    }

    @Test
    void anotherDataSetOrCellThanReportCsIsSaidInsteadOfAVerdict() throws Exception {
        manifest("tdengine", "TDengine", "3.3.0.1", null, 500_000, new double[][] {{10_000, 12, 600_000}}, new Object[][] {{"iot.avg-load", 1.0}}, 0, 0);
        manifest("influx", "InfluxDB", "1.8.10", null, 500_000, new double[][] {{10_000, 12, 100_000}}, new Object[][] {{"iot.avg-load", 400.0}}, 0, 0);
        List<Row> rows = rows();
        Row w = row(rows, "c.write.influx");
        assertEquals(6.0, w.measuredRatio(), 1e-9, "the ratio is shown");
        assertNull(w.verdict());
        assertEquals("no verdict: report C's writes ran on iot-1, iot-2, iot-3, iot-4, iot-5; TDengine's data set here is none of them", w.verdictText());
        assertEquals("no verdict: report C's queries ran on iot-1, iot-2; TDengine's data set here is none of them",
                row(rows, "c.query.avg-load.influx").verdictText());
    }

    @Test
    void reportDsCnosDbVsTimescaleDbRowsTakeTheBestCellsTheQueriesAndTheCompression() throws Exception {
        manifest("cnosdb", "CnosDB", "2.4.3.4", "iot-1", 50_000_000, new double[][] {{1000, 2, 300_000}, {5000, 8, 400_000}},
                new Object[][] {{"iot.readings-count", 100.0}, {"iot.latitude-stats", 300.0}}, 1_000_000_000L, 8_000_000_000L);
        manifest("timescaledb", "TimescaleDB", "2.28.3", "iot-1", 50_000_000, new double[][] {{1000, 2, 200_000}},
                new Object[][] {{"iot.readings-count", 400.0}}, 1_000_000_000L, 7_000_000_000L);
        List<Row> rows = rows();
        Row w = row(rows, "d.write.timescaledb");
        assertEquals(2.0, w.measuredRatio(), 1e-9);
        assertEquals(Verdict.HOLDS, w.verdict(), "1/9 of report D's rows: a verdict");
        assertEquals("400,000 rows/s at 5000 x 8 / 200,000 rows/s at 1000 x 2", w.measured());
        assertEquals("2x", w.publishedRatioText(), "the page's own ratio as it gave it");
        assertEquals(4.0, row(rows, "d.query.readings-count").measuredRatio(), 1e-9);
        assertEquals("not measured", row(rows, "d.query.latitude-stats").verdictText());
        Row disk = row(rows, "d.disk.timescaledb");
        assertEquals(8.0 / 7.0, disk.measuredRatio(), 1e-9, "CnosDB's compression over TimescaleDB's");
        assertEquals(7.73 / 7.45, disk.figure().ratio(), 1e-12);
        assertEquals("CnosDB 1.221 s / TimescaleDB 4.413 s", row(rows, "d.query.readings-count").figure().publishedText(), "as published");
        assertEquals("published setting: 64-core Xeon Gold 5218, 256 GB, NVMe SSD", disk.differences().get(0));
        assertEquals(Verdict.HOLDS, disk.verdict());
    }

    @Test
    void theReportsOfAnIotRunCarryTheTable() throws Exception {
        manifest("cnosdb", "CnosDB", "2.4.3.4", null, 518_400, new double[][] {{1000, 30, 200_000}}, new Object[0][], 0, 0);
        manifest("influx", "InfluxDB", "1.8.10", null, 518_400, new double[][] {{1000, 30, 100_000}, {10_000, 12, 100_000}}, new Object[0][], 0, 0);
        manifest("tdengine", "TDengine", "3.3.0.1", null, 518_400, new double[][] {{10_000, 12, 600_000}}, new Object[0][], 0, 0);
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        Files.writeString(Path.of("target/iot-published.md"), md);
        assertTrue(md.contains("\n### The IoT trucks (reports C and D)\n\n" + IotPublishedComparison.EXPLANATION), md);
        assertTrue(md.contains("| write, batch 1000 x 30 workers | CnosDB vs InfluxDB (report D) | CnosDB 102,089.67 rows/s (807,526.66 metrics/s) / InfluxDB"
                + " 93,781.54 rows/s (741,809.55 metrics/s) | 1.09x (the page: 1.08) | 200,000 rows/s (metrics/s not counted) / 100,000 rows/s"
                + " (metrics/s not counted) | 2.00x | indicative (scale 1/72) | published setting: "), md);
        assertTrue(md.contains("- Report C: TDengine 3.0 vs TimescaleDB vs InfluxDB, IoT (TSBS), 2023; AWS r4.8xlarge"), md);
        assertFalse(md.contains("(q2.avg.p100)"), "an IoT-only run has no devices' rows: " + md);
        String html = HtmlReport.render(Inputs.read(List.of(dir)));
        assertTrue(html.contains("<table id=\"published-iot-table\" class=\"published\">"), html);
        assertTrue(html.contains("<td class=\"verdict indicative\">indicative (scale 1/72)</td>"), html);
        assertTrue(html.contains("<td>6.00x</td><td class=\"verdict no-verdict\">no verdict: report C&#39;s writes ran on iot-1"), html);
        Path csvDir = Files.createDirectories(dir.resolve("csv"));
        CsvExport.write(Inputs.read(List.of(dir)), csvDir);
        String csv = Files.readString(csvDir.resolve(CsvExport.PUBLISHED));
        assertTrue(csv.contains("The IoT trucks (reports C and D),\"write, batch 1000 x 30 workers\",InfluxDB (vs CnosDB),D,"), csv);
    }
}
