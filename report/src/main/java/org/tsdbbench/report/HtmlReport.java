package org.tsdbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SortedSet;
import java.util.function.Function;
import org.tsdbbench.report.Charts.Chart;
import org.tsdbbench.report.Further.VolumeBlock;
import org.tsdbbench.report.RunResults.Database;
import org.tsdbbench.report.RunResults.Disk;
import org.tsdbbench.report.RunResults.QueryLatency;
import org.tsdbbench.report.RunResults.Status;
import org.tsdbbench.report.RunResults.WriteCell;
import org.tsdbbench.results.Manifest;
import org.tsdbbench.results.QueryRecord;
import org.tsdbbench.results.ResultsJson;
import org.tsdbbench.results.ServerRecord;

/**
 * report.html: one self-contained page (inline CSS and SVG, no script, nothing fetched) with the
 * summary table in the published shape, the charts of {@link Charts}, the write and query tables
 * and each database's facts. Failed databases and interrupted runs are marked as in report.md.
 */
final class HtmlReport {

    private static final String CSS = """
            body{font-family:sans-serif;margin:24px auto;max-width:1500px;padding:0 16px;color:#222}
            h1{font-size:26px}h2{margin-top:36px;border-bottom:1px solid #ccc}h3{margin-top:24px}
            table{border-collapse:collapse;margin:8px 0 16px}th,td{border:1px solid #ccc;padding:4px 8px;text-align:right;vertical-align:top}
            th:first-child,td:first-child{text-align:left}th{background:#f3f3f3}
            .banner{background:#b00020;color:#fff;font-weight:bold;padding:12px 16px;font-size:18px;margin:12px 0}
            .failed{color:#b00020;font-weight:bold}.note{color:#555}.server{display:block;color:#555;font-size:12px}
            .charts{display:flex;flex-wrap:wrap;gap:12px}
            figure.chart{margin:0;border:1px solid #ddd;width:720px;max-width:100%}figure.chart svg{display:block;width:100%;height:auto}
            figcaption{font-size:12px;color:#555;padding:4px 8px}dl{display:grid;grid-template-columns:max-content auto;gap:2px 12px}
            dt{font-weight:bold}dd{margin:0}code{font-size:12px}
            table.published td,table.published th{text-align:left}summary h3{display:inline}td.differences{font-size:12px;color:#444;max-width:640px}td.differences ul{margin:0;padding-left:16px}
            td.verdict{font-weight:bold}td.verdict.reversed{color:#b00020}td.verdict.not-measured{color:#777;font-weight:normal}
            td.verdict.indicative{font-weight:normal;color:#555}
            """;

    private HtmlReport() {
    }

