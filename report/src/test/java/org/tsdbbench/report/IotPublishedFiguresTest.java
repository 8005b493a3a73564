package org.tsdbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tsdbbench.report.IotPublishedComparison.Figure;

/**
 * The IoT trucks' published figures against the spec they were transcribed from,
 * {@code ../shared/spec/iot.md}: report D's write table cell by cell (rows/s, metrics/s, the page's
 * ratio), its CnosDB vs TimescaleDB write, query and disk figures, report C's claims in its text,
 * and the rows and setting of each report. Where the spec is not there (a clone without ../shared),
 * the spec checks are skipped and say so.
 */
class IotPublishedFiguresTest {

    private static String text;
    private static List<List<String>> writeTable;
    private static List<List<String>> queryTable;
    private static List<List<String>> mysqlTable;

    @BeforeAll
    static void read() throws IOException {
        List<String> lines = IotSpec.lines();
        if (lines == null) return;
        text = IotSpec.flat(lines);
        writeTable = IotSpec.table(lines, "| batch size | workers |");
        queryTable = IotSpec.table(lines, "| query | CnosDB 2.4.1 |");
        mysqlTable = IotSpec.table(lines, "| test | CnosDB 2.4 | MySQL 5.6 |");
    }

    private static void assumeSpec() {
        assumeTrue(text != null, "skipped: the IoT figures were NOT checked against the spec: iot.md not found (../shared/spec/iot.md from the"
                + " module or the project; -Dtsbench.iotMd=FILE names it)");
    }

    private static double number(String cell) {
        return Double.parseDouble(cell.replaceAll("[^0-9.]", ""));
    }

    private static Figure figure(String id) {
        return IotPublishedComparison.load().figures().stream().filter(f -> f.id().equals(id)).findFirst().orElseThrow(() -> new AssertionError(id));
    }

    @Test
    void reportDsWriteTableIsTheSpecsCellByCell() {
        assumeSpec();
        assertEquals(5, writeTable.size());
        for (List<String> row : writeTable) {
            Figure f = figure("d.write." + row.get(0) + "x" + row.get(1));
            assertEquals(Integer.parseInt(row.get(0)), f.rowsPerRequest());
            assertEquals(Integer.parseInt(row.get(1)), f.clients());
            assertEquals(number(row.get(2)), f.firstValue(), 1e-9, f.id());
            assertEquals(number(row.get(3)), f.firstMetrics(), 1e-9, f.id());
            assertEquals(number(row.get(4)), f.secondValue(), 1e-9, f.id());
            assertEquals(number(row.get(5)), f.secondMetrics(), 1e-9, f.id());
            assertEquals("the page: " + Figures.number(number(row.get(6))), f.reportRatioText(), f.id());
            assertEquals(f.firstValue() / f.secondValue(), f.ratio(), 1e-12, "the ratio its figures give");
            assertTrue(f.first().equals("cnosdb") && f.second().equals("influx") && f.firstVersion().equals("2.3.0") && f.secondVersion().equals("1.8.10"));
            assertTrue(text.contains("CnosDB 2.3.0 and InfluxDB 1.8.10"));
            assertEquals(37_342_964L, f.rows());
        }
        assertTrue(text.contains("8 GB, 37,342,964 rows: the page is inconsistent"));
    }

