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
import org.tsdbbench.report.CpuOnlyPublishedComparison.Row;

/**
 * A cpu-only run's "Published vs measured" rows from manifests as the steps write them: report D's
 * CnosDB vs OpenTSDB ratios beside the ratios of each manifest's load, minute-max-first-10 medians and
 * disk, indicative on this run's scale and cores, a verdict only like for like; a missing side named.
 */
class CpuOnlyPublishedComparisonTest {

    @TempDir
    Path dir;

    private static final long START_MS = 1_451_606_400_000L;
    private static final long END_MS = START_MS + 13 * 3_600_000L;
    private static final String WHOLE = CpuOnlyPublishedComparison.QUERY_PREFIX + "host_0." + START_MS + "." + END_MS;
    private static final String TWO_FIFTHS = CpuOnlyPublishedComparison.QUERY_PREFIX + "host_0." + START_MS + "."
            + (START_MS + (END_MS - START_MS) * 2 / 5);

    /**
     * A cpu-only manifest of 10 hosts over 13 hours: the load's points acknowledged and points/s, the
     * two spans' medians (ms), the disk's bytes and raw text bytes, the machine's cores.
     */
    private void manifest(String name, String display, long points, double pointsPerSecond, double wholeMs,
                          double twoFifthsMs, long diskBytes, long rawText, int cores) throws Exception {
        String latency = latency(WHOLE, wholeMs) + "," + latency(TWO_FIFTHS, twoFifthsMs);
        Files.writeString(dir.resolve(name + "-manifest.json"), String.format(Locale.ROOT, """
                {"database":"%s","server":{"serverVersion":"v","driver":"d"},
                 "workload":{"name":"cpu-only","hosts":{"hosts":10,"startNs":%d000000,"endNs":%d000000,
                   "intervalNs":10000000000,"seed":123,"file":null},"source":"generated"},
                 "machine":{"cpu":"c","cores":%d},"load":{"rowsStored":%d,"verified":true,"rowsPerSecond":%s,
                   "metricsAcknowledged":%d,"metricsPerSecond":%s},
                 "disk":{"bytes":%d,"rawTextBytes":%d,"rows":%d},
                 "query":{"checked":[],"absent":[],"latency":[%s]}}""", display, START_MS, END_MS, cores, points / 10,
                pointsPerSecond / 10, points, pointsPerSecond, diskBytes, rawText, points / 10, latency));
    }

    /** One query's latency entry, every percentile {@code ms}. */
    private static String latency(String id, double ms) {
        return String.format(Locale.ROOT, "{\"id\":\"%s\",\"samples\":10,\"p50Ms\":%s,\"p90Ms\":%s,\"p99Ms\":%s,"
                + "\"maxMs\":%s,\"meanMs\":%s,\"meanErrorMs\":0.1}", id, ms, ms, ms, ms, ms);
    }

    /** CnosDB ten times OpenTSDB's points/s, 20x and 5x its query speed, a fifth of its disk. */
    private void bothDatabases(long points, int cores) throws Exception {
        manifest("cnosdb", "CnosDB", points, 1_000_000, 2, 2, 1_000_000, 20_000_000, cores);
        manifest("opentsdb", "OpenTSDB", points, 100_000, 40, 10, 5_000_000, 20_000_000, cores);
    }

    private List<Row> rows() throws Exception {
        return CpuOnlyPublishedComparison.load().rows(Inputs.read(List.of(dir)).databases());
    }

