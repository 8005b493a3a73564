package org.tsdbbench.report;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.tsdbbench.report.RunResults.Database;
import org.tsdbbench.report.RunResults.Metric;
import org.tsdbbench.report.RunResults.QueryLatency;
import org.tsdbbench.report.RunResults.WriteCell;

/**
 * Every table of the report as CSV ({@code report --format csv}), for spreadsheets and plotting
 * tools: the write cells and the query latencies as the numbers the manifest holds (one row per
 * cell or query, one column per figure, empty where not measured), and the summary, the published
 * comparison and the further tests with the same texts report.md shows.
 */
final class CsvExport {

    static final String WRITES = "writes.csv";
    static final String QUERIES = "queries.csv";
    static final String SUMMARY = "summary.csv";
    static final String PUBLISHED = "published.csv";

    private CsvExport() {
    }

    /** Writes the files into the folder and returns their paths, the write cells' first. */
    static List<Path> write(ReportData data, Path dir) throws IOException {
        List<Database> dbs = data.databases();
        List<Path> files = new ArrayList<>();
        files.add(writes(dbs, dir.resolve(WRITES)));
        files.add(queries(dbs, dir.resolve(QUERIES)));
        files.add(summary(dbs, dir.resolve(SUMMARY)));
        files.add(published(dbs, dir.resolve(PUBLISHED)));
        for (FurtherTables.Table t : FurtherTables.all(dbs)) {
            List<List<String>> rows = new ArrayList<>();
            rows.add(t.header());
            rows.addAll(t.rows());
            files.add(csv(dir.resolve("further-" + t.id() + ".csv"), rows));
        }
        return files;
    }

    private static Path writes(List<Database> dbs, Path file) throws IOException {
        // One column per resource figure any cell has (server.cpu, client.cpuPerRow...), with its unit.
        Map<String, String> metrics = new LinkedHashMap<>();
        for (Database db : dbs) {
            for (WriteCell c : db.writes()) {
                for (String name : new TreeSet<>(c.resources().keySet())) metrics.putIfAbsent(name, c.resources().get(name).unit());
            }
        }
        List<String> header = new ArrayList<>(List.of("database", "server version", "write path", "published path", "rows per request",
                "clients", "rows/s", "rows/s error (99.9%)", "95% interval (% of mean)", "iterations", "unstable", "client-bound", "failure"));
        metrics.forEach((name, unit) -> header.add(name + " (" + unit + ")"));
        List<List<String>> rows = new ArrayList<>();
        rows.add(header);
        for (Database db : dbs) {
            for (WriteCell c : db.writes()) {
                List<String> row = new ArrayList<>(List.of(db.displayName(), db.hasManifest() ? db.serverVersion() : "", text(c.path()),
                        text(c.publishedPath()), String.valueOf(c.rowsPerRequest()), String.valueOf(c.clients()), number(c.rowsPerSecond()),
                        number(c.error()), c.spread() == null ? "" : text(c.spread().ci95Percent()),
                        c.spread() == null || c.spread().iterations() == null ? "" : String.valueOf(c.spread().iterations().size()),
                        c.spread() == null ? "" : text(c.spread().unstable()), text(c.clientBound()), text(c.failure())));
                for (String name : metrics.keySet()) {
                    Metric m = c.resources().get(name);
                    row.add(m == null ? "" : number(m.score()));
                }
                rows.add(row);
            }
        }
        return csv(file, rows);
    }

    private static Path queries(List<Database> dbs, Path file) throws IOException {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("database", "query", "samples", "p50 ms", "p90 ms", "p99 ms", "mean ms", "mean error ms (99.9%)", "status"));
        for (Database db : dbs) {
            for (QueryLatency q : db.queries().values()) {
                String status = !Double.isNaN(q.mean()) ? "measured" : db.absentQueries().contains(q.id()) ? "absent in this dialect" : "not measured";
                rows.add(List.of(db.displayName(), q.id(), String.valueOf(q.samples()), number(q.p50()), number(q.p90()), number(q.p99()),
                        number(q.mean()), number(q.meanError()), status));
            }
        }
        return csv(file, rows);
    }

    private static Path summary(List<Database> dbs, Path file) throws IOException {
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of(""));
        for (Database db : dbs) header.add(Figures.header(db));
        rows.add(header);
        for (Figures.SummaryRow r : Figures.summary(dbs)) {
            List<String> row = new ArrayList<>(List.of(r.label()));
            for (Database db : dbs) row.add(r.figure().apply(db).orElse(""));
            rows.add(row);
        }
        return csv(file, rows);
    }

    private static Path published(List<Database> dbs, Path file) throws IOException {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("group", "test", "vs", "report", "published (TDengine / other)", "published ratio", "measured (TDengine / other)",
                "measured ratio", "verdict", "differences"));
        for (PublishedComparison.Row r : PublishedComparison.rows(dbs, PublishedFigures.load())) {
            rows.add(List.of(r.test().group().title(), r.test().label(), r.otherName(), r.other().report().id(), r.published(),
                    r.publishedRatioText(), r.measured(), r.measuredRatioText(), r.verdictText(), String.join(" · ", r.differences())));
        }
        // the IoT trucks' rows (reports C and D) only for a run that has IoT databases: a devices run's file stays as it was
        for (IotPublishedComparison.Row r : dbs.stream().anyMatch(Figures::iot) ? IotPublishedComparison.load().rows(dbs) : List.<IotPublishedComparison.Row>of()) {
            rows.add(List.of(IotPublishedComparison.TITLE, r.label(), r.secondName() + " (vs " + r.firstName() + ")", r.figure().report().id(),
                    r.figure().publishedText(), r.publishedRatioText(), r.measured(), r.measuredRatioText(), r.verdictText(), String.join(" · ", r.differences())));
        }
        // report D's CnosDB vs OpenTSDB rows only for a run that has cpu-only databases
        if (dbs.stream().anyMatch(Figures::cpuOnly)) {
            CpuOnlyPublishedComparison cpu = CpuOnlyPublishedComparison.load();
            String vs = cpu.figures().second().product() + " (vs " + cpu.figures().first().product() + ")";
            for (CpuOnlyPublishedComparison.Row r : cpu.rows(dbs)) {
                rows.add(List.of(CpuOnlyPublishedComparison.TITLE, r.label(), vs, cpu.figures().report().id(),
                        r.figure().published(), r.publishedRatioText(), r.measured(), r.measuredRatioText(),
                        r.verdictText(), String.join(" · ", r.differences())));
            }
        }
        return csv(file, rows);
    }

    private static Path csv(Path file, List<List<String>> rows) throws IOException {
        try (Writer w = Files.newBufferedWriter(file); CSVPrinter p = new CSVPrinter(w, CSVFormat.RFC4180)) {
            for (List<String> row : rows) p.printRecord(row);
        }
        return file;
    }

    /** A figure as the manifest holds it, full precision; empty when it was not measured. */
    private static String number(double v) {
        return Double.isNaN(v) ? "" : String.valueOf(v);
    }

    private static String text(Object v) {
        return v == null ? "" : v.toString();
    }
}