    @Test
    void reportDsCnosDbVsTimescaleDbFiguresAreTheSpecs() {
        assumeSpec();
        assertTrue(text.contains("Write: CnosDB 1.1-1.5 M rows/s, TimescaleDB 0.60-0.63 M rows/s (2x)"));
        Figure write = figure("d.write.timescaledb");
        assertEquals("1.1-1.5 M / 0.60-0.63 M rows/s", write.published());
        assertEquals(2, write.ratio());
        assertTrue(text.contains("CnosDB 2.4.1 vs TimescaleDB 2.10.1") && text.contains("CnosDB 450,721,871 rows"));
        for (String id : List.of("d.write.timescaledb", "d.query.readings-count", "d.query.latitude-stats",
                "d.disk.timescaledb", "d.diskbytes.timescaledb")) {
            Figure f = figure(id);
            assertEquals(450_721_871L, f.rows(), id);
            assertTrue(f.firstVersion().equals("2.4.1") && f.secondVersion().equals("2.10.1"), id);
        }
        assertEquals(2, queryTable.size());
        assertTrue(queryTable.get(0).get(0).contains("select count(*) from readings"));
        assertTrue(queryTable.get(1).get(0).contains("count(*), max(latitude), min(latitude), avg(latitude)"));
        for (int i = 0; i < 2; i++) {
            Figure f = figure(i == 0 ? "d.query.readings-count" : "d.query.latitude-stats");
            assertEquals(number(queryTable.get(i).get(1)), f.firstValue(), 1e-9, f.id());
            assertEquals(number(queryTable.get(i).get(2)), f.secondValue(), 1e-9, f.id());
            assertEquals(f.secondValue() / f.firstValue(), f.ratio(), 1e-12, "latency: the other's over CnosDB's");
        }
        assertTrue(text.contains("Disk: CnosDB 201 GB of text to 26 GB (7.73x); TimescaleDB 164 GB to 22 GB (7.45x)"));
        Figure disk = figure("d.disk.timescaledb");
        assertEquals(7.73, disk.firstValue());
        assertEquals(7.45, disk.secondValue());
        assertTrue(disk.published().contains("201 GB of text to 26 GB (7.73x)") && disk.published().contains("164 GB of text to 22 GB (7.45x)"));
        // both sides of the disk: the compression reads CnosDB ahead, the bytes TimescaleDB
        Figure bytes = figure("d.diskbytes.timescaledb");
        assertEquals(26, bytes.firstValue());
        assertEquals(22, bytes.secondValue());
        assertEquals(22.0 / 26, bytes.ratio(), 1e-12, "TimescaleDB's bytes over CnosDB's: below 1, TimescaleDB ahead");
        assertEquals("CnosDB 26 GB / TimescaleDB 22 GB", bytes.publishedText());
        assertTrue(bytes.note().contains("164 GB against CnosDB's 201 GB"));
        // each side's rows, as the page gives them
        assertTrue(text.contains("CnosDB 450,721,871 rows, 201 GB as text; TimescaleDB 450,729,188 rows, 164 GB"));
        for (String id : List.of("d.write.timescaledb", "d.query.readings-count", "d.query.latitude-stats",
                "d.disk.timescaledb", "d.diskbytes.timescaledb")) {
            assertEquals(450_729_188L, figure(id).secondRows(), id);
        }
    }

    @Test
    void reportDsCnosDbVsMySqlFiguresAreTheSpecs() {
        assumeSpec();
        assertTrue(text.contains("CnosDB 2.4 vs MySQL 5.6") && text.contains("410,522,759 rows, 39 GB of CSV"));
        String[][] rows = {{"write (load the CSV)", "d.mysql.load"}, {"`select count(*) from readings`", "d.mysql.query.readings-count"},
            {"`select count(*) from readings where latitude = 100`", "d.mysql.query.latitude-equals"},
            {"`select count(*), max(latitude), min(latitude), avg(latitude) from readings`", "d.mysql.query.latitude-stats"},
            {"the same `group by driver`", "d.mysql.query.latitude-stats-by-driver"}, {"disk (compression)", "d.disk.mysql"}};
        assertEquals(rows.length, mysqlTable.size());
        for (int i = 0; i < rows.length; i++) {
            List<String> cells = mysqlTable.get(i);
            assertEquals(rows[i][0], cells.get(0));
            Figure f = figure(rows[i][1]);
            assertEquals(410_522_759L, f.rows(), f.id());
            assertTrue(f.first().equals("cnosdb") && f.second().equals("mysql"), f.id());
            assertTrue(f.firstVersion().equals("2.4") && f.secondVersion().equals("5.6"), f.id());
            switch (f.measure()) {
                case LOAD -> {
                    // published as times: rows/s here, each the rows over its time
                    assertEquals(Math.round(410_522_759.0 / seconds(cells.get(1))), f.firstValue(), 0, f.id());
                    assertEquals(Math.round(410_522_759.0 / seconds(cells.get(2))), f.secondValue(), 0, f.id());
                    assertEquals(seconds(cells.get(2)) / seconds(cells.get(1)), f.ratio(), 1e-3, "the load's times, MySQL's over CnosDB's");
                }
                case QUERY -> {
                    assertEquals(seconds(cells.get(1)), f.firstValue(), 1e-9, f.id());
                    assertEquals(seconds(cells.get(2)), f.secondValue(), 1e-9, f.id());
                }
                case COMPRESSION -> {
                    assertEquals("15 GB (2.6)", cells.get(1));
                    assertEquals("62 GB (0.6)", cells.get(2));
                    assertEquals(2.6, f.firstValue());
                    assertEquals(0.6, f.secondValue());
                    Figure bytes = figure("d.diskbytes.mysql");
                    assertEquals(15, bytes.firstValue());
                    assertEquals(62, bytes.secondValue());
                }
                default -> throw new AssertionError(f.id() + ": " + f.measure());
            }
        }
    }

    /** A published time ("1 h 55 min 20 s", "3 min 55.75 s", "3.7 s") in seconds. */
    private static double seconds(String cell) {
        double s = 0;
        String[] parts = cell.strip().split(" ");
        for (int i = 0; i + 1 < parts.length; i += 2) {
            double v = Double.parseDouble(parts[i]);
            s += switch (parts[i + 1]) {
                case "h" -> v * 3600;
                case "min" -> v * 60;
                case "s" -> v;
                default -> throw new AssertionError("a time, not " + cell);
            };
        }
        return s;
    }

