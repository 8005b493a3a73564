package org.tsdbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tsdbbench.report.CpuOnlyPublishedFigures.Figure;
import org.tsdbbench.report.CpuOnlyPublishedFigures.Measure;

/**
 * Report D's CnosDB vs OpenTSDB figures against the spec they were transcribed from,
 * {@code ../shared/spec/iot.md}: each cell of its table, the ratios they give (10x, 11.4x, 97.1x,
 * 15.8x, 5.4x; 10.4 vs 1.9), the versions, setting and scale. Without the spec the checks are skipped.
 */
class CpuOnlyPublishedFiguresTest {

    private static final String HEADER = "| test | CnosDB 2.3.4.4 | OpenTSDB 2.4.1 |";

    private static String text;
    private static List<List<String>> table;

    @BeforeAll
    static void read() throws IOException {
        List<String> lines = IotSpec.lines();
        if (lines == null) return;
        text = IotSpec.flat(lines);
        table = IotSpec.table(lines, HEADER);
    }

    private static void assumeSpec() {
        assumeTrue(text != null, "skipped: the cpu-only figures were NOT checked against the spec: iot.md not found"
                + " (../shared/spec/iot.md from the module or the project; -Dtsbench.iotMd=FILE names it)");
    }

    /** A cell's figure: "20w" and "2.2w" in the page's "w" (10,000), "1,845 ms", "4.8 GB (10.4)" its first number. */
    private static double number(String cell) {
        String first = cell.split(" ")[0].replace(",", "");
        if (!first.endsWith("w")) return Double.parseDouble(first);
        return Double.parseDouble(first.substring(0, first.length() - 1)) * 10_000;
    }

    /** The compression in a disk cell's parentheses: "4.8 GB (10.4)" gives 10.4. */
    private static double compression(String cell) {
        return Double.parseDouble(cell.substring(cell.indexOf('(') + 1, cell.indexOf(')')));
    }

    private static Figure figure(String id) {
        return CpuOnlyPublishedFigures.load().figures().stream().filter(f -> f.id().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError(id));
    }

    @Test
    void eachFigureIsTheSpecsCell() {
        assumeSpec();
        String[] ids = {"d.devops.write.8c32g", "d.devops.write.8c64g", "d.devops.query.5-months",
            "d.devops.query.2-months", "d.devops.disk.bytes"};
        assertEquals(ids.length, table.size());
        for (int i = 0; i < ids.length; i++) {
            List<String> row = table.get(i);
            Figure f = figure(ids[i]);
            assertEquals(number(row.get(1)), f.firstValue(), 1e-9, f.id());
            assertEquals(number(row.get(2)), f.secondValue(), 1e-9, f.id());
            String label = f.source().substring(f.source().indexOf("row \"") + 5, f.source().length() - 1);
            assertTrue(row.get(0).startsWith(label), f.id() + ": its source names the spec's row, " + row.get(0));
        }
        Figure compression = figure("d.devops.disk.compression");
        assertEquals(compression(table.get(4).get(1)), compression.firstValue());
        assertEquals(compression(table.get(4).get(2)), compression.secondValue());
        assertEquals(figure("d.devops.disk.bytes").source(), compression.source());
        assertEquals(6, CpuOnlyPublishedFigures.load().figures().size());
    }

    /** The ratios the figures give: write 10x and 11.4x, the queries 97.1x and 15.8x, the disk 5.4x; 10.4 vs 1.9. */
    @Test
    void theRatiosAreReportDs() {
        String[][] ratios = {{"d.devops.write.8c32g", "10.0"}, {"d.devops.write.8c64g", "11.4"},
            {"d.devops.query.5-months", "97.1"}, {"d.devops.query.2-months", "15.8"}, {"d.devops.disk.bytes", "5.4"},
            {"d.devops.disk.compression", "5.5"}};
        for (String[] r : ratios) assertEquals(r[1], String.format(Locale.ROOT, "%.1f", figure(r[0]).ratio()), r[0]);
        Figure c = figure("d.devops.disk.compression");
        assertEquals(List.of(10.4, 1.9), List.of(c.firstValue(), c.secondValue()));
        assertEquals(Measure.QUERY_WHOLE_SPAN, figure("d.devops.query.5-months").measure());
        assertEquals(Measure.QUERY_TWO_FIFTHS, figure("d.devops.query.2-months").measure());
    }

    @Test
    void theVersionsSettingAndScaleAreTheSpecs() {
        assumeSpec();
        CpuOnlyPublishedFigures figures = CpuOnlyPublishedFigures.load();
        assertTrue(text.contains("CnosDB 2.3.4.4 vs OpenTSDB 2.4.1 (DevOps `cpu` data of influxdb-comparisons, seed"
                + " 654147269, 2018-01..2018-06, 50 GB raw, about 110 billion points; each in 8 cores with 32 or 64"
                + " GB)"));
        assertEquals("2.3.4.4", figures.first().version());
        assertEquals("2.4.1", figures.second().version());
        assertEquals(110_000_000_000L, figures.report().points());
        assertEquals(8, figures.report().cores());
        assertTrue(figures.report().scale()
                .contains("seed 654147269, 2018-01..2018-06, 50 GB raw, about 110 billion points"));
        assertTrue(figures.report().hardware().startsWith("each server 8 cores with 32 or 64 GB"));
        assertTrue(table.get(0).get(0).contains("8C32G") && figure("d.devops.write.8c32g").setting().equals("8C32G"));
        assertTrue(table.get(1).get(0).contains("8C64G") && figure("d.devops.write.8c64g").setting().equals("8C64G"));
        assertTrue(table.get(0).get(0).contains("unit unstated, points/s likely"));
        assertTrue(figure("d.devops.write.8c32g").caveat().contains("no unit"));
    }

    /** A figure without its source or a positive value is refused, never used. */
    @Test
    void aFigureWithoutWhatItNeedsIsRefused() throws Exception {
        String base = "{\"report\":{\"id\":\"D\",\"title\":\"t\",\"hardware\":\"h\",\"cores\":8,\"scale\":\"s\","
                + "\"points\":1},"
                + "\"first\":{\"module\":\"cnosdb\",\"product\":\"CnosDB\",\"version\":\"1\"},"
                + "\"second\":{\"module\":\"opentsdb\",\"product\":\"OpenTSDB\",\"version\":\"1\"},"
                + "\"figures\":[{\"id\":\"x\",\"measure\":\"queryWholeSpan\",\"published\":\"p\"%s}]}";
        String good = String.format(Locale.ROOT, base, ",\"firstValue\":2,\"secondValue\":4,\"source\":\"s\"");
        assertEquals(2.0, CpuOnlyPublishedFigures.parse(RunResults.JSON.readTree(good)).figures().get(0).ratio());
        for (String[] bad : new String[][] {{"no source", ",\"firstValue\":2,\"secondValue\":4"},
                {"firstValue must be a positive number", ",\"firstValue\":-2,\"secondValue\":4,\"source\":\"s\""}}) {
            var tree = RunResults.JSON.readTree(String.format(Locale.ROOT, base, bad[1]));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> CpuOnlyPublishedFigures.parse(tree));
            assertTrue(e.getMessage().contains(bad[0]), e.getMessage());
        }
    }
}
