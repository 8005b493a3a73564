package org.tsdbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tsdbbench.report.PublishedFigures.Figure;

/**
 * The report's published figures against the spec they were transcribed from,
 * {@code ../shared/spec/published.md} (the project's steering folder beside the worktree), figure
 * by figure: its markdown tables are parsed and each figure looked up in its table, row and column.
 * Where the spec is not there (a clone without ../shared), the test is skipped and says so.
 */
class PublishedMdTest {

    /** A markdown table: the line of text above it, its header and its rows, cells trimmed. */
    record Table(String caption, List<String> header, List<List<String>> rows, int line) {
        String cell(String rowLabel, String column) {
            int col = header.indexOf(column);
            for (List<String> r : rows) if (r.get(0).equals(rowLabel) && col >= 0 && col < r.size()) return r.get(col);
            return null;
        }
    }

    private static String text;
    private static List<Table> tables;

    @BeforeAll
    static void read() throws IOException {
        Path spec = null;
        List<String> tried = new ArrayList<>();
        String property = System.getProperty("tsbench.publishedMd");
        for (String candidate : property != null ? List.of(property) : List.of("../../shared/spec/published.md", "../shared/spec/published.md")) {
            Path p = Path.of(candidate).toAbsolutePath().normalize();
            tried.add(p.toString());
            if (Files.isRegularFile(p)) spec = p;
        }
        assumeTrue(spec != null, "skipped: the published figures were NOT checked against the spec: published.md not found (looked at "
                + String.join(", ", tried) + "; -Dtsbench.publishedMd=FILE names it)");
        List<String> lines = Files.readAllLines(spec);
        text = String.join("\n", lines);
        tables = new ArrayList<>();
        String caption = "";
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            if (!l.startsWith("|")) {
                if (!l.isEmpty()) caption = l;
                continue;
            }
            int start = i;
            List<String> header = cells(l);
            List<List<String>> rows = new ArrayList<>();
            i++;
            while (i < lines.size() && lines.get(i).strip().startsWith("|")) {
                if (!lines.get(i).strip().startsWith("|---")) rows.add(cells(lines.get(i).strip()));
                i++;
            }
            i--;
            tables.add(new Table(caption, header, rows, start));
        }
    }

    private static List<String> cells(String line) {
        List<String> out = new ArrayList<>();
        String inner = line.substring(1, line.endsWith("|") ? line.length() - 1 : line.length());
        for (String c : inner.split("\\|", -1)) out.add(c.strip());
        return out;
    }

    /** The first number of a cell, thousands separators dropped. */
    private static double number(String cell) {
        assertNotNull(cell);
        Matcher m = Pattern.compile("[0-9][0-9,]*(\\.[0-9]+)?").matcher(cell);
        assertTrue(m.find(), cell);
        return Double.parseDouble(m.group().replace(",", ""));
    }

    /** The table whose caption starts with these words, in the section of the spec that begins with this heading. */
    private static Table table(String section, String captionStart) {
        int from = text.substring(0, text.indexOf(section)).split("\n", -1).length - 1;
        int next = text.indexOf("\n## ", text.indexOf(section) + 1);
        int to = next < 0 ? Integer.MAX_VALUE : text.substring(0, next).split("\n", -1).length;
        return tables.stream().filter(t -> t.line() > from && t.line() < to && t.caption().startsWith(captionStart)).findFirst()
                .orElseThrow(() -> new AssertionError("no table '" + captionStart + "' in " + section));
    }

    private static final String A = "## Report A, single node";
    private static final String B = "## Report B";

    /** Where a figure stands in the spec: its value there. */
    private static double specValue(Figure f) {
        String product = f.product();
        return switch (f.test()) {
            case "write.onecore" -> {
                Table t = table(A, product.equals("ClickHouse") ? "ClickHouse (MergeTree)" : product.equals("InfluxDB") ? "InfluxDB (points" : product);
                // Cassandra's table is the other way round: a row per client count, a column per batch size.
                yield product.equals("Cassandra") ? number(t.cell(String.valueOf(f.clients()), String.valueOf(f.rowsPerRequest())))
                        : number(t.cell(String.valueOf(f.rowsPerRequest()), String.valueOf(f.clients())));
            }
            case "read.onecore" -> number(table(A, "Read everything back").cell(product, String.valueOf(f.clients())));
            case "write.best" -> number(summaryB(f, "best write, rows/s"));
            case "q1" -> number(summaryB(f, "read one group (1 M rows)"));
            case "q2.avg.p100" -> product.equals("Cassandra") ? number(table(B, "q2, seconds").cell("Cassandra avg", "100%"))
                    : number(summaryB(f, "avg over 100 M rows"));
            case "q3.count.p100" -> number(summaryB(f, "group by tag, 100 M rows"));
            case "q4.count.p100" -> number(summaryB(f, "1-minute intervals, 100 M rows"));
            case "disk" -> {
                String cell = summaryB(f, "disk (raw text 3,941 MB)");
                String row = String.join(" ", table(B, "i3-7100").rows().stream().filter(r -> r.get(0).startsWith("disk")).findFirst().orElseThrow());
                assertTrue(row.contains("binary units"), "the spec says the disk figures are du -h's binary units: " + row);
                yield number(cell) * (cell.contains("GB") ? 1L << 30 : 1L << 20);
            }
            case "resources.cpu" -> number(table(A, "Resources while one client writes").cell(product, "CPU %"));
            case "resources.memory" -> number(table(A, "Resources while one client writes").cell(product, "memory %"));
            // KB as 1,024 bytes
            case "resources.disk" -> number(table(A, "Resources while one client writes").cell(product, "disk (KB)")) * 1024;
            default -> {
                Matcher fn = Pattern.compile("q([25])\\.([a-z]+)\\.(d1|p80)").matcher(f.test());
                if (!fn.matches()) throw new AssertionError("no place in the spec for " + f.test());
                Table t = fn.group(1).equals("5") ? table(A, "Single sensor (3.6.3.7") : table(A, "and TDengine over 1 billion rows");
                // milliseconds in the spec, seconds in the figures
                yield number(t.cell(fn.group(2).toUpperCase(Locale.ROOT), product)) / 1000;
            }
        };
    }

    private static String summaryB(Figure f, String row) {
        return table(B, "i3-7100").cell(row, f.product().equals("TDengine") ? "TDengine 1.6" : "Cassandra 3.11");
    }

    @Test
    void everyFigureIsTheSpecsFigureInItsTableRowAndColumn() {
        PublishedFigures published = PublishedFigures.load();
        assertFalse(published.figures().isEmpty());
        for (Figure f : published.figures()) {
            assertEquals(specValue(f), f.value(), Math.abs(f.value()) * 1e-9, f.test() + " " + f.database() + " (" + f.source() + ")");
        }
    }

    /** The rows report A's 3.3, 3.5 and 3.6 tests used, per database, as the spec states them. */
    @Test
    void theRowsOfEachFigureAreTheSpecs() {
        String flat = text.replaceAll("\\s+", " ");
        assertTrue(flat.contains("Resources while one client writes 10 M rows"));
        assertTrue(flat.contains("Single sensor (200,000 rows; MySQL and OpenTSDB 20,000)"));
        assertTrue(flat.contains("up to 1 billion rows for TDengine, InfluxDB, ClickHouse, 100 million for OpenTSDB and MySQL"));
        assertTrue(flat.contains("Cassandra: about 3,000,000 ms over 1 billion rows"));
        int checked = 0;
        for (Figure f : PublishedFigures.load().figures()) {
            boolean small = f.database().equals("mysql") || f.database().equals("opentsdb");
            Long expected = switch (f.test().replaceAll("\\..*", "")) {
                case "resources" -> Long.valueOf(10_000_000L);
                case "q5" -> Long.valueOf(small ? 20_000L : 200_000L);
                default -> f.test().endsWith(".p80") ? Long.valueOf(small ? 100_000_000L : 1_000_000_000L) : f.rows();
            };
            assertEquals((Object) expected, f.rows(), f.test() + " " + f.database());
            if (f.rows() != null) checked++;
        }
        assertEquals(6 + 18 + 46 + 38, checked, "the read test's 6, the resources' 18, the one-sensor functions' 46, the 80% functions' 38");
    }

    @Test
    void theReportsOwnSummaryRatiosAreTheSpecs() {
        String claims = text.replaceAll("\\s+", " ");
        String ratiosB = String.join(" ", table(B, "i3-7100").rows().stream().filter(r -> r.get(0).startsWith("the report's own summary ratios"))
                .findFirst().orElseThrow());
        int checked = 0;
        for (Figure f : PublishedFigures.load().figures()) {
            if (f.reportRatio() == null) continue;
            String ratio = (f.reportRatio() == Math.rint(f.reportRatio()) ? String.valueOf(f.reportRatio().longValue()) : String.valueOf(f.reportRatio())) + "x";
            if (f.report().id().equals("B")) {
                assertTrue(ratiosB.contains(f.reportRatioText()), f.reportRatioText() + " in " + ratiosB);
            } else {
                String claim = claims.substring(claims.indexOf("Claim (3.2.7)"), claims.indexOf("Read everything back"));
                assertTrue(claim.contains(ratio + " " + f.product()) || claim.contains(ratio + " OpenTSDB's and " + f.product()), ratio + " " + f.product() + ": " + claim);
            }
            assertTrue(f.reportRatioText().contains(ratio), f.reportRatioText());
            checked++;
        }
        assertEquals(10, checked, "report A: 18x, 75x, 150x (twice); report B: 20x, 17x, 4000x, 2500x, 119x, 26.7x");
    }

    @Test
    void theReportsFactsAreTheSpecs() {
        PublishedFigures published = PublishedFigures.load();
        String flat = text.replaceAll("\\s+", " ");
        PublishedFigures.Report a = published.reports().stream().filter(r -> r.id().equals("A")).findFirst().orElseThrow();
        assertTrue(flat.contains("Report A carries no date"));
        assertFalse(a.title().matches(".*\\b(19|20)\\d\\d\\b.*"), "report A is undated: " + a.title());
        assertTrue(flat.contains("keep_alive_timeout raised from 3 to 3,000,000"));
        assertTrue(published.figure("write.onecore", "clickhouse").orElseThrow().note().contains("3,000,000"));
        PublishedFigures.Report b = published.reports().stream().filter(r -> r.id().equals("B")).findFirst().orElseThrow();
        assertTrue(flat.contains("i3-7100 (the report says 4 cores: 2 cores, 4 threads)"));
        assertEquals(2, b.machineCores(), b.hardware());
        // the read test's sizes: TDengine and ClickHouse 65 M rows, OpenTSDB 5 M, InfluxDB, Cassandra and MySQL 1 M
        assertTrue(flat.contains("TDengine and ClickHouse read 65 M rows, OpenTSDB 5 M, InfluxDB, Cassandra and MySQL 1 M each"));
        for (String[] db : new String[][] {{"tdengine", "65"}, {"clickhouse", "65"}, {"opentsdb", "5"}, {"influx", "1"}, {"cassandra", "1"}, {"mysql", "1"}}) {
            assertEquals(Long.parseLong(db[1]) * 1_000_000, published.figure("read.onecore", db[0]).orElseThrow().rows(), db[0]);
        }
        assertTrue(String.format(Locale.ROOT, "%s", b.scale()).contains("100 M rows"));
    }
}