    @Test
    void reportCsClaimsAreTheSpecsText() {
        assumeSpec();
        assertTrue(text.contains("at most 3.3x TimescaleDB and 16.2x InfluxDB"));
        assertTrue(text.contains("avg-load 426x and breakdown-frequency 53x InfluxDB; daily-activity 34x and avg-load 23x TimescaleDB"));
        assertTrue(text.contains("TimescaleDB 2.10.1") && text.contains("InfluxDB 1.8.10 (TSBS supports no 2.x)") && text.contains("commit 1bea5a53 (3.0)"));
        assertTrue(text.contains("AWS r4.8xlarge (32 vCPU, 244 GiB) server and an identical client, 10 Gbps between them"));
        String[][] claims = {{"c.write.timescaledb", "3.3", "timescaledb", "TimescaleDB"}, {"c.write.influx", "16.2", "influx", "InfluxDB"},
            {"c.query.avg-load.influx", "426", "influx", "InfluxDB"}, {"c.query.breakdown-frequency.influx", "53", "influx", "InfluxDB"},
            {"c.query.daily-activity.timescaledb", "34", "timescaledb", "TimescaleDB"}, {"c.query.avg-load.timescaledb", "23", "timescaledb", "TimescaleDB"}};
        for (String[] c : claims) {
            Figure f = figure(c[0]);
            assertEquals(Double.parseDouble(c[1]), f.ratio(), 0, c[0]);
            assertEquals("tdengine", f.first());
            assertEquals(c[2], f.second());
            assertTrue(f.published().contains(c[1] + "x " + c[3]), f.published());
            boolean write = f.measure() == IotPublishedComparison.Measure.WRITE_CELL;
            assertEquals(write ? IotPublishedComparison.Bound.AT_MOST : IotPublishedComparison.Bound.EXACT, f.bound(),
                    "the write claims are upper bounds");
            if (!write) {
                assertTrue(text.contains(f.query() + " " + c[1] + "x"), f.query());
                assertEquals(List.of("iot-1", "iot-2"), f.scenarios(), "the 100-truck and 4,000-truck data sets");
                // the scripts' query runs: 8 workers at once, the clients a run's query step needs for a like-for-like row
                assertTrue(text.contains("8 workers"), "spec/iot.md: report C's query runs' workers");
                assertEquals(8, f.clients(), f.id());
                // the qualifier report C put on its query leads, beside each of the four
                assertEquals("report C: TDengine led \"for most query types\" (对于大多数查询类型), not all", f.qualifier());
                assertTrue(text.contains("TDengine led \"for most query types\" (对于大多数查询类型), not all"));
            } else {
                assertEquals(10_000, f.rowsPerRequest());
                assertEquals(12, f.clients());
                assertEquals(5, f.scenarios().size());
            }
        }
        assertEquals(6 + 4 + 5 + 5 + 7, IotPublishedComparison.load().figures().size(), "report C's six ratios and its "
                + "CPU and disk I/O claim against two, report D's five pairs, five against TimescaleDB and seven against MySQL");
    }

    /**
     * Report C's claim with no figure: TDengine used the least CPU and disk I/O while writing,
     * against each of the two, at report C's cell.
     */
    @Test
    void reportCsCpuAndDiskClaimIsTheSpecsText() {
        assumeSpec();
        assertTrue(text.contains("TDengine used the least CPU and disk I/O while writing"));
        for (String id : List.of("c.cpu.timescaledb", "c.cpu.influx", "c.diskio.timescaledb", "c.diskio.influx")) {
            Figure f = figure(id);
            assertEquals("TDengine used the least CPU and disk I/O while writing", f.published(), id);
            assertEquals(IotPublishedComparison.Bound.LEAD, f.bound(), id);
            assertEquals(1, f.ratio(), id);
            assertTrue(f.firstValue() == null && f.secondValue() == null, id + ": no figure published");
            assertEquals(10_000, f.rowsPerRequest(), id);
            assertEquals(12, f.clients(), id);
        }
    }