    static String render(ReportData data) {
        List<Database> dbs = data.databases();
        Charts charts = new Charts(dbs);
        StringBuilder h = new StringBuilder(1 << 16);
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<title>Time-series database comparison</title>\n<style>").append(CSS).append("</style>\n</head>\n<body>\n")
                .append("<h1>Time-series database comparison</h1>\n");
        for (String run : data.incompleteRuns()) {
            h.append("<div class=\"banner\" id=\"incomplete-run\">INCOMPLETE RUN ").append(esc(run))
                    .append(": the run was interrupted; databases it did not reach have no figures.</div>\n");
        }
        h.append("<p class=\"note\">Figures from JMH. Write: rows acknowledged per second (mean over iterations, error bars and ± are JMH's 99.9% ")
                .append("confidence interval). Query: latency until the last row reached the client, every answer checked; tables show the ")
                .append("median (p50), charts the mean with its 99.9% confidence interval. A dash is a figure that was not measured.</p>\n");
        for (Database db : dbs) {
            Figures.mergeNote(db).ifPresent(n -> h.append("<p class=\"note merged\">").append(esc(db.displayName() + ": " + n)).append("</p>\n"));
        }
        summary(h, dbs);
        published(h, dbs, charts);

        h.append("<h2 id=\"write\">Write</h2>\n<div class=\"charts\">\n");
        figure(h, charts.bestWrite(), "Best cell of each database; failed cells and databases are not drawn.");
        for (Database db : dbs) {
            figure(h, charts.writeVsClients(db), "One line per rows per request (R/R); failed cells are not drawn.");
            figure(h, charts.writeEachSecond(db), "Rows acknowledged in each second of each cell's measured window (iterations one after"
                    + " another; the last, partial second left out); the table's figure is JMH's mean over the iterations.");
        }
        h.append("</div>\n");
        for (Database db : dbs) writeTable(h, db);

        h.append("<h2 id=\"queries\">Queries</h2>\n<div class=\"charts\">\n");
        figure(h, charts.q1(), "Mean latency per devgroup read.");
        for (String family : Charts.queryFamilies(dbs)) figure(h, charts.queryFamily(family), "Share of devices: devgroup < N.");
        h.append("</div>\n");
        for (Database db : dbs) queryTables(h, db);

        h.append("<h2 id=\"disk\">Disk</h2>\n<div class=\"charts\">\n");
        figure(h, charts.diskBytes(), "After the load; raw text = the same rows in the generator's text format.");
        figure(h, charts.diskBytesPerRow(), "Bytes on disk divided by the rows stored.");
        h.append("</div>\n");
        diskTable(h, dbs);

        List<FurtherTables.Table> further = FurtherTables.all(dbs);
        if (!further.isEmpty()) {
            h.append("<h2 id=\"further\">Further tests</h2>\n<div class=\"charts\">\n");
            figure(h, charts.rangeQueriesPerSecond(), "All clients together; one line per database and rows per query.");
            figure(h, charts.volume("writeRowsPerSecond", "write rows/s", VolumeBlock::writeRowsPerSecond),
                    "Each block written by one client, against the rows already stored.");
            figure(h, charts.volume("readRowsPerSecond", "read rows/s", VolumeBlock::readRowsPerSecond),
                    "Each block read back at once with one time-range query.");
            h.append("</div>\n");
            for (FurtherTables.Table t : further) table(h, t);
        }

        h.append("<h2 id=\"facts\">Databases</h2>\n");
        for (Database db : dbs) facts(h, db);
        h.append("</body>\n</html>\n");
        return h.toString();
    }

    private static void table(StringBuilder h, FurtherTables.Table t) {
        h.append("<h3>").append(esc(t.title())).append("</h3>\n<table class=\"further\" id=\"").append(t.id()).append("-table\">\n<tr>");
        for (String col : t.header()) h.append("<th>").append(esc(col)).append("</th>");
        h.append("</tr>\n");
        for (List<String> row : t.rows()) {
            h.append("<tr>");
            for (String cell : row) h.append("<td>").append(esc(cell)).append("</td>");
            h.append("</tr>\n");
        }
        h.append("</table>\n");
    }

    private static void figure(StringBuilder h, Optional<Chart> chart, String caption) {
        chart.ifPresent(c -> h.append("<figure class=\"chart\" id=\"").append(c.id()).append("\">").append(c.svg())
                .append("<figcaption>").append(esc(caption)).append("</figcaption></figure>\n"));
    }

    private static void summary(StringBuilder h, List<Database> dbs) {
        h.append("<h2 id=\"summary\">Summary</h2>\n<table id=\"summary-table\">\n<tr><th></th>");
        for (Database db : dbs) {
            h.append(db.failed() ? "<th class=\"failed\">" : "<th>").append(esc(Figures.header(db))).append("</th>");
        }
        h.append("</tr>\n");
        for (Figures.SummaryRow r : Figures.summary(dbs)) row(h, r.label(), dbs, r.figure());
        h.append("</table>\n");
    }

