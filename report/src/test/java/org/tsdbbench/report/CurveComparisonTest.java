package org.tsdbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.report.CurveComparison.Curve;
import org.tsdbbench.report.CurveComparison.Point;
import org.tsdbbench.report.CurveComparison.Row;

class CurveComparisonTest {

    private final CurveComparison curves = CurveComparison.load();

    @TempDir
    Path dir;

    /** Report A's 4.5 table and 4.6 paragraph in the spec, point by point, against the shipped curves. */
    @Test
    void theCurvesAreThoseOfPublishedMd() throws Exception {
        Path spec = null;
        for (String candidate : List.of("../../shared/spec/published.md", "../shared/spec/published.md")) {
            if (Files.isRegularFile(Path.of(candidate))) spec = Path.of(candidate);
        }
        assumeTrue(spec != null, "skipped: the curves were NOT checked against the spec: published.md not found");
        String md = Files.readString(spec);
        int at = md.indexOf("Concurrent queries on a 100 M-row table, fixed small result (4.5)");
        assertTrue(at >= 0);
        String[] lines = md.substring(at).split("\n");
        List<String> clients = cells(lines[1]);
        List<String> qps = cells(lines[3]);
        List<String> latency = cells(lines[4]);
        Curve byClients = curve("A.4.5");
        assertEquals(clients.size() - 1, byClients.points().size());
        for (int i = 1; i < clients.size(); i++) {
            Point p = byClients.points().get(i - 1);
            assertEquals(Integer.parseInt(clients.get(i)), p.x());
            assertEquals(Double.parseDouble(qps.get(i).replace(",", "")), p.queriesPerSecond());
            assertEquals(Double.parseDouble(latency.get(i)), p.latencyMs());
        }
        int r = md.indexOf("Range queries, 15 clients, 50 M-row table, result rows 5..1000 (4.6)");
        String para = md.substring(r, md.indexOf("\n\n", r)).replace("\n", " ");
        Matcher q = Pattern.compile("([\\d,]+) \\((\\d+)(?: rows)?\\)").matcher(para.substring(0, para.indexOf("latency ms")));
        List<double[]> published = new ArrayList<>();
        while (q.find()) published.add(new double[] {Double.parseDouble(q.group(2)), Double.parseDouble(q.group(1).replace(",", ""))});
        String[] lat = para.substring(para.indexOf("latency ms") + 11, para.indexOf(". Claim")).split(",\\s*");
        Curve byRows = curve("A.4.6");
        assertEquals(13, published.size());
        assertEquals(13, lat.length);
        assertEquals(13, byRows.points().size());
        for (int i = 0; i < 13; i++) {
            Point p = byRows.points().get(i);
            assertEquals(published.get(i)[0], p.x());
            assertEquals(published.get(i)[1], p.queriesPerSecond());
            assertEquals(Double.parseDouble(lat[i].trim()), p.latencyMs());
        }
        assertEquals(15, byRows.fixedClients());
        assertTrue(para.replaceAll("\\s+", " ").contains("Claim: " + byRows.claim()), byRows.claim());
    }