    /**
     * Report C's text states no load cell, data sets or query runs: every row of report C takes them
     * from TDengine's public TSBS test scripts and says so, as iot.md does.
     */
    @Test
    void reportCsSettingsSayWhereTheyComeFrom() {
        assumeSpec();
        assertTrue(text.contains("Its load cell (12 workers, batch 10,000), its query runs (100 and 4,000 trucks, 8 "
                + "workers) and the scenarios' time spans are not in its text: they come from TDengine's public TSBS "
                + "test scripts (a later version queries one day, not four)"));
        assertTrue(text.contains("Load: 12 workers, batch size 10,000") && text.contains("Queries: on the 100-truck "
                + "and 4,000-truck data sets over 4 days"));
        assertTrue(text.contains("| 1 | 100 | 1 month (to 2016-02-01) | 62 h |"), "iot-1: 100 trucks over 1 month");
        for (Figure f : IotPublishedComparison.load().figures()) {
            if (!f.report().id().equals("C")) {
                // report D states its settings; its MySQL load was a bulk load of a CSV file, which no module's load step is
                if (f.id().equals("d.mysql.load")) assertTrue(f.settingFrom().contains("load data local infile"), f.id());
                else assertNull(f.settingFrom(), f.id() + ": report D states its settings");
                continue;
            }
            assertTrue(f.settingFrom().contains("TDengine's public TSBS test scripts"), f.id());
            assertTrue(f.settingFrom().contains(f.measure() == IotPublishedComparison.Measure.QUERY ? "queried over 4 "
                    + "days by 8 workers" : "12 workers x batch 10,000"), f.id());
        }
        assertTrue(IotPublishedComparison.load().reports().get(0).scale().startsWith("not stated in report C's text; "
                + "TDengine's public TSBS test scripts"));
    }

    @Test
    void eachReportsSettingIsTheSpecs() {
        assumeSpec();
        IotPublishedComparison iot = IotPublishedComparison.load();
        String c = iot.reports().get(0).hardware();
        String d = iot.reports().get(1).hardware();
        assertTrue(text.contains(c), c);
        assertTrue(d.contains("8 cores and 32 GB on a 32-core Xeon Gold 5218, 256 GB, one SSD") && text.contains("limited to 8 cores and 32 GB on a 32-core Xeon Gold 5218, 256 GB, one SSD"));
        assertTrue(d.contains("64-core Xeon Gold 5218, 256 GB, NVMe SSD") && text.contains("64-core Xeon Gold 5218, 256 GB, NVMe SSD"));
        assertTrue(iot.reports().get(1).scale().contains("100 devices, 2023-01-01..2023-05-01, 50 s, 8 GB") && text.contains("100 devices, 2023-01-01..2023-05-01, 50 s, 8 GB"));
    }

    /**
     * What a pair's rows share is said once for the pair: every figure of a report and pair has
     * the same setting and versions.
     */
    @Test
    void aPairsFiguresShareTheirSettingAndVersions() {
        Map<String, Figure> first = new HashMap<>();
        for (Figure f : IotPublishedComparison.load().figures()) {
            Figure pair = first.computeIfAbsent(f.report().id() + " " + f.first() + " " + f.second(), k -> f);
            assertEquals(pair.setting(), f.setting(), f.id());
            assertEquals(pair.firstVersion() + " " + pair.secondVersion(), f.firstVersion() + " " + f.secondVersion(),
                    f.id());
        }
        assertEquals(5, first.size(), "report C: TDengine vs TimescaleDB and InfluxDB; report D: CnosDB vs InfluxDB, "
                + "TimescaleDB and MySQL");
    }

    /** A figure without its source, its cell or a positive figure is refused, never used. */
    @Test
    void aFigureWithoutWhatItNeedsIsRefused() throws Exception {
        String base = "{\"reports\":[{\"id\":\"D\",\"title\":\"t\",\"hardware\":\"h\",\"scale\":\"s\"}],\"figures\":[{\"id\":\"x\",\"report\":\"D\","
                + "\"measure\":\"writeCell\",\"first\":\"cnosdb\",\"firstProduct\":\"CnosDB\",\"firstVersion\":\"1\",\"second\":\"influx\","
                + "\"secondProduct\":\"InfluxDB\",\"secondVersion\":\"1\",\"firstValue\":2,\"secondValue\":1,\"source\":\"s\"%s}]}";
        String cell = ",\"rowsPerRequest\":1,\"clients\":1";
        String good = String.format(Locale.ROOT, base, cell + ",\"rows\":1");
        assertEquals(2.0, IotPublishedComparison.parse(RunResults.JSON.readTree(good)).figures().get(0).ratio());
        for (String[] bad : new String[][] {{"a cell's figure names its cell", ",\"rows\":1"},
                {"no source", cell + ",\"rows\":1,\"source\":\"\""},
                {"firstValue must be a positive number", cell + ",\"rows\":1,\"firstValue\":-1"},
                {"neither its rows nor its scenarios", cell}}) {
            ObjectNode tree = (ObjectNode) RunResults.JSON.readTree(String.format(Locale.ROOT, base, bad[1]));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> IotPublishedComparison.parse(tree));
            assertTrue(e.getMessage().contains(bad[0]), e.getMessage());
        }
        assertFalse(IotPublishedComparison.load().sources().isEmpty());
    }
}