    private static void published(StringBuilder h, List<Database> dbs, Charts charts) {
        if (Figures.tsbsOnly(dbs)) {
            h.append("<h2 id=\"published\">Published vs measured</h2>\n");
            if (dbs.stream().anyMatch(Figures::iot)) iotPublished(h, dbs);
            if (dbs.stream().anyMatch(Figures::cpuOnly)) cpuOnlyPublished(h, dbs);
            return;
        }
        PublishedFigures figures = PublishedFigures.load();
        List<PublishedComparison.Row> rows = PublishedComparison.rows(dbs, figures);
        h.append("<h2 id=\"published\">Published vs measured</h2>\n<p class=\"note\">").append(esc(PublishedComparison.EXPLANATION))
                .append("</p>\n");
        h.append("<ul class=\"note\">");
        for (String source : PublishedComparison.sources(figures)) h.append("<li>").append(esc(source)).append("</li>");
        for (String repeated : PublishedComparison.repeated(dbs)) {
            h.append("<li>").append(esc(repeated + " is the column compared: the report holds its database more than once")).append("</li>");
        }
        h.append("</ul>\n");
        pairs(h, PublishedComparison.pairs(dbs, figures));
        for (PublishedComparison.Group group : PublishedComparison.Group.values()) {
            List<PublishedComparison.Row> in = rows.stream().filter(r -> r.test().group() == group).toList();
            boolean headline = group == PublishedComparison.Group.HEADLINE;
            // report A's further tables are long (up to 37 rows): each folds away under its title, open on a click (no script needed)
            if (!headline) {
                h.append("<details>\n<summary><h3>").append(esc(group.title())).append(" (").append(in.size()).append(" rows)</h3></summary>\n<p class=\"note\">")
                        .append(esc(group.note())).append("</p>\n");
            }
            h.append("<div class=\"charts\">\n");
            figure(h, charts.publishedVsMeasured(in, group), "Grey: the published ratio; blue: this run's. No blue bar: not measured in this run.");
            h.append("</div>\n<table ").append(headline ? "id=\"published-table\"" : "id=\"published-table-" + Charts.slug(group.name()) + "\"")
                    .append(" class=\"published\">\n<tr><th>test</th><th>vs</th><th>published (TDengine / other)</th>")
                    .append("<th>published ratio</th><th>measured (TDengine / other)</th><th>measured ratio</th><th>verdict</th><th>differences</th></tr>\n");
            for (PublishedComparison.Row r : in) {
                h.append("<tr><td>").append(esc(r.test().label())).append("</td><td>").append(esc(r.otherName() + " (report " + r.other().report().id() + ")"))
                        .append("</td><td>").append(esc(r.published())).append("</td><td>").append(esc(r.publishedRatioText()))
                        .append("</td><td>").append(esc(r.measured())).append("</td><td>").append(esc(r.measuredRatioText()))
                        .append("</td><td class=\"verdict ").append(Charts.slug(r.verdict().name())).append("\">").append(esc(r.verdictText()))
                        .append("</td><td class=\"differences\"><ul>");
                for (String d : r.differences()) h.append("<li>").append(esc(d)).append("</li>");
                h.append("</ul></td></tr>\n");
            }
            h.append("</table>\n");
            if (!headline) h.append("</details>\n");
        }
        curves(h, dbs);
        if (dbs.stream().anyMatch(Figures::iot)) iotPublished(h, dbs);
    }