    /** Clients 1,4 x rows 5,100: each ratio computed from the manifest's cells beside the published one. */
    @Test
    void theRowsAreRatiosOfTheRunsRangeCells() throws Exception {
        List<Row> rows = rows(new int[][] {{1, 5}, {4, 5}, {1, 100}, {4, 100}});
        Row qps4 = row(rows, "4 clients over 1, queries/s");
        assertEquals(PublishedComparison.ratio(5_408.0 / 2_008), qps4.publishedRatio());
        assertEquals(PublishedComparison.ratio(qps(4, 5) / qps(1, 5)), qps4.measuredRatio());
        assertEquals("indicative: a curve's ratio at another scale and machine", qps4.verdict());
        Row lat4 = row(rows, "4 clients over 1, latency (p50 ms)");
        assertEquals(PublishedComparison.ratio(0.741 / 0.498), lat4.publishedRatio());
        assertEquals(PublishedComparison.ratio(p50(4, 5) / p50(1, 5)), lat4.measuredRatio());
        // 4.6 at each client count of the run: 100 rows over 5
        Row at1 = rows.stream().filter(x -> x.label().endsWith("100 rows over 5, queries/s") && x.differences().startsWith("run: 1 client(s)"))
                .findFirst().orElseThrow();
        assertEquals(PublishedComparison.ratio(7_204.0 / 7_297), at1.publishedRatio());
        assertEquals(PublishedComparison.ratio(qps(1, 100) / qps(1, 5)), at1.measuredRatio());
        assertTrue(at1.differences().contains("steady up to 100 rows"), at1.differences());
        assertEquals(6, rows.size(), "4.5: 4 over 1; 4.6: 100 over 5 at 1 and at 4 clients; each queries/s and latency");
    }

    @Test
    void aCellMissingFromTheRunHasNoRowAndNoRangeStepNoRows() throws Exception {
        List<Row> rows = rows(new int[][] {{1, 5}, {1, 100}});
        assertTrue(rows.stream().noneMatch(x -> x.label().contains("clients over")), rows.toString());
        assertEquals(2, rows.size(), "100 over 5 at 1 client only");
        assertEquals(List.of(), rows(new int[0][]));
    }

    /** Both reports show the rows under their heading, with the measured ratio of the cells; without range cells, no heading. */
    @Test
    void theReportsRenderTheRows() throws Exception {
        rows(new int[][] {{1, 5}, {4, 5}});
        String measured = " | " + PublishedComparison.ratio(qps(4, 5) / qps(1, 5)) + " | indicative";
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        assertTrue(md.contains("### Report A, TDengine alone: curves"), md);
        assertTrue(md.contains("4 clients over 1, queries/s | 5,408 / 2,008 | " + PublishedComparison.ratio(5_408.0 / 2_008)), md);
        assertTrue(md.contains(measured), md);
        String html = HtmlReport.render(Inputs.read(List.of(dir)));
        assertTrue(html.contains("id=\"published-curves-table\""));
        rows(new int[0][]);
        assertTrue(!MarkdownReport.render(Inputs.read(List.of(dir))).contains("TDengine alone: curves"));
    }

    private static double qps(int clients, int resultRows) {
        return 1_000.0 * clients + 7.0 * clients * clients - resultRows;
    }

    private static double p50(int clients, int resultRows) {
        return 0.5 * clients + resultRows / 100.0;
    }

    private List<Row> rows(int[][] cells) throws Exception {
        Fixtures.oneCore(Fixtures.tdengine(Fixtures.standardRun(dir, true)));
        Path file = dir.resolve("tdengine-manifest.json");
        ObjectNode td = (ObjectNode) Fixtures.JSON.readTree(file.toFile());
        if (cells.length > 0) {
            ArrayNode range = td.putArray("range");
            for (int[] c : cells) {
                range.addObject().put("clients", c[0]).put("resultRows", c[1]).put("queriesPerSecond", qps(c[0], c[1]))
                        .put("queriesPerSecondError", 1.0).put("p50Ms", p50(c[0], c[1])).put("p99Ms", 3 * p50(c[0], c[1]));
            }
        }
        Fixtures.write(file, td);
        return curves.rows(Inputs.read(List.of(dir)).databases());
    }

    private static Row row(List<Row> rows, String labelEnd) {
        return rows.stream().filter(r -> r.label().endsWith(labelEnd)).findFirst().orElseThrow(() -> new AssertionError(labelEnd + " in " + rows));
    }

    private Curve curve(String id) {
        return curves.curves().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    private static List<String> cells(String line) {
        List<String> out = new ArrayList<>();
        for (String c : line.split("\\|")) if (!c.isBlank()) out.add(c.trim());
        return out;
    }
}
