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

    private void database(String name, String display, String writes, String queries) throws Exception {
        Files.writeString(dir.resolve(name + "-manifest.json"), "{\"database\":\"" + display + "\",\"server\":{\"serverVersion\":\"1.0\","
                + "\"driver\":\"d\",\"settings\":{\"k\":\"v\"}},\"workload\":{\"source\":\"generated\"},\"machine\":{\"cpu\":\"c\",\"cores\":2},"
                + "\"load\":{\"rowsStored\":1000,\"verified\":true},\"write\":[" + writes + "],\"query\":{\"absent\":[\"q2.stddev.p10\"]}}");
        if (queries != null) Files.writeString(dir.resolve(name + "-query.json"), "[" + queries + "]");
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
        Files.writeString(dir.resolve("alpha-query.json"), "[" + query("q5.count.d1", 0.42) + "," + query("q5.last.d1", 0.33) + "]");
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
}
