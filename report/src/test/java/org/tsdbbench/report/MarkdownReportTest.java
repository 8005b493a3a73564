package org.tsdbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MarkdownReportTest {

    @TempDir
    Path dir;

    /** A manifest with these write cells and the latencies of these JMH query entries (the JMH file beside it too). */
    private void database(String name, String display, String writes, String queries) throws Exception {
        var manifest = (com.fasterxml.jackson.databind.node.ObjectNode) Fixtures.JSON.readTree("{\"database\":\"" + display
                + "\",\"server\":{\"serverVersion\":\"1.0\",\"driver\":\"d\",\"settings\":{\"k\":\"v\"}},\"workload\":{\"source\":\"generated\"},"
                + "\"machine\":{\"cpu\":\"c\",\"cores\":2},\"load\":{\"rowsStored\":1000,\"verified\":true},\"write\":[" + writes + "],"
                + "\"query\":{\"absent\":[\"q2.stddev.p10\"]}}");
        if (queries != null) Fixtures.queries(dir, name, manifest, (com.fasterxml.jackson.databind.node.ArrayNode) Fixtures.JSON.readTree("[" + queries + "]"));
        Fixtures.write(dir.resolve(name + "-manifest.json"), manifest);
    }

    private static String query(String id, double p50) {
        return "{\"params\":{\"queryId\":\"" + id + "\"},\"primaryMetric\":{\"score\":" + p50 + ",\"scorePercentiles\":{\"50.0\":" + p50
                + ",\"90.0\":" + p50 + ",\"99.0\":" + p50 + "},\"rawDataHistogram\":[[[[" + p50 + ",3]]]]}}";
    }

    @Test
    void summaryHasOneColumnPerDatabaseAndTheBestCellWhichNeverIsAFailedOne() throws Exception {
        database("alpha", "Alpha",
                "{\"rowsPerRequest\":100,\"clients\":1,\"rowsPerSecond\":5000,\"error\":100},"
                        + "{\"rowsPerRequest\":1000,\"clients\":2,\"rowsPerSecond\":90000,\"error\":\"NaN\",\"failure\":\"3 failed requests\"},"
                        + "{\"rowsPerRequest\":1000,\"clients\":1,\"rowsPerSecond\":20000,\"error\":500}",
                query("q1.g0", 2.0) + "," + query("q1.g10", 4.0) + "," + query("q2.avg.p100", 12.5) + "," + query("q2.avg.p10", 1.25));
        database("beta", "Beta", "", null);
        String md = MarkdownReport.render(RunResults.read(dir));
        assertTrue(md.contains("| | Alpha | Beta |"), md);
        assertTrue(md.contains("| best write, rows/s | 20,000 (R/R 1000, 1 clients) | - |"), md);
        assertTrue(md.contains("| read one group (q1, mean of groups), ms | 3.00 | - |"), md);
        assertTrue(md.contains("| avg over all rows (q2.avg.p100), ms | 12.5 | - |"), md);
        assertTrue(md.contains("| 1000 | 20,000 ± 500 | FAILED |"), md);
        assertTrue(md.contains("| q2.avg | 1.25 | - | - | - | - | - | - | - | - | 12.5 |"), md);
        assertTrue(md.contains("Absent in this dialect (not faked): [\"q2.stddev.p10\"]"), md);
    }

    @Test
    void singleDeviceFunctionsStayOutOfTheShareOfDevicesTables() throws Exception {
        database("alpha", "Alpha", "{\"rowsPerRequest\":100,\"clients\":1,\"rowsPerSecond\":5000,\"error\":100}",
                query("q2.avg.p10", 3) + "," + query("q5.count.d1", 0.5) + "," + query("q5.percentile.d1", 0.7));
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        assertTrue(md.contains("| q2.avg | 3"), md);
        assertFalse(md.contains("| q5"), md);
        String html = HtmlReport.render(Inputs.read(List.of(dir)));
        assertFalse(html.contains("<th>q5"), html);
    }

    @Test
    void furtherTestsHaveTheirTablesAndAbsentFunctionsSayAbsent() throws Exception {
        Files.writeString(dir.resolve("alpha-manifest.json"), """
                {"database":"Alpha","server":{"serverVersion":"1.0"},"query":{"absent":["q5.stddev.d1","q5.percentile.d1"]},
                 "write":[{"rowsPerRequest":100,"clients":1,"rowsPerSecond":5000,"error":100}],
                 "range":[{"clients":1,"resultRows":5,"queriesPerSecond":1234.0,"p50Ms":0.25,"p99Ms":0.75},
                          {"clients":4,"resultRows":5,"queriesPerSecond":4321.0,"p50Ms":0.5,"p99Ms":1.5}],
                 "volume":[{"storedRowsBefore":0.0,"writeRowsPerSecond":11111.0,"writeRequestMillis":2.5,"readRowsPerSecond":22222.0,"readMillis":4.5},
                           {"storedRowsBefore":100000.0,"writeRowsPerSecond":9999.0,"writeRequestMillis":3.5,"readRowsPerSecond":20000.0,"readMillis":5.5}],
                 "mixed":[{"run":"readers alone","writers":0,"readers":1,"queryP50Ms":0.11,"queryP99Ms":0.2},
                          {"run":"writers + readers","writers":1,"readers":1,"writeRowsPerSecond":186041.0,"writeP50Ms":3.48,"writeP99Ms":7.08,"queryP50Ms":0.1,"queryP99Ms":0.16}],
                 "fixedRate":[{"rowsPerRequest":100,"clients":2,"targetRowsPerSecond":20000,"achievedRowsPerSecond":15000.0,"keptUp":false,
                               "latencyFromIntendedStartMs":{"p50":80.5,"p99":950.0,"max":990.0}}]}""");
        var alpha = (com.fasterxml.jackson.databind.node.ObjectNode) Fixtures.JSON.readTree(dir.resolve("alpha-manifest.json").toFile());
        Fixtures.queries(dir, "alpha", alpha, (com.fasterxml.jackson.databind.node.ArrayNode) Fixtures.JSON.readTree(
                "[" + query("q5.count.d1", 0.42) + "," + query("q5.last.d1", 0.33) + "]"));
        Fixtures.write(dir.resolve("alpha-manifest.json"), alpha);
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        assertTrue(md.contains("| count | 0.42 |"), md);
        assertTrue(md.contains("| stddev | absent |") && md.contains("| percentile (90th) | absent |"), md);
        assertTrue(md.contains("| first | - |"), "a function not run and not absent is a dash: " + md);
        assertTrue(md.contains("| Alpha | 4 | 5 | 4,321 | 0.50 | 1.50 |"), md);
        assertTrue(md.contains("| Alpha | 100,000 | 9,999 | 3.50 | 20,000 | 5.50 |"), md);
        assertTrue(md.contains("| Alpha | writers + readers | 186,041 | 3.48 | 7.08 | 0.10 | 0.16 |"), md);
        assertTrue(md.contains("| Alpha | readers alone | - | - | - | 0.11 | 0.20 |"), md);
        assertTrue(md.contains("| Alpha | 100 | 2 | 20,000 | 15,000 | 80.5 | 950.0 | 990.0 | fell behind |"), md);
        // The fixed-rate cell is not a write-matrix cell: the best write stays the matrix's.
        assertFalse(md.contains("15,000 (R/R 100"), md);
        String html = HtmlReport.render(Inputs.read(List.of(dir)));
        for (String id : List.of("range-qps", "volume-writeRowsPerSecond", "volume-readRowsPerSecond", "device-functions-table", "fixedRate-table")) {
            assertTrue(html.contains("id=\"" + id + "\""), id);
        }
    }

    @Test
    void furtherTestsAreReadFromTheManifest() throws Exception {
        Fixtures.standardRun(dir, true);
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        // q5: databases with q5 figures are the columns (clickhouse has none); an absent function says so, never a number
        assertTrue(md.contains("| function (device 1), p50 ms | InfluxDB | MySQL |"), md);
        assertTrue(md.contains("| count | - | 0.42 |"), md);
        assertTrue(md.contains("| percentile (90th) | - | 1.25 |"), md);
        assertTrue(md.contains("| stddev | 1.75 | absent |"), md);
        // range: queries/s and p50, p99 as the range step recorded them
        assertTrue(md.contains("| MySQL | 1 | 100 | 2,000 | 0.50 | 1.50 |"), md);
        assertTrue(md.contains("| MySQL | 4 | 100 | 8,000 | 2.00 | 6.00 |"), md);
        // volume: one row per block from the raw data, not the scores (sums over the blocks)
        assertTrue(md.contains("| MySQL | 100,000 | 49,000 | 2.25 | 290,000 | 31.0 |"), md);
        assertTrue(md.contains("| InfluxDB | 200,000 | 68,000 | 1.50 | 380,000 | 27.0 |"), md);
        assertFalse(md.contains("147,000"), "the sum of the blocks' write rows/s is no figure: " + md);
        // mixed: no rows/s where the mixed step recorded none (JMH's group rowsAcked, 180.5 rows/ms in its file, is not the step's count)
        assertTrue(md.contains("| MySQL | readers alone | - | - | - | 0.25 | 0.75 |"), md);
        assertTrue(md.contains("| MySQL | writers + readers | - | 7.50 | 16.5 | 0.30 | 0.90 |"), md);
        assertTrue(md.contains("| MySQL | writers alone | - | 3.25 | 5.50 | - | - |"), md);
        assertFalse(md.contains("180,500") || md.contains("285,000"), md);
        // fixed rate: the manifest's cell with its verdict; the JMH cell beside it (99,000 rows/s) counts nowhere
        assertTrue(md.contains("| MySQL | 100 | 2 | 20,000 | 19,950 | 0.80 | 3.40 | 6.40 | kept up |"), md);
        assertTrue(md.contains("| best write, rows/s | - | 52,000 (R/R 1000, 2 clients) | 35,000 (R/R 1000, 2 clients) |"), md);
        assertFalse(md.contains("99,000"), md);
        // databases without a test's figures are left out of its table
        assertFalse(md.contains("| InfluxDB | readers alone"), md);
        assertFalse(md.contains("| clickhouse | "), md);
    }

    /** The manifest is the report's one source: JMH's files beside it, with other figures, are not read. */
    @Test
    void theManifestsFiguresAreTheReportsAndJmhsFilesBesideItAreNotRead() throws Exception {
        Files.writeString(dir.resolve("alpha-manifest.json"), """
                {"database":"Alpha","range":[{"clients":1,"resultRows":5,"queriesPerSecond":1234.0,"p50Ms":0.25,"p99Ms":0.75}],
                 "mixed":[{"run":"writers alone","writers":1,"readers":0,"writeRowsPerSecond":111.0,"writeP50Ms":3.0,"writeP99Ms":9.0}],
                 "write":[{"rowsPerRequest":100,"clients":1,"rowsPerSecond":5000,"error":100,"serverCpuPercent":40.0}]}""");
        Fixtures.write(dir.resolve("alpha-range.json"), Fixtures.JSON.valueToTree(Fixtures.rangeEntries("alpha", 1, 5, 5678, 10, 0.125, 0.5)));
        Fixtures.write(dir.resolve("alpha-mixed.json"), Fixtures.JSON.valueToTree(Fixtures.mixedEntries("alpha", 1, 2.5, 4.0, 8.0, Double.NaN, Double.NaN)));
        Fixtures.write(dir.resolve("alpha-write.json"), Fixtures.JSON.createArrayNode().add(Fixtures.writeEntry("alpha", 100, 1, 7777, 10,
                "\u00b7server.cpu", 99.0, "%", "\u00b7server.rss", 900.0, "MB")));
        Fixtures.write(dir.resolve("alpha-query.json"), Fixtures.JSON.createArrayNode().add(Fixtures.queryEntry("alpha", "q2.avg.p100", new double[] {9.0, 3})));
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        assertTrue(md.contains("| Alpha | 1 | 5 | 1,234 | 0.25 | 0.75 |"), md);
        assertTrue(md.contains("| Alpha | writers alone | 111 | 3.00 | 9.00 | - | - |"), md);
        assertTrue(md.contains("| 100 | 5,000 ± 100 (cpu 40.0 %) |"), md);
        assertFalse(md.contains("5,678") || md.contains("7,777") || md.contains("4.00") || md.contains("900 MB"), md);
        assertTrue(md.contains("| avg over all rows (q2.avg.p100), ms | - |"), "no latency in the manifest, none from JMH's file: " + md);
    }

    /** With several query clients the query step's JSON also holds a queries/s trial per query: not a latency, never read as one. */
    @Test
    void aQueryStepsQueriesPerSecondTrialIsNotReadAsItsLatency() {
        com.fasterxml.jackson.databind.node.ObjectNode thrpt = Fixtures.queryEntry("alpha", "q2.avg.p100", new double[] {1500.0, 1});
        thrpt.put("mode", "thrpt");
        thrpt.put("benchmark", "org.tsdbbench.common.bench.QueryBenchmark.queriesPerSecond");
        java.util.Map<String, RunResults.QueryLatency> q = JmhJson.queries(List.of(Fixtures.queryEntry("alpha", "q2.avg.p100",
                new double[] {9.0, 3}), thrpt));
        assertEquals(1, q.size(), q.toString());
        assertEquals(9.0, q.get("q2.avg.p100").p50(), 1e-9, "the sample-time trial's median");
        assertEquals(3, q.get("q2.avg.p100").samples());
        assertTrue(JmhJson.isQuery(thrpt) && !JmhJson.isQueryLatency(thrpt), "still the query step's entry, its kind 'query'");
    }

    @Test
    void theMySqlModulesOwnManifestGivesEveryFurtherTable() throws Exception {
        for (String kind : List.of("manifest", "query", "range", "volume", "mixed", "fixedrate")) {
            String name = "mysql-" + kind + ".json";
            try (var in = getClass().getResourceAsStream("/samples/" + name)) {
                Files.copy(in, dir.resolve(name));
            }
        }
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        // This manifest was written before it held the query latencies: no query figure is read from JMH's file beside it.
        assertFalse(md.contains("| function (device 1), p50 ms |"), md);
        // range, 4 clients x 1000 rows: 2,656.4 queries/s, p50 1.366 ms, p99 5.145 ms
        assertTrue(md.contains("| MySQL | 4 | 1000 | 2,656 | 1.37 | 5.14 |"), md);
        // volume, the second block: 20,000 rows stored before it
        assertTrue(md.contains("| MySQL | 20,000 | 203,215 | 4.92 | 664,612 | 30.1 |"), md);
        // mixed: only sample-mode entries in this file, so no rows/s; write:p0.50 7.668 ms, query:p0.99 0.732 ms
        assertTrue(md.contains("| MySQL | writers + readers | - | 7.67 | 16.8 | 0.11 | 0.73 |"), md);
        assertTrue(md.contains("| MySQL | 100 | 2 | 20,000 | 20,059 | 0.83 | 3.42 | 6.36 | kept up |"), md);
        assertTrue(md.contains("| best write, rows/s | - |"), "the fixed-rate cell is no write-matrix cell: " + md);
        assertFalse(md.contains("| q5"), md);
    }

    @Test
    void aSmallComparisonRunHasThePublishedVsMeasuredSection() throws Exception {
        Fixtures.oneCore(Fixtures.tdengine(Fixtures.standardRun(dir, true)));
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        assertTrue(md.contains("## Published vs measured"), md);
        assertTrue(md.indexOf("## Published vs measured") > md.indexOf("## Summary"), "after the summary");
        assertTrue(md.contains("- Report B: TDengine 1.6 vs Cassandra 3.11 comparison (comparisonTest code); Intel i3-7100 (2 cores, 4 threads; the report says 4 cores)"), md);
        // versions, cores and rows once per report and pair, above the tables
        assertTrue(md.contains(MarkdownReport.PAIRS_NOTE + "\n\n- TDengine vs Cassandra (report B): versions: "
                + "TDengine 3.3.0.1 (published 1.6.1)"), md);
        assertTrue(md.contains("\n- TDengine vs MySQL (report A): versions: TDengine 3.3.0.1 (published 1.1.0), MySQL "
                + "10.11.6-MariaDB (published 5.7.19); cores: 2-core machine, TDengine on 1 core, MySQL on 1 core "
                + "(published: 8-core machine, each database on 1 core); rows here: TDengine 100,000, MySQL"
                + " 100,000 (published: each test's own, where the report states them)\n"), md);
        assertTrue(md.contains("| test | vs | published (TDengine / other) | published ratio | measured (TDengine / other) | measured ratio | verdict | differences |"), md);
        assertTrue(md.contains("| write rows/s, one-core test | MySQL (report A) | 4,213,323 rows/s / 21,020 rows/s | "
                + "200x (the report: 150x MySQL's best (3.2.7)) | 4,000,000 rows/s / 35,000 rows/s | 114x | "
                + "indicative: the run has neither the published cells nor cells at their clients (TDengine 7, MySQL "
                + "2); report A states no rows for this test | best cells: TDengine R/R 1000 x 2 (published R/R 1000 "
                + "x 7); MySQL R/R 1000 x 2 (published R/R 10 x 2) · TDengine: "), md);
        assertTrue(md.contains("| read rows/s, one-core test | MySQL (report A) | 22,326,609 rows/s / 755,254 rows/s "
                + "| 29.6x | 250,000 rows/s / 344,828 rows/s | 0.725x | indicative: published: every row read back, "
                + "each one's best of 1..7 clients (TDengine 3, MySQL 6); here q1's groups, one client; under a tenth "
                + "of the published rows: TDengine 100,000 of 65,000,000 |"), md);
        assertTrue(md.contains("| best write | Cassandra (report B) | 1,477,208 rows/s / 61,708 rows/s | 23.9x (the report: write about 20x) "
                + "| 4,000,000 rows/s / not measured | not measured | not measured |"), md);
        assertTrue(md.contains("| avg over all rows (q2.avg.p100) | Cassandra (report B) | 0.06 s / 290.97 s | 4,850x (the report: aggregates about 4000x) | 1.00 ms / not measured "
                + "| not measured | not measured |"), md);
        assertTrue(md.contains("| disk use | Cassandra (report B) | 459 MB (du -h: 459 MiB) / 12 GB (du -h: 12 GiB) | 26.8x (the report: disk about 26.7x) | 1.00 MB / not measured |"), md);
        assertTrue(md.contains("Facts: server 3.3.0.1; driver TDengine driver 1.2.3; workload generated: 100 devices x 1000 rows, seed 42; "
                + "machine Test CPU @ 3.0GHz, 2 cores; server limited to 1 core."), md);
        assertTrue(md.contains("| write rows/s, one-core test | ClickHouse (report A) | 4,213,323 rows/s / 1,947,167 rows/s | 2.16x "
                + "| 4,000,000 rows/s / not measured | not measured | not measured |"), "the failed database, which left no file: " + md);
    }

    /**
     * The report of a small run renders every row of the section with its reason: a ratio measured
     * there is indicative and says why.
     */
    @Test
    void everyRowOfASmallRunsSectionSaysItsVerdictOrReason() throws Exception {
        Fixtures.oneCore(Fixtures.tdengine(Fixtures.standardRun(dir, true)));
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        int start = md.indexOf("## Published vs measured");
        String section = md.substring(start, md.indexOf("\n## ", start + 3));
        int rows = 0;
        for (String line : section.split("\n")) {
            if (!line.startsWith("| ") || line.startsWith("| test |")) continue;
            String[] cells = line.split(" \\| ");
            String measuredRatio = cells[5];
            String verdict = cells[6];
            if (measuredRatio.equals("not measured")) {
                assertEquals("not measured", verdict, line);
            } else {
                assertTrue(verdict.matches("indicative: .{20,}"), line);
            }
            rows++;
        }
        assertEquals(PublishedComparisonTest.ALL_ROWS, rows);
    }

    @Test
    void withoutTdengineTheSectionSaysNotMeasuredAndNeverGuesses() throws Exception {
        Fixtures.oneCore(Fixtures.standardRun(dir, true));
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        assertTrue(md.contains("| write rows/s, one-core test | MySQL (report A) | 4,213,323 rows/s / 21,020 rows/s | 200x (the report: 150x MySQL's best (3.2.7)) "
                + "| not measured / 35,000 rows/s | not measured | not measured |"), md);
        String section = md.substring(md.indexOf("| test | vs |"), md.indexOf("\n## ", md.indexOf("## Published vs measured") + 3));
        assertFalse(section.contains("holds") || section.contains("| reversed") || section.contains("| smaller") || section.contains("| larger"), section);
    }

    @Test
    void withoutFurtherTestsThereIsNoSuchSection() throws Exception {
        database("alpha", "Alpha", "{\"rowsPerRequest\":100,\"clients\":1,\"rowsPerSecond\":5000,\"error\":100}", query("q2.avg.p10", 3));
        assertFalse(MarkdownReport.render(Inputs.read(List.of(dir))).contains("Further tests"));
        assertFalse(HtmlReport.render(Inputs.read(List.of(dir))).contains("id=\"further\""));
    }

    @Test
    void aFolderWithoutResultsIsAnError() throws Exception {
        assertEquals(List.of(), RunResults.read(dir));
        assertThrows(IOException.class, () -> RunResults.read(dir.resolve("none")));
    }

    @Test
    void aFailedDatabaseWithoutFilesIsMarkedWithItsReasonAndAnInterruptedRunGetsABanner() throws Exception {
        Fixtures.standardRun(dir, false);
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        assertTrue(md.contains("> **INCOMPLETE RUN** run-1"), md);
        assertTrue(md.contains("| | clickhouse (FAILED) | InfluxDB | MySQL |"), md);
        assertTrue(md.contains("## clickhouse - FAILED: server did not start: 127.0.0.1:8123 refused the connection"), md);
        assertTrue(md.contains("| disk (bytes/row) | - | 3.00 MB, 30.0 B/row (raw text 50.0 B/row) | 12.3 MB, 123.5 B/row (raw text 50.0 B/row) |"), md);
        assertTrue(md.contains("Disk: 12.3 MB, 123.5 B/row (raw text 50.0 B/row); measured: data_length + index_length after ANALYZE TABLE."), md);
        // "·server.cpu" (JMH's profiler mark) and "server.cpu" read alike
        assertTrue(md.contains("| 1000 | 20,000 ± 500 (cpu 60.0 %) | 35,000 ± 900 (cpu 85.5 %, rss 512 MB, disk write 12.3 MB/s) |"), md);
        assertTrue(md.contains("| 1000 | 30,000 ± 1,000 (cpu 70.0 %) | 52,000 ± 2,000 (cpu 95.0 %, rss 300 MB) |"), md);
    }

    @Test
    void withoutTheNewFieldsNothingIsInvented() throws Exception {
        database("alpha", "Alpha", "{\"rowsPerRequest\":100,\"clients\":1,\"rowsPerSecond\":5000,\"error\":100}", null);
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        assertTrue(md.contains("| disk (bytes/row) | - |"), md);
        assertTrue(md.contains("| 100 | 5,000 ± 100 |"), md);
        assertTrue(!md.contains("INCOMPLETE") && !md.contains("FAILED") && !md.contains("Disk:"), md);
        String html = HtmlReport.render(Inputs.read(List.of(dir)));
        assertTrue(html.contains("No database measured its disk use in this run."), "no disk charts");
        assertTrue(!html.contains("id=\"disk-bytes\""), "no disk chart");
    }

    /** The client's cost per row beside the server's, a client-bound cell marked, and the machine's state before the write step. */
    @Test
    void clientCostAndRunConditionsAreShownAndAClientBoundCellMarked() throws Exception {
        Fixtures.standardRun(dir, true);
        var manifest = (com.fasterxml.jackson.databind.node.ObjectNode) Fixtures.JSON.readTree(dir.resolve("influx-manifest.json").toFile());
        var cells = manifest.withArray("write");
        Fixtures.resources((com.fasterxml.jackson.databind.node.ObjectNode) cells.get(0), "clientCpuPercent", 90.0, "clientCpuMicrosPerRow", 2.5);
        Fixtures.resources((com.fasterxml.jackson.databind.node.ObjectNode) cells.get(1), "clientCpuPercent", 40.0);
        manifest.putObject("conditions").put("step", "write").put("busyPercentBeforeStart", 35.0).put("loadAverage1m", 1.5)
                .put("fileCreateMicros", 12.0).putArray("warnings").add("other processes kept 35% of the machine's CPUs busy");
        Fixtures.write(dir.resolve("influx-manifest.json"), manifest);
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        assertTrue(md.contains("| 1000 | 30,000 ± 1,000 (cpu 70.0 %, client cpu 90.0 %, client 2.50 us/row, CLIENT-BOUND) |"
                + " 52,000 ± 2,000 (cpu 95.0 %, rss 300 MB, client cpu 40.0 %) |"), md);
        assertTrue(md.contains("Conditions before the write step: CPUs 35% busy, load 1.50, a file created in 12 us;"
                + " WARNING: other processes kept 35% of the machine's CPUs busy."), md);
        String html = HtmlReport.render(Inputs.read(List.of(dir)));
        assertTrue(html.contains("CLIENT-BOUND") && html.contains("<dt>conditions</dt><dd class=\"failed\">before the write step"), "html");
    }

    /** A cell's iterations: their range and 95% interval beside the mean, and UNSTABLE past +-10%, as the write step judged them. */
    @Test
    void theIterationsSpreadIsShownAndAWideCellMarkedUnstable() throws Exception {
        Fixtures.standardRun(dir, true);
        var manifest = (com.fasterxml.jackson.databind.node.ObjectNode) Fixtures.JSON.readTree(dir.resolve("influx-manifest.json").toFile());
        var cells = manifest.withArray("write");
        spread((com.fasterxml.jackson.databind.node.ObjectNode) cells.get(0), List.of(29_000.0, 30_000.0, 31_000.0, 29_500.0, 30_500.0, 30_000.0));
        spread((com.fasterxml.jackson.databind.node.ObjectNode) cells.get(1), List.of(30_000.0, 52_000.0, 74_000.0));
        Fixtures.write(dir.resolve("influx-manifest.json"), manifest);
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        assertTrue(md.contains("| 1000 | 30,000 ± 1,000 (iterations 29,000..31,000, 95% +-2.5%, cpu 70.0 %) |"
                + " 52,000 ± 2,000 (iterations 30,000..74,000, 95% +-105.1%, UNSTABLE, cpu 95.0 %, rss 300 MB) |"), md);
        assertTrue(md.contains("| write cells unstable (95% interval wider than +-10%) | - | 1 of 2 | - |"), md);
    }

    /** The cell's spread as the write step computed it ({@link org.tsdbbench.results.SpreadRecord#of}), written as the step writes it. */
    private static void spread(com.fasterxml.jackson.databind.node.ObjectNode cell, List<Double> iterations) {
        var r = org.tsdbbench.results.SpreadRecord.of(iterations);
        var values = cell.putArray("iterations");
        iterations.forEach(values::add);
        cell.put("ci95Percent", r.ci95Percent()).put("min", r.min()).put("max", r.max()).put("unstable", r.unstable());
    }

    /**
     * The report shows the stability and CPU figures of the manifest's cell as they are, never its
     * own: here two iterations whose 95% interval by JMH's statistics would be NaN (JMH gives none
     * under three values) and by Student's t +-443%, and a manifest that says +-7.94% and stable:
     * the report says what the manifest says (issue 27: every cell read "+-NaN%, UNSTABLE").
     */
    @Test
    void theReportsStabilityAndCpuFiguresAreTheManifestsForTheSameCell() throws Exception {
        Files.writeString(dir.resolve("tdengine-manifest.json"), """
                {"database":"TDengine","server":{"serverVersion":"3.3.0.1"},
                 "write":[{"rowsPerRequest":100,"clients":1,"writePath":"connection=native writeMode=sql","rowsPerSecond":1250000.0,"error":90000.0,
                           "iterations":[1150000.0,1350000.0],"ci95Percent":7.94,"min":1150000.0,"max":1350000.0,"unstable":false,
                           "clientCpuPercent":123.4,"clientCpuMicrosPerRow":0.79,"serverCpuPercent":41.2,"serverCpuMicrosPerRow":0.33,
                           "clientBound":true,"serverRssMB":612.0,"clientRssMB":301.5,"serverDiskWriteMBps":20.5}]}""");
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        assertTrue(md.contains("| 100 | 1,250,000 ± 90,000 (iterations 1,150,000..1,350,000, 95% +-7.9%, cpu 41.2 %, rss 612 MB, disk write 20.5 MB/s,"
                + " server 0.330 us/row, client cpu 123 %, client 0.790 us/row, client rss 302 MB, CLIENT-BOUND) |"), md);
        assertFalse(md.contains("NaN") || md.contains("UNSTABLE"), md);
        assertTrue(md.contains("| write cells unstable (95% interval wider than +-10%) | 0 of 1 |"), md);
        assertTrue(md.contains("| best write, rows/s | 1,250,000 (R/R 100, 1 clients, connection=native writeMode=sql) |"), md);
        String html = HtmlReport.render(Inputs.read(List.of(dir)));
        assertTrue(html.contains("iterations 1,150,000..1,350,000, 95% +-7.9%, cpu 41.2 %") && html.contains("CLIENT-BOUND</span>"), html);
    }
}
