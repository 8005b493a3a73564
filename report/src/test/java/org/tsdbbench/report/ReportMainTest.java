package org.tsdbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ReportMainTest {

    @TempDir
    Path dir;

    private String err;

    private int report(String... args) {
        StringWriter e = new StringWriter();
        CommandLine cl = ReportMain.commandLine();
        cl.setOut(new PrintWriter(new StringWriter()));
        cl.setErr(new PrintWriter(e));
        int exit = cl.execute(args);
        err = e.toString();
        return exit;
    }

    @Test
    void oneFolderGetsBothReportsInsideIt() throws IOException {
        Path run = Fixtures.standardRun(dir.resolve("run"), true);
        assertEquals(0, report(run.toString()), err);
        String md = Files.readString(run.resolve("report.md"));
        String html = Files.readString(run.resolve("report.html"));
        assertTrue(md.contains("| | clickhouse (FAILED) | InfluxDB | MySQL |"), md);
        assertFalse(md.contains("INCOMPLETE RUN"), "the run completed");
        assertFalse(html.contains("INCOMPLETE RUN"), "the run completed");
        assertTrue(html.contains("<figure class=\"chart\" id=\"write-seconds-mysql\">"), "MySQL's cell with a per-second series has its chart");
        assertFalse(html.contains("id=\"write-seconds-influxdb\""), "no series, no chart");
        // self-contained: nothing the browser would fetch
        assertFalse(html.contains("<script"), "no script");
        assertFalse(html.contains("<link"), "no stylesheet link");
        assertFalse(html.matches("(?s).*(src|href)=[\"']?(https?:)?//.*"), "no remote reference");
        assertFalse(html.contains("url(http"), "no remote css");
    }

    @Test
    void aSmallComparisonRunGetsThePublishedSectionInBothReports() throws IOException {
        Path run = Fixtures.oneCore(Fixtures.tdengine(Fixtures.standardRun(dir.resolve("run"), true)));
        assertEquals(0, report(run.toString()), err);
        String md = Files.readString(run.resolve("report.md"));
        String html = Files.readString(run.resolve("report.html"));
        assertTrue(md.contains("## Published vs measured"), md);
        assertTrue(md.contains("| 4,000,000 rows/s / 35,000 rows/s | 114x | indicative: the run has neither the "
                + "published cells nor cells at their clients (TDengine 7, MySQL 2); report A states no rows for this "
                + "test |"), md);
        assertTrue(html.contains("<h2 id=\"published\">Published vs measured</h2>"), "section");
        assertTrue(html.contains("<figure class=\"chart\" id=\"published-vs-measured\">"), "chart");
        assertTrue(html.contains("<td>4,000,000 rows/s / 35,000 rows/s</td><td>114x</td><td class=\"verdict "
                + "indicative\">indicative: the run has neither the published cells nor cells at their clients "
                + "(TDengine 7, MySQL 2); report A states no rows for this test</td>"), "row");
        assertTrue(html.contains("<li>TDengine vs MySQL (report A): versions: TDengine 3.3.0.1 (published 1.1.0), "
                + "MySQL 10.11.6-MariaDB (published 5.7.19); cores: 2-core machine, TDengine on 1 core, MySQL on 1 "
                + "core (published: 8-core machine, each database on 1 core); rows here: TDengine 100,000, MySQL "
                + "100,000 (published: each test&#39;s own, where the report states them)</li>"), "the pair, once");
        assertTrue(html.contains("<td>1,477,208 rows/s / 61,708 rows/s</td><td>23.9x (the report: write about 20x)</td><td>4,000,000 rows/s / not measured</td>"
                + "<td>not measured</td><td class=\"verdict not-measured\">not measured</td>"), "not measured");
    }

    @Test
    void severalRunsOfTheSameDatabaseAreLabelledByRunAndNeedAnOutputFolder() throws IOException {
        Path run1 = Fixtures.standardRun(dir.resolve("one"), true);
        Path run2 = Fixtures.standardRun(dir.resolve("two"), false);
        Fixtures.write(run2.resolve("run.json"), Fixtures.runJson("run-2", false, "mysql", "passed", null));
        assertEquals(2, report(run1.toString(), run2.toString()));
        assertTrue(err.startsWith("error: 2 inputs: say with -o DIR"), err);

        Path out = dir.resolve("both");
        assertEquals(0, report(run1.toString(), run2.toString(), "-o", out.toString()), err);
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("MySQL (run-1)") && md.contains("MySQL (run-2)"), md);
        assertTrue(md.contains("**INCOMPLETE RUN** run-2"), md);
        assertTrue(md.contains("- mysql: MySQL (run-1) is the column compared: the report holds its database more than once"), md);
        assertFalse(md.contains("INCOMPLETE RUN** run-1"), md);
    }

    @Test
    void bareJmhJsonFilesAreReportedWithWhatJmhHolds() throws IOException {
        Path run = Fixtures.standardRun(dir.resolve("run"), true);
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Files.copy(run.resolve("mysql-write.json"), elsewhere.resolve("mysql-write.json"));
        Files.copy(run.resolve("influx-query.json"), elsewhere.resolve("some-name.json"));
        Files.copy(run.resolve("mysql-fixedrate.json"), elsewhere.resolve("mysql-fixedrate.json"));
        Files.copy(run.resolve("mysql-range.json"), elsewhere.resolve("mysql-range.json"));
        // a mixed-load file under no kind's name: its entries tell what they are
        Files.copy(run.resolve("mysql-mixed.json"), elsewhere.resolve("mixed-mysql.json"));
        Path out = dir.resolve("out");
        assertEquals(0, report(elsewhere.resolve("mysql-write.json").toString(), elsewhere.resolve("some-name.json").toString(),
                elsewhere.resolve("mysql-fixedrate.json").toString(), elsewhere.resolve("mysql-range.json").toString(),
                elsewhere.resolve("mixed-mysql.json").toString(), "-o", out.toString()), err);
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("| | mysql | influx |"), md);
        assertTrue(md.contains("| best write, rows/s | 35,000 (R/R 1000, 2 clients) | - |"), md);
        assertTrue(md.contains("| 1000 | 20,000 ± 500 (cpu 60.0 %) | 35,000 ± 900 (cpu 85.5 %, rss 512 MB, disk write 12.3 MB/s) |"), md);
        assertTrue(md.contains("| avg over all rows (q2.avg.p100), ms | - | 50.0 |"), md);
        // JMH's fixed-rate cell alone: target and achieved rows/s, no latency from the intended start, no verdict; no write cell
        assertTrue(md.contains("| mysql | 100 | 2 | 20,000 | 99,000 | - | - | - | - |"), md);
        assertFalse(md.contains("99,000 ("), md);
        assertTrue(md.contains("| mysql | 4 | 100 | 8,000 | 2.00 | 6.00 |"), md);
        // bare JMH JSON gives the mixed latencies; its group rowsAcked is no rows/s (about 2.7x what the latency allows)
        assertTrue(md.contains("| mysql | writers + readers | - | 7.50 | 16.5 | 0.30 | 0.90 |"), md);
        assertFalse(md.contains("| 1000 | - |"), "mixed-load entries (rowsPerRequest 1000, 1 and 2 threads) are no write cells: " + md);
    }

    @Test
    void aRunsClusterFolderIsAColumnBesideItsSingleNodeWithTheFaultCell() throws IOException {
        Path run = Fixtures.standardRun(dir.resolve("run"), true);
        var cluster = Fixtures.manifest("MySQL", "10.11.6-MariaDB");
        Fixtures.cell(cluster, 1000, 3, 12_000, Double.NaN);
        var fault = cluster.putObject("fault");
        fault.put("node", "node 3 (127.0.0.3:3306)");
        fault.put("rowsAcknowledged", 40_000).put("rowsStored", 40_000).put("rowsSent", 40_100);
        fault.put("stalledSeconds", 7.25).put("normalGapSeconds", 0.05).put("firstAckAfterSeconds", 7.25);
        Fixtures.write(run.resolve("cluster/mysql/mysql-manifest.json"), cluster);
        Fixtures.write(run.resolve("cluster/mysql/run.json"), Fixtures.runJson("run-mysql-cluster", true, "mysql", "passed", null));
        assertEquals(0, report(run.toString()), err);
        String md = Files.readString(run.resolve("report.md"));
        assertTrue(md.contains("| | clickhouse (FAILED) | InfluxDB | MySQL | MySQL cluster |"), md);
        assertTrue(md.contains("| a node killed mid-write (cluster) | - | - | - | node 3 (127.0.0.3:3306): writes stalled 7.25 s (longest gap before: 0.05 s),"
                + " all 40,000 acknowledged rows stored |"), md);
        assertTrue(md.contains("12,000 (R/R 1000, 3 clients)"), md);
        assertTrue(Files.readString(run.resolve("report.html")).contains("MySQL cluster"));

        fault.put("rowsStored", 39_900).put("failure", "stored 39900 rows, acknowledged 40000, sent 40100");
        Fixtures.write(run.resolve("cluster/mysql/mysql-manifest.json"), cluster);
        assertEquals(0, report(run.toString()), err);
        md = Files.readString(run.resolve("report.md"));
        assertTrue(md.contains("FAILED: stored 39900 rows, acknowledged 40000, sent 40100; node 3 (127.0.0.3:3306): writes stalled 7.25 s"
                + " (longest gap before: 0.05 s), 39,900 of 40,000 acknowledged rows stored"), md);
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws IOException {
        assertEquals(2, report(dir.resolve("nothing").toString()));
        assertEquals("error: " + dir.resolve("nothing") + ": no such results folder or JMH JSON file", err.strip());
        assertEquals(2, report(dir.toString()));
        assertTrue(err.startsWith("error: " + dir + ": no <db>-manifest.json"), err);
        Path notJmh = dir.resolve("x.json");
        Files.writeString(notJmh, "{\"a\": 1}");
        assertEquals(2, report(notJmh.toString()));
        assertTrue(err.startsWith("error: " + notJmh + ": not a JMH JSON result"), err);
        assertEquals(2, report("--format", "xml", dir.toString()));
        assertTrue(err.startsWith("error: ") && err.contains("'xml': expected report, csv or github-action-benchmark"), err);
    }

    @Test
    void githubActionBenchmarkExportHasThroughputBiggerAndLatencyAndServerMetricsSmaller() throws IOException {
        Path run = Fixtures.standardRun(dir.resolve("run"), true);
        Path out = dir.resolve("gab");
        assertEquals(0, report(run.toString(), "--format", "github-action-benchmark", "-o", out.toString()), err);
        assertFalse(Files.exists(out.resolve("report.md")), "only the export was asked for");
        JsonNode bigger = Fixtures.JSON.readTree(out.resolve(BenchmarkExport.BIGGER).toFile());
        JsonNode smaller = Fixtures.JSON.readTree(out.resolve(BenchmarkExport.SMALLER).toFile());
        Map<String, JsonNode> big = byName(bigger);
        Map<String, JsonNode> small = byName(smaller);
        assertEquals(8, big.size(), "4 MySQL cells + 2 InfluxDB cells + 2 MySQL range cells");
        JsonNode range = big.get("MySQL range 100 rows x 4 clients");
        assertEquals("queries/s", range.path("unit").asText());
        assertEquals(8_000, range.path("value").asDouble(), 0);
        assertEquals("± 200", range.path("range").asText());
        JsonNode rangeP50 = small.get("MySQL range 100 rows x 4 clients p50");
        assertEquals("ms", rangeP50.path("unit").asText());
        assertEquals(2.0, rangeP50.path("value").asDouble(), 0);
        JsonNode q5 = small.get("MySQL q5.count.d1");
        assertEquals("ms", q5.path("unit").asText());
        assertEquals(0.42, q5.path("value").asDouble(), 1e-9);
        assertFalse(small.containsKey("MySQL q5.stddev.d1"), "an absent function has no figure");
        assertTrue(big.keySet().stream().noneMatch(n -> n.contains("R/R 100 x 2 clients") && n.startsWith("MySQL") && big.get(n).path("value").asDouble() > 90_000),
                "the fixed-rate cell is not exported as a write cell");
        JsonNode cell = big.get("MySQL write R/R 1000 x 2 clients");
        assertEquals("rows/s", cell.path("unit").asText());
        assertEquals(35_000, cell.path("value").asDouble(), 0);
        assertEquals("± 900", cell.path("range").asText());
        assertTrue(cell.path("extra").asText().contains("10.11.6-MariaDB"));
        JsonNode cpu = small.get("MySQL write R/R 1000 x 2 clients server.cpu");
        assertEquals("%", cpu.path("unit").asText());
        assertEquals(85.5, cpu.path("value").asDouble(), 0);
        assertEquals("MB", small.get("InfluxDB write R/R 1000 x 2 clients server.rss").path("unit").asText());
        JsonNode q = small.get("InfluxDB q2.avg.p100");
        assertEquals("ms", q.path("unit").asText());
        // bins 50 ms x 3 and 60 ms x 2: mean 54 ms
        assertEquals(54.0, q.path("value").asDouble(), 1e-9);
        assertTrue(q.path("range").asText().startsWith("± "), q.toString());
        assertTrue(q.path("extra").asText().contains("p50 50.0 ms"), q.toString());
        for (JsonNode e : smaller) assertTrue(e.has("name") && e.has("unit") && e.path("value").isNumber(), e.toString());

        assertEquals(0, report(run.toString(), "--format", "report,github-action-benchmark", "-o", out.toString()), err);
        assertTrue(Files.exists(out.resolve("report.html")));
    }

    @Test
    void csvExportHoldsEveryTableWithTheManifestsFigures() throws IOException {
        Path run = Fixtures.standardRun(dir.resolve("run"), true);
        Path out = dir.resolve("csv");
        assertEquals(0, report(run.toString(), "--format", "csv", "-o", out.toString()), err);
        assertFalse(Files.exists(out.resolve("report.md")), "only the CSV was asked for");
        List<CSVRecord> writes = csv(out.resolve(CsvExport.WRITES));
        CSVRecord header = writes.get(0);
        int rowsPerSecond = header.toList().indexOf("rows/s");
        int cpu = header.toList().indexOf("server.cpu (%)");
        assertTrue(rowsPerSecond > 0 && cpu > 0, header.toString());
        CSVRecord cell = writes.stream().filter(r -> r.get(0).equals("MySQL") && r.get(4).equals("1000") && r.get(5).equals("2")).findFirst()
                .orElseThrow(() -> new AssertionError("no MySQL 1000 x 2 row: " + writes));
        // The manifest's numbers, not the report's rounded texts.
        assertEquals(35_000, Double.parseDouble(cell.get(rowsPerSecond)), 0);
        assertEquals(85.5, Double.parseDouble(cell.get(cpu)), 0);
        assertEquals("10.11.6-MariaDB", cell.get(1));
        List<CSVRecord> queries = csv(out.resolve(CsvExport.QUERIES));
        CSVRecord q5 = queries.stream().filter(r -> r.get(0).equals("MySQL") && r.get(1).equals("q5.count.d1")).findFirst().orElseThrow();
        assertEquals(0.42, Double.parseDouble(q5.get(6)), 1e-9);
        assertEquals("measured", q5.get(8));
        queries.stream().filter(r -> r.get(0).equals("MySQL") && r.get(1).equals("q5.stddev.d1")).forEach(r -> {
            assertEquals("", r.get(6), "an absent query has no figure");
            assertEquals("absent in this dialect", r.get(8));
        });
        List<CSVRecord> summary = csv(out.resolve(CsvExport.SUMMARY));
        assertEquals(List.of("", "clickhouse (FAILED)", "InfluxDB", "MySQL"), summary.get(0).toList(), "a label column and one per database");
        assertTrue(csv(out.resolve(CsvExport.PUBLISHED)).get(0).get(1).equals("test"));
        // The further tests (range, volume, mixed) each a file, the same texts as report.md's tables.
        assertEquals(0, report(run.toString()), err);
        String md = Files.readString(run.resolve("report.md"));
        try (var files = Files.list(out)) {
            List<Path> further = files.filter(f -> f.getFileName().toString().startsWith("further-")).toList();
            assertTrue(!further.isEmpty(), "no further-*.csv");
            for (Path f : further) {
                List<CSVRecord> rows = csv(f);
                assertTrue(rows.size() > 1, f + " has no rows");
                for (String c : rows.get(1).toList()) assertTrue(md.contains(c), f + ": cell '" + c + "' is not report.md's");
            }
        }
    }

    private static List<CSVRecord> csv(Path file) throws IOException {
        try (var parser = CSVParser.parse(file, java.nio.charset.StandardCharsets.UTF_8, CSVFormat.RFC4180)) {
            return parser.getRecords();
        }
    }

    private static Map<String, JsonNode> byName(JsonNode array) {
        Map<String, JsonNode> m = new HashMap<>();
        for (JsonNode e : array) assertEquals(null, m.put(e.path("name").asText(), e), "names are unique");
        return m;
    }

    @Test
    void namesAndReasonsAreEscapedInTheHtml() throws IOException {
        Path run = dir.resolve("run");
        var m = Fixtures.manifest("A<b>&\"x", "1.0");
        Fixtures.cell(m, 1000, 1, 10_000, 100);
        Fixtures.write(run.resolve("evil-manifest.json"), m);
        Fixtures.write(run.resolve("run.json"), Fixtures.runJson("r", true, "evil", "failed", "<script>alert(1)</script>"));
        assertEquals(0, report(run.toString()), err);
        String html = Files.readString(run.resolve("report.html"));
        assertFalse(html.contains("<b>") || html.contains("<script>"), "raw markup from the results");
        assertTrue(html.contains("A&lt;b&gt;&amp;&quot;x (FAILED)"), "escaped name");
        assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "escaped reason");
    }
}
