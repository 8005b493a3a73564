package org.tsdbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Opens report.html, rendered by the command from fixture result files, in Debian's headless
 * Chromium: the DOM Chromium built must hold every chart as SVG with its series, and the key
 * figures; the screenshot must show the series' colours. Without Chromium the test fails and
 * says how to install it.
 */
class HtmlReportBrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    @TempDir
    static Path dir;

    static Path run;
    static String dom;
    static BufferedImage screenshot;

    @BeforeAll
    static void renderAndOpen() throws Exception {
        if (!Files.isExecutable(CHROMIUM)) {
            fail(CHROMIUM + " not found: install it with `apt-get install -y chromium` (scripts/test.sh does so in its ensure_chromium step)");
        }
        run = Fixtures.oneCore(Fixtures.tdengine(Fixtures.standardRun(dir.resolve("run"), false)));
        CommandLine cl = ReportMain.commandLine();
        cl.setOut(new PrintWriter(new StringWriter()));
        assertEquals(0, cl.execute(run.toString()));
        Path html = run.resolve("report.html");
        dom = chromium(List.of("--dump-dom", html.toUri().toString())).trim();
        Path png = dir.resolve("shot.png");
        // tall enough for the whole page: the published-vs-measured section sits above the write charts
        chromium(List.of("--window-size=1500,9000", "--screenshot=" + png, html.toUri().toString()));
        screenshot = ImageIO.read(png.toFile());
    }

    /** Runs headless Chromium with a fresh profile and no network use of its own; returns its standard output. */
    private static String chromium(List<String> args) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(dir, "chromium-profile");
        List<String> cmd = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
                "--user-data-dir=" + profile));
        cmd.addAll(args);
        Path out = dir.resolve("chromium-" + System.nanoTime() + ".out");
        Path err = dir.resolve("chromium-" + System.nanoTime() + ".err");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("chromium did not finish in 120 s: " + cmd);
        }
        assertEquals(0, p.exitValue(), () -> "chromium failed: " + readQuietly(err));
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    private static String readQuietly(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** The part of the DOM inside the figure of that id. */
    private static String figure(String id) {
        Matcher m = Pattern.compile("<figure class=\"chart\" id=\"" + Pattern.quote(id) + "\">(.*?)</figure>", Pattern.DOTALL).matcher(dom);
        assertTrue(m.find(), "no figure " + id + " in the DOM");
        return m.group(1);
    }

    @Test
    void everyChartIsInTheDomAsSvgWithItsSeries() {
        List<String> ids = List.of("published-vs-measured", "published-vs-measured-resources", "published-vs-measured-one-sensor",
                "published-vs-measured-eighty-percent", "write-best", "write-influxdb", "write-mysql", "write-seconds-mysql", "write-tdengine", "query-q1", "query-q2-avg", "query-q3-count", "query-q4-count",
                "disk-bytes", "disk-bytes-per-row", "range-qps", "volume-writeRowsPerSecond", "volume-readRowsPerSecond");
        Matcher svgs = Pattern.compile("<svg\\b").matcher(dom);
        int count = 0;
        while (svgs.find()) count++;
        assertEquals(ids.size(), count, "one svg per chart");
        for (String id : ids) {
            String svg = figure(id);
            assertTrue(svg.startsWith("<svg"), id);
            assertTrue(svg.contains("<path"), id + ": nothing drawn");
        }
        // series are named in legends and drawn in their colours (stroke of the lines, fill of the bars)
        String mysqlWrite = figure("write-mysql");
        assertTrue(mysqlWrite.contains(">R/R 100<") && mysqlWrite.contains(">R/R 1000<"), mysqlWrite);
        assertTrue(mysqlWrite.contains(rgb(Charts.PALETTE.get(0))) && mysqlWrite.contains(rgb(Charts.PALETTE.get(1))));
        // MySQL's 1000 x 2 cell second by second: its three whole seconds (the partial fourth left out)
        String seconds = figure("write-seconds-mysql");
        assertTrue(seconds.contains(">R/R 1000 x 2<") && seconds.contains(">second of the measured window<"), seconds);
        String q2 = figure("query-q2-avg");
        assertTrue(q2.contains(">MySQL<") && q2.contains(">InfluxDB<"), q2);
        // clickhouse, index 0, has no figures: InfluxDB and MySQL keep colours 1 and 2 in every chart
        assertTrue(q2.contains("stroke:" + rgb(Charts.PALETTE.get(1))) && q2.contains("stroke:" + rgb(Charts.PALETTE.get(2))), q2);
        assertTrue(figure("write-best").contains("fill:" + rgb(Charts.PALETTE.get(2))));
        // axis values and bar labels are text in the DOM
        assertTrue(figure("write-best").contains(">4,000,000<"), "bar label (TDengine's; InfluxDB's bar is too short to hold its own)");
        assertTrue(figure("disk-bytes-per-row").contains(">123.5<"), "bytes per row label");
        // further tests: range queries/s per database and rows per query, volume growth with databases as series
        String range = figure("range-qps");
        assertTrue(range.contains(">Concurrent range queries, queries/s by clients<") && range.contains(">MySQL, 100 rows<"), range);
        for (String id : List.of("volume-writeRowsPerSecond", "volume-readRowsPerSecond")) {
            String volume = figure(id);
            assertTrue(volume.contains(">MySQL<") && volume.contains(">InfluxDB<"), id);
            assertTrue(volume.contains("stroke:" + rgb(Charts.PALETTE.get(1))) && volume.contains("stroke:" + rgb(Charts.PALETTE.get(2))), id);
        }
        assertTrue(figure("volume-readRowsPerSecond").contains(">Volume growth, read rows/s by rows stored<"));
        // published vs measured: both ratios per test on a log axis, the measured in its own colour, ratios as labels
        String published = figure("published-vs-measured");
        assertTrue(published.contains(">Published vs measured: TDengine's lead per test<"), published);
        assertTrue(published.contains("(log scale; 1 = even)<"), "log axis");
        assertTrue(published.contains(">write.onecore vs MySQL<") && published.contains(">q2.avg.p100 vs Cassandra<"), "categories");
        assertTrue(published.contains(">200x<") && published.contains(">114x<") && published.contains(">0.725x<"), "ratio labels");
        assertTrue(published.contains("fill:" + rgb(Charts.PALETTE.get(0))) && published.contains("fill:rgb(153,153,153)"), "measured and published bars");
    }

    private static String rgb(Color c) {
        return "rgb(" + c.getRed() + "," + c.getGreen() + "," + c.getBlue() + ")";
    }

    @Test
    void keyFiguresFailuresAndTheIncompleteBannerAreOnThePage() {
        assertTrue(dom.contains("INCOMPLETE RUN run-1"), "banner");
        assertTrue(dom.contains("clickhouse (FAILED)"), "failed database in the summary");
        assertTrue(dom.contains("server did not start: 127.0.0.1:8123 refused the connection"), "its reason");
        assertTrue(dom.contains("<td>52,000 (R/R 1000, 2 clients)</td>"), "best write of InfluxDB");
        assertTrue(dom.contains("<td>35,000 (R/R 1000, 2 clients)</td>"), "best write of MySQL");
        assertTrue(dom.contains("35,000 ± 900<span class=\"server\">cpu 85.5 %, rss 512 MB, disk write 12.3 MB/s</span>"), "server metrics");
        assertTrue(dom.contains("<td>12.3 MB, 123.5 B/row (raw text 50.0 B/row)</td>"), "disk");
        assertTrue(dom.contains("10.11.6-MariaDB"), "server version");
        for (String table : List.of("device-functions", "range", "volume", "mixed", "fixedRate")) {
            assertTrue(dom.contains("id=\"" + table + "-table\""), table + " table");
        }
        assertTrue(dom.contains("<td>stddev</td><td>1.75</td><td>absent</td>"), "absent q5 function");
        assertTrue(dom.contains("<td>kept up</td>"), "fixed-rate verdict");
        assertTrue(dom.contains("<h2 id=\"published\">Published vs measured</h2>"), "published vs measured section");
        // report A's further tables, each folded under its title: resources (3.5), functions on one sensor and on 80% of the sensors (3.6)
        for (String group : List.of("Resources while one client writes (report A, 3.5) (15 rows)", "Functions on one sensor (report A, 3.6.3.7) (37 rows)",
                "Functions over 80% of the sensors (report A, 3.6.2.7) (31 rows)")) {
            assertTrue(dom.contains("<summary><h3>" + group + "</h3></summary>"), group);
        }
        assertTrue(dom.contains("<td>PERCENTILE, one sensor (q5.percentile.d1)</td><td>ClickHouse (report A)</td><td>65.2 ms / 15.2 ms</td><td>0.233x</td>"),
                "a row where the other database led");
        assertTrue(dom.contains("<td>4,213,323 rows/s / 21,020 rows/s</td><td>200x (the report: 150x MySQL's best "
                + "(3.2.7))</td><td>4,000,000 rows/s / 35,000 rows/s</td><td>114x</td><td class=\"verdict "
                + "indicative\">indicative: the run has neither the published cells nor cells at their clients"),
                "a measured row, with why it has no verdict");
        assertTrue(dom.contains("<li>TDengine vs MySQL (report A): versions: TDengine 3.3.0.1 (published 1.1.0)"),
                "the pair, once");
        assertTrue(dom.contains("<td>1,477,208 rows/s / 61,708 rows/s</td><td>23.9x (the report: write about 20x)</td><td>4,000,000 rows/s / not measured</td><td>not measured</td>"),
                "Cassandra, not in the run, is not measured");
    }

    @Test
    void theScreenshotShowsTheSeriesColours() {
        assertTrue(screenshot.getWidth() >= 1400 && screenshot.getHeight() >= 3000, "size " + screenshot.getWidth() + "x" + screenshot.getHeight());
        int[] counts = new int[Charts.PALETTE.size()];
        int white = 0;
        for (int y = 0; y < screenshot.getHeight(); y++) {
            for (int x = 0; x < screenshot.getWidth(); x++) {
                int rgb = screenshot.getRGB(x, y) & 0xFFFFFF;
                if (rgb == 0xFFFFFF) white++;
                for (int i = 0; i < counts.length; i++) if (near(rgb, Charts.PALETTE.get(i).getRGB() & 0xFFFFFF)) counts[i]++;
            }
        }
        int total = screenshot.getWidth() * screenshot.getHeight();
        assertTrue(white < total * 0.97, "the page is (almost) blank");
        // InfluxDB's and MySQL's colours fill bars and draw lines: thousands of pixels each
        assertTrue(counts[1] > 5_000, "InfluxDB's colour: " + counts[1] + " pixels");
        assertTrue(counts[2] > 5_000, "MySQL's colour: " + counts[2] + " pixels");
    }

    private static boolean near(int a, int b) {
        return Math.abs((a >> 16 & 0xFF) - (b >> 16 & 0xFF)) < 12 && Math.abs((a >> 8 & 0xFF) - (b >> 8 & 0xFF)) < 12
                && Math.abs((a & 0xFF) - (b & 0xFF)) < 12;
    }
}