    private static Row row(List<Row> rows, String id) {
        return rows.stream().filter(r -> r.figure().id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void eachRatioIsReadFromTheManifestsAndTheRunsScaleAndCoresMakeItIndicative() throws Exception {
        bothDatabases(468_000, 2);
        List<Row> rows = rows();
        assertEquals(6, rows.size());
        double[][] published = {{10, 10}, {11.4, 11.36}, {97.1, 1845.0 / 19}, {15.8, 269.0 / 17}, {5.4, 26 / 4.8},
            {5.5, 10.4 / 1.9}};
        double[] measured = {10, 10, 20, 5, 5, 5};
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            assertEquals(published[i][0], r.figure().ratio(), 0.05, r.figure().id());
            assertEquals(published[i][1], r.figure().ratio(), 0.01, r.figure().id());
            assertEquals(measured[i], r.measuredRatio(), 1e-9, r.figure().id());
            assertEquals(Verdict.INDICATIVE, r.verdict(), r.figure().id());
            assertTrue(r.verdictText().contains("under a tenth of report D's about 110,000,000,000 points: CnosDB"
                    + " 468,000 (10 hosts x 13.0 h), OpenTSDB 468,000 (10 hosts x 13.0 h)"), r.verdictText());
            assertTrue(r.verdictText().contains("the machine here: CnosDB 2 cores, OpenTSDB 2 cores, report D's servers"
                    + " 8 cores each"), r.verdictText());
        }
        Row write = row(rows, "d.devops.write.8c32g");
        assertEquals("1,000,000 points/s (the load: 100,000 rows/s) / 100,000 points/s (the load: 10,000 rows/s)",
                write.measured());
        assertTrue(write.verdictText().contains("report D states no unit for its write figures (points/s likely)"));
        Row whole = row(rows, "d.devops.query.5-months");
        assertEquals("2.00 ms p50 (1 client) / 40.0 ms p50 (1 client)", whole.measured());
        assertEquals("97.1x", whole.publishedRatioText());
        assertEquals("20.0x", whole.measuredRatioText());
        assertEquals("5.47x", row(rows, "d.devops.disk.compression").publishedRatioText());
        assertTrue(row(rows, "d.devops.disk.compression").measured()
                .startsWith("20.0 (20.0 MB of text in 1.00 MB) / 4.00"));
        String source = whole.differences().get(whole.differences().size() - 1);
        assertEquals("source: report D, the CnosDB 2.3.4.4 vs OpenTSDB 2.4.1 table, row \"max(usage_user) per minute of"
                + " host_0, 2018-01-01..06-01 (5 months), limit 10\"", source);
        // a table cell never holds the table's separator
        for (Row r : rows) assertFalse(String.join(" ", r.differences()).contains("|"), r.figure().id());
    }

    /** On report D's scale and cores the queries and the disk get a verdict; the writes stay indicative (no unit). */
    @Test
    void likeForLikeRowsGetAVerdict() throws Exception {
        bothDatabases(20_000_000_000L, 8);
        List<Row> rows = rows();
        assertEquals(Verdict.INDICATIVE, row(rows, "d.devops.write.8c64g").verdict());
        assertEquals(List.of("report D states no unit for its write figures (points/s likely)"),
                row(rows, "d.devops.write.8c64g").reasons());
        assertEquals(Verdict.SMALLER, row(rows, "d.devops.query.5-months").verdict(), "20x against 97.1x");
        assertEquals(Verdict.SMALLER, row(rows, "d.devops.query.2-months").verdict(), "5x against 15.8x");
        assertEquals(Verdict.HOLDS, row(rows, "d.devops.disk.bytes").verdict(), "5x against 5.42x");
        assertEquals(Verdict.HOLDS, row(rows, "d.devops.disk.compression").verdict(), "20 vs 4 against 10.4 vs 1.9");
        assertEquals(List.of(), row(rows, "d.devops.disk.bytes").reasons());
    }

    @Test
    void aDiskFigureThatMayCountEarlierDataGetsNoVerdict() throws Exception {
        bothDatabases(20_000_000_000L, 8);
        Path opentsdb = dir.resolve("opentsdb-manifest.json");
        Files.writeString(opentsdb, Files.readString(opentsdb).replace("\"disk\":{", "\"disk\":{\"serverHeld\":{"
                + "\"otherDatabases\":[],\"leftoversCounted\":true,\"leftovers\":\"cells earlier runs deleted\"},"));
        List<Row> rows = rows();
        for (String id : List.of("d.devops.disk.bytes", "d.devops.disk.compression")) {
            assertEquals(Verdict.INDICATIVE, row(rows, id).verdict(), id);
            assertTrue(row(rows, id).reasons().get(0).startsWith("a disk figure that may count earlier runs' data: OpenTSDB's"),
                    row(rows, id).reasons().toString());
        }
        assertEquals(Verdict.SMALLER, row(rows, "d.devops.query.5-months").verdict(), "a query row keeps its verdict");
    }

    @Test
    void aMissingSideIsNamedAndItsFiguresAreNotMeasured() throws Exception {
        manifest("cnosdb", "CnosDB", 468_000, 1_000_000, 2, 2, 1_000_000, 20_000_000, 2);
        List<RunResults.Database> dbs = Inputs.read(List.of(dir)).databases();
        CpuOnlyPublishedComparison cpu = CpuOnlyPublishedComparison.load();
        assertEquals("OpenTSDB is not in this run (compare --workload cpu-only with cnosdb and opentsdb): report D's"
                + " write, query and disk ratios are not measured.", cpu.missing(dbs));
        for (Row r : cpu.rows(dbs)) {
            assertEquals(Verdict.NOT_MEASURED, r.verdict(), r.figure().id());
            assertTrue(r.measured().endsWith(" / not measured"), r.measured());
        }
        assertTrue(cpu.pair(dbs).contains("OpenTSDB not in this run (published 2.4.1)"), cpu.pair(dbs));
    }

    @Test
    void reportMdAndHtmlCarryTheTable() throws Exception {
        bothDatabases(468_000, 2);
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        assertTrue(md.contains("### " + CpuOnlyPublishedComparison.TITLE), md);
        assertTrue(md.contains("| test | published | published ratio | measured | measured ratio | verdict |"
                + " differences |"), md);
        assertTrue(md.contains("| minute-max-first-10, the whole span (report D: 5 months) | CnosDB 19 ms / OpenTSDB"
                + " 1,845 ms | 97.1x | 2.00 ms p50 (1 client) / 40.0 ms p50 (1 client) | 20.0x | indicative: "), md);
        assertTrue(md.contains("- CnosDB vs OpenTSDB (report D): published setting: each server 8 cores with 32 or 64"
                + " GB"), md);
        assertFalse(md.contains("not in this run (compare"), md);
        String html = HtmlReport.render(Inputs.read(List.of(dir)));
        assertTrue(html.contains("<table id=\"published-cpu-only-table\" class=\"published\">"), html);
        assertTrue(html.contains("<td>disk: bytes</td><td>CnosDB 4.8 GB / OpenTSDB 26 GB</td><td>5.42x</td>"), html);
        Path csvDir = dir.resolve("csv");
        Files.createDirectories(csvDir);
        CsvExport.write(Inputs.read(List.of(dir)), csvDir);
        String csv = Files.readString(csvDir.resolve(CsvExport.PUBLISHED));
        // the title holds a comma: quoted
        String quotedTitle = "\"" + CpuOnlyPublishedComparison.TITLE + "\"";
        assertTrue(csv.contains(quotedTitle + ",\"write, 8C32G\",OpenTSDB (vs CnosDB),D,"), csv);
    }

    @Test
    void theWholeSpanAndTheTwoFifthsAreToldApartByTheDataSetsEnd() throws Exception {
        bothDatabases(468_000, 2);
        RunResults.Database cnos = Inputs.read(List.of(dir)).databases().stream().filter(d -> d.name().equals("cnosdb"))
                .findFirst().orElseThrow();
        assertEquals(WHOLE, CpuOnlyPublishedComparison.spanQuery(cnos, true).orElseThrow().id());
        assertEquals(TWO_FIFTHS, CpuOnlyPublishedComparison.spanQuery(cnos, false).orElseThrow().id());
        assertTrue(CpuOnlyPublishedComparison.load().missing(List.of(cnos)).startsWith("OpenTSDB is not in this run"));
    }
}