    /** Report A's TDengine-only curves (4.5, 4.6) as ratios of the run's range cells; nothing without them. */
    private static void curves(StringBuilder h, List<Database> dbs) {
        List<CurveComparison.Row> rows = CurveComparison.load().rows(dbs);
        if (rows.isEmpty()) return;
        h.append("<h3>Report A, TDengine alone: curves</h3>\n<p class=\"note\">").append(esc(CurveComparison.NOTE))
                .append("</p>\n<table id=\"published-curves-table\" class=\"published\">\n<tr><th>test</th><th>published</th>")
                .append("<th>published ratio</th><th>measured</th><th>measured ratio</th><th>verdict</th><th>differences</th></tr>\n");
        for (CurveComparison.Row r : rows) {
            h.append("<tr><td>").append(esc(r.label())).append("</td><td>").append(esc(r.published())).append("</td><td>")
                    .append(esc(r.publishedRatio())).append("</td><td>").append(esc(r.measured())).append("</td><td>")
                    .append(esc(r.measuredRatio())).append("</td><td class=\"verdict indicative\">").append(esc(r.verdict()))
                    .append("</td><td class=\"differences\">").append(esc(r.differences())).append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    /** What every row of a report and pair of databases shares (versions, cores, rows), said once as a list. */
    private static void pairs(StringBuilder h, List<String> pairs) {
        h.append("<p class=\"note\">").append(esc(MarkdownReport.PAIRS_NOTE)).append("</p>\n<ul class=\"note\">");
        for (String pair : pairs) h.append("<li>").append(esc(pair)).append("</li>");
        h.append("</ul>\n");
    }

    /** Report D's CnosDB vs OpenTSDB figures beside this run's cpu-only databases, under their own heading. */
    private static void cpuOnlyPublished(StringBuilder h, List<Database> dbs) {
        CpuOnlyPublishedComparison cpu = CpuOnlyPublishedComparison.load();
        h.append("<h3>").append(esc(CpuOnlyPublishedComparison.TITLE)).append("</h3>\n<p class=\"note\">")
                .append(esc(CpuOnlyPublishedComparison.EXPLANATION)).append("</p>\n<ul class=\"note\"><li>")
                .append(esc(cpu.source())).append("</li>");
        String missing = cpu.missing(dbs);
        if (missing != null) h.append("<li>").append(esc(missing)).append("</li>");
        h.append("</ul>\n");
        pairs(h, List.of(cpu.pair(dbs)));
        h.append("<table id=\"published-cpu-only-table\" class=\"published\">\n<tr><th>test</th><th>published</th>")
                .append("<th>published ratio</th><th>measured</th><th>measured ratio</th><th>verdict</th>")
                .append("<th>differences</th></tr>\n");
        for (CpuOnlyPublishedComparison.Row r : cpu.rows(dbs)) {
            h.append("<tr><td>").append(esc(r.label())).append("</td><td>").append(esc(r.figure().published()))
                    .append("</td><td>").append(esc(r.publishedRatioText())).append("</td><td>")
                    .append(esc(r.measured())).append("</td><td>").append(esc(r.measuredRatioText()))
                    .append("</td><td class=\"verdict ")
                    .append(Charts.slug(r.verdict().name())).append("\">").append(esc(r.verdictText()))
                    .append("</td><td class=\"differences\"><ul>");
            for (String d : r.differences()) h.append("<li>").append(esc(d)).append("</li>");
            h.append("</ul></td></tr>\n");
        }
        h.append("</table>\n");
    }

    /** Reports C's and D's figures beside this run's IoT databases: one table under its own heading. */
    private static void iotPublished(StringBuilder h, List<Database> dbs) {
        IotPublishedComparison iot = IotPublishedComparison.load();
        h.append("<h3>").append(esc(IotPublishedComparison.TITLE)).append("</h3>\n<p class=\"note\">").append(esc(IotPublishedComparison.EXPLANATION))
                .append("</p>\n<ul class=\"note\">");
        for (String source : iot.sources()) h.append("<li>").append(esc(source)).append("</li>");
        h.append("</ul>\n");
        pairs(h, iot.pairs(dbs));
        h.append("<table id=\"published-iot-table\" class=\"published\">\n<tr><th>test</th><th>vs</th>")
                .append("<th>published</th><th>published ratio</th><th>measured</th><th>measured ratio</th>")
                .append("<th>verdict</th><th>differences</th></tr>\n");
        for (IotPublishedComparison.Row r : iot.rows(dbs)) {
            h.append("<tr><td>").append(esc(r.label())).append("</td><td>").append(esc(r.vs())).append("</td><td>").append(esc(r.figure().publishedText()))
                    .append("</td><td>").append(esc(r.publishedRatioText())).append("</td><td>").append(esc(r.measured())).append("</td><td>")
                    .append(esc(r.measuredRatioText())).append("</td><td class=\"verdict ")
                    .append(Charts.slug(r.verdict().name())).append("\">").append(esc(r.verdictText()))
                    .append("</td><td class=\"differences\"><ul>");
            for (String d : r.differences()) h.append("<li>").append(esc(d)).append("</li>");
            h.append("</ul></td></tr>\n");
        }
        h.append("</table>\n");
    }

    private static void row(StringBuilder h, String name, List<Database> dbs, Function<Database, Optional<String>> cell) {
        h.append("<tr><th>").append(esc(name)).append("</th>");
        for (Database db : dbs) h.append("<td>").append(esc(cell.apply(db).orElse("-"))).append("</td>");
        h.append("</tr>\n");
    }

    private static void sectionTitle(StringBuilder h, String what, Database db) {
        h.append("<h3>").append(esc(db.displayName())).append(": ").append(what);
        if (db.failed()) h.append(" <span class=\"failed\">FAILED").append(db.reason() == null ? "" : ": " + esc(db.reason())).append("</span>");
        h.append("</h3>\n");
    }

    private static void writeTable(StringBuilder h, Database db) {
        if (db.writes().isEmpty()) return;
        SortedSet<Integer> rprs = db.rowsPerRequests();
        SortedSet<Integer> clients = db.clientCounts();
        List<String> paths = db.writePaths();
        for (String path : paths) {
            List<WriteCell> cells = db.writes(path);
            boolean named = !(path == null || paths.size() < 2 && db.writes().stream().allMatch(w -> w.publishedPath() == null));
            sectionTitle(h, "write, rows/s" + (named ? ", " + path + MarkdownReport.pathNote(cells) : "")
                    + " (rows acknowledged; below each: its iterations, both sides' resources)", db);
            h.append("<table class=\"write\" id=\"write-").append(Charts.slug(db.displayName() + (named ? " " + path : ""))).append("\">\n<tr><th>R/R</th>");
            for (int c : clients) h.append("<th>").append(c).append(c == 1 ? " client" : " clients").append("</th>");
            h.append("</tr>\n");
            for (int r : rprs) {
                h.append("<tr><th>").append(r).append("</th>");
                for (int c : clients) {
                    Optional<WriteCell> cell = cells.stream().filter(w -> w.rowsPerRequest() == r && w.clients() == c).findFirst();
                    h.append("<td>");
                    if (cell.isEmpty()) {
                        h.append('-');
                    } else if (!cell.get().measured()) {
                        h.append("<span class=\"failed\" title=\"").append(esc(String.valueOf(cell.get().failure()))).append("\">FAILED</span>");
                    } else {
                        h.append(esc(Figures.cellText(cell.get())));
                        String server = Figures.serverText(cell.get());
                        if (!server.isEmpty()) h.append("<span class=\"server\">").append(esc(server)).append("</span>");
                    }
                    h.append("</td>");
                }
                h.append("</tr>\n");
            }
            h.append("</table>\n");
        }
        List<String> failures = new ArrayList<>();
        for (WriteCell w : db.writes()) {
            if (w.failure() != null) failures.add(w.rowsPerRequest() + " R/R x " + w.clients() + " clients" + (w.path() == null ? "" : ", " + w.path())
                    + ": " + w.failure());
        }
        if (!failures.isEmpty()) {
            h.append("<ul class=\"failures\">");
            for (String f : failures) h.append("<li class=\"failed\">FAILED ").append(esc(f)).append("</li>");
            h.append("</ul>\n");
        }
    }

    private static void queryTables(StringBuilder h, Database db) {
        if (db.queries().isEmpty()) return;
        sectionTitle(h, "query latency, p50 ms", db);
        String slug = Charts.slug(db.displayName());
        int clients = Figures.queryClients(db);
        boolean qps = clients > 1;
        if (Figures.tsbs(db)) {
            if (qps) h.append("<p class=\"note\">").append(clients).append(" clients at once ran each query.</p>\n");
            h.append("<table class=\"query\" id=\"query-").append(slug).append("\">\n<tr><th>").append(Figures.iot(db) ? "IoT" : "DevOps").append(" query (TSBS's)</th><th>p50</th><th>p90</th><th>p99</th>")
                    .append(qps ? "<th>queries/s</th>" : "").append("<th>checked</th></tr>\n");
            for (QueryLatency q : db.queries().values()) {
                h.append("<tr><td>").append(esc(q.id())).append("</td><td>").append(Figures.ms(q.p50())).append("</td><td>").append(Figures.ms(q.p90()))
                        .append("</td><td>").append(Figures.ms(q.p99())).append("</td><td>")
                        .append(qps ? Figures.queriesPerSecond(q.queriesPerSecond()) + "</td><td>" : "")
                        .append(esc(Figures.checkedText(db, q.id()))).append("</td></tr>\n");
            }
            h.append("</table>\n");
            return;
        }
        List<QueryLatency> q1 = db.queries().values().stream().filter(q -> q.id().startsWith("q1.")).toList();
        if (!q1.isEmpty()) {
            h.append("<table class=\"q1\" id=\"q1-").append(slug).append("\">\n<tr><th>q1 group</th>");
            for (QueryLatency q : q1) h.append("<th>").append(esc(q.id().substring(3))).append("</th>");
            h.append("</tr>\n<tr><th>p50</th>");
            for (QueryLatency q : q1) h.append("<td>").append(Figures.ms(q.p50())).append("</td>");
            h.append("</tr>\n</table>\n");
        }
        List<String> families = Charts.queryFamilies(List.of(db));
        if (!families.isEmpty()) {
            h.append("<table class=\"families\" id=\"families-").append(slug).append("\">\n<tr><th>query, devices</th>");
            for (int p = 10; p <= 100; p += 10) h.append("<th>").append(p).append("%</th>");
            h.append("</tr>\n");
            for (String family : families) {
                h.append("<tr><th>").append(esc(family)).append("</th>");
                for (int p = 10; p <= 100; p += 10) {
                    QueryLatency q = db.queries().get(family + ".p" + p);
                    h.append("<td>").append(q == null ? "-" : Figures.ms(q.p50())).append("</td>");
                }
                h.append("</tr>\n");
            }
            h.append("</table>\n");
        }
        h.append("<details><summary>every query: samples, p50, p90, p99, mean ± 99.9% CI").append(qps ? ", queries/s; " + clients + " clients at once" : "")
                .append("</summary>\n<table class=\"query\" id=\"query-").append(slug)
                .append("\">\n<tr><th>query</th><th>samples</th><th>p50</th><th>p90</th><th>p99</th><th>mean ± 99.9% CI</th>")
                .append(qps ? "<th>queries/s</th>" : "").append("</tr>\n");
        for (QueryLatency q : db.queries().values()) {
            h.append("<tr><td>").append(esc(q.id())).append("</td><td>").append(q.samples()).append("</td><td>").append(Figures.ms(q.p50()))
                    .append("</td><td>").append(Figures.ms(q.p90())).append("</td><td>").append(Figures.ms(q.p99())).append("</td><td>")
                    .append(Figures.ms(q.mean())).append(Double.isNaN(q.meanError()) ? "" : " ± " + Figures.ms(q.meanError())).append("</td>")
                    .append(qps ? "<td>" + Figures.queriesPerSecond(q.queriesPerSecond()) + "</td>" : "").append("</tr>\n");
        }
        h.append("</table>\n</details>\n");
    }

    private static void diskTable(StringBuilder h, List<Database> dbs) {
        List<Database> with = dbs.stream().filter(db -> db.disk().isPresent()).toList();
        if (with.isEmpty()) {
            h.append("<p class=\"note\">No database measured its disk use in this run.</p>\n");
            return;
        }
        h.append("<table id=\"disk-table\">\n<tr><th>database</th><th>bytes</th><th>rows</th><th>bytes/row</th><th>raw text bytes</th>")
                .append("<th>raw text bytes/row</th><th>how measured</th></tr>\n");
        for (Database db : with) {
            Disk d = db.disk().orElseThrow();
            h.append("<tr><td>").append(esc(db.displayName())).append("</td><td>").append(d.bytes() < 0 ? "-" : Figures.bytes(d.bytes()))
                    .append("</td><td>").append(d.rows() < 0 ? "-" : String.format(Locale.ROOT, "%,d", d.rows()))
                    .append("</td><td>").append(Figures.number(Figures.bytesPerRow(d)))
                    .append("</td><td>").append(d.rawTextBytes() < 0 ? "-" : Figures.bytes(d.rawTextBytes()))
                    .append("</td><td>").append(Figures.number(d.rawTextBytesPerRow()))
                    .append("</td><td>").append(esc(Figures.diskMethodText(d))).append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    private static void facts(StringBuilder h, Database db) {
        h.append("<h3 id=\"facts-").append(Charts.slug(db.displayName())).append("\">").append(esc(db.displayName())).append("</h3>\n<dl>\n");
        fact(h, "status", db.status() == Status.UNKNOWN ? "-" : db.status().name().toLowerCase(Locale.ROOT)
                + (db.reason() == null ? "" : ": " + db.reason()), db.failed());
        Manifest m = db.manifest();
        if (m == null) {
            fact(h, "manifest", "none (" + (db.failed() ? "the database failed before writing one" : "only JMH's JSON was given") + ")", false);
            h.append("</dl>\n");
            return;
        }
        fact(h, "server version", db.serverVersion(), false);
        fact(h, "driver", Figures.fact(m.server(), ServerRecord::driver, "-"), false);
        fact(h, "settings", pairs(m.server() == null ? null : m.server().settings()), false);
        fact(h, "workload", Figures.workloadText(m, "-"), false);
        fact(h, "machine", pairs(m.machine()), false);
        if (m.runId() != null) {
            String shard = m.shard() != null ? ", shard " + m.shard().index() + " of " + m.shard().count() : "";
            fact(h, "run", m.runId() + shard, false);
        }
        Figures.conditionsText(m).ifPresent(c -> fact(h, "conditions", c, c.contains("WARNING")));
        db.disk().ifPresent(d -> fact(h, "disk", Figures.diskText(db).orElse("-") + "; measured: " + Figures.diskMethodText(d), false));
        Figures.faultText(db).ifPresent(f -> fact(h, "fault", f, m.fault().failure() != null));
        if (!db.absentQueries().isEmpty()) fact(h, "absent in this dialect (not faked)", Figures.jsonList(db.absentQueries()), false);
        List<String> wrong = new ArrayList<>();
        List<QueryRecord.QueryCheck> checked = m.query() == null || m.query().checked() == null ? List.of() : m.query().checked();
        for (QueryRecord.QueryCheck c : checked) if (!c.correct()) wrong.add(c.problem() != null ? c.problem() : String.valueOf(c.id()));
        if (!wrong.isEmpty()) fact(h, "wrong answers", String.join("; ", wrong), true);
        h.append("</dl>\n");
    }

    private static void fact(StringBuilder h, String name, String value, boolean failed) {
        h.append("<dt>").append(esc(name)).append("</dt><dd").append(failed ? " class=\"failed\"" : "").append('>').append(esc(value)).append("</dd>\n");
    }

    /** A section's fields as "key = value; ..." in the manifest's order; a dash when it has none. */
    private static String pairs(Object section) {
        JsonNode object = section == null ? null : ResultsJson.tree(section);
        if (object == null || !object.isObject() || object.isEmpty()) return "-";
        List<String> kv = new ArrayList<>();
        object.properties().forEach(e -> kv.add(e.getKey() + " = " + (e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString())));
        return String.join("; ", kv);
    }

    /** Text for HTML content and attribute values. */
    static String esc(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
