package org.tsdbbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.function.Function;
import org.tsdbbench.report.RunResults.Database;
import org.tsdbbench.report.RunResults.QueryLatency;
import org.tsdbbench.report.RunResults.WriteCell;
import org.tsdbbench.results.MachineRecord;
import org.tsdbbench.results.Manifest;
import org.tsdbbench.results.ServerRecord;

/**
 * The report in the shape of the published ones: a summary table with one column per database,
 * then write rows/s per R/R x clients, q1 latency per group, q2..q4 latency per share of devices,
 * and the facts each figure needs (versions, settings, workload, disk). Failed cells and databases
 * say FAILED (with run.json's reason), an interrupted run gets an INCOMPLETE RUN banner, and a
 * figure that was not measured is a dash, never a guess.
 */
final class MarkdownReport {

    private MarkdownReport() {
    }

    static String render(List<Database> dbs) {
        return render(ReportData.of(dbs));
    }

    static String render(ReportData data) {
        List<Database> dbs = data.databases();
        StringBuilder md = new StringBuilder("# Time-series database comparison\n\n");
        for (String run : data.incompleteRuns()) {
            md.append("> **INCOMPLETE RUN** ").append(run).append(": the run was interrupted; databases it did not reach have no figures.\n\n");
        }
        md.append("Figures from JMH: write = rows acknowledged per second (mean over iterations, 99.9% CI); ")
                .append("query = latency until the last row reached the client, median (p50) in ms, every answer checked.\n\n");
        for (Database db : dbs) Figures.mergeNote(db).ifPresent(n -> md.append(db.displayName()).append(": ").append(n).append("\n\n"));
        summary(md, dbs);
        published(md, dbs);
        for (Database db : dbs) {
            md.append("\n## ").append(db.displayName());
            if (db.hasManifest()) md.append(' ').append(db.serverVersion());
            if (db.failed()) md.append(" - FAILED").append(db.reason() == null ? "" : ": " + db.reason());
            if (db.status() == RunResults.Status.SKIPPED) md.append(" - skipped").append(db.reason() == null ? "" : ": " + db.reason());
            md.append("\n\n");
            writeTable(md, db);
            queryTables(md, db);
            if (db.hasManifest()) facts(md, db);
        }
        List<FurtherTables.Table> further = FurtherTables.all(dbs);
        if (!further.isEmpty()) md.append("\n## Further tests\n\n");
        for (FurtherTables.Table t : further) table(md, t);
        return md.toString();
    }

    private static void table(StringBuilder md, FurtherTables.Table t) {
        md.append(t.title()).append("\n\n|");
        for (String h : t.header()) md.append(' ').append(h).append(" |");
        md.append("\n|");
        for (int i = 0; i < t.header().size(); i++) md.append("---|");
        md.append('\n');
        for (List<String> row : t.rows()) {
            md.append('|');
            for (String cell : row) md.append(' ').append(cell).append(" |");
            md.append('\n');
        }
        md.append('\n');
    }

    private static void summary(StringBuilder md, List<Database> dbs) {
        md.append("## Summary\n\n| |");
        for (Database db : dbs) md.append(' ').append(Figures.header(db)).append(" |");
        md.append("\n|---|");
        for (int i = 0; i < dbs.size(); i++) md.append("---|");
        md.append('\n');
        for (Figures.SummaryRow r : Figures.summary(dbs)) row(md, r.label(), dbs, r.figure());
    }

    private static void published(StringBuilder md, List<Database> dbs) {
        if (Figures.tsbsOnly(dbs)) {
            md.append("\n## Published vs measured\n");
            if (dbs.stream().anyMatch(Figures::iot)) iotPublished(md, dbs);
            if (dbs.stream().anyMatch(Figures::cpuOnly)) cpuOnlyPublished(md, dbs);
            return;
        }
        PublishedFigures figures = PublishedFigures.load();
        md.append("\n## Published vs measured\n\n").append(PublishedComparison.EXPLANATION).append("\n\n");
        for (String source : PublishedComparison.sources(figures)) md.append("- ").append(source).append('\n');
        for (String repeated : PublishedComparison.repeated(dbs)) {
            md.append("- ").append(repeated).append(" is the column compared: the report holds its database more than once\n");
        }
        pairs(md, PublishedComparison.pairs(dbs, figures));
        List<PublishedComparison.Row> rows = PublishedComparison.rows(dbs, figures);
        for (PublishedComparison.Group group : PublishedComparison.Group.values()) {
            // the headline tests first, as the section's first table; then each group of report A's further tables under its own heading
            if (group != PublishedComparison.Group.HEADLINE) md.append("\n### ").append(group.title()).append("\n\n").append(group.note()).append('\n');
            md.append("\n| test | vs | published (TDengine / other) | published ratio | measured (TDengine / other) | measured ratio | verdict | differences |\n")
                    .append("|---|---|---|---|---|---|---|---|\n");
            for (PublishedComparison.Row r : rows) {
                if (r.test().group() != group) continue;
                md.append("| ").append(r.test().label()).append(" | ").append(r.otherName()).append(" (report ").append(r.other().report().id())
                        .append(") | ").append(r.published()).append(" | ").append(r.publishedRatioText()).append(" | ").append(r.measured())
                        .append(" | ").append(r.measuredRatioText()).append(" | ").append(r.verdictText()).append(" | ")
                        .append(String.join(" · ", r.differences())).append(" |\n");
            }
        }
        curves(md, dbs);
        md.append('\n');
        if (dbs.stream().anyMatch(Figures::iot)) iotPublished(md, dbs);
    }

    /** Report A's TDengine-only curves (4.5, 4.6) as ratios of the run's range cells; nothing without them. */
    private static void curves(StringBuilder md, List<Database> dbs) {
        List<CurveComparison.Row> rows = CurveComparison.load().rows(dbs);
        if (rows.isEmpty()) return;
        md.append("\n### Report A, TDengine alone: curves\n\n").append(CurveComparison.NOTE).append("\n\n")
                .append("| test | published | published ratio | measured | measured ratio | verdict | differences |\n")
                .append("|---|---|---|---|---|---|---|\n");
        for (CurveComparison.Row r : rows) {
            md.append("| ").append(r.label()).append(" | ").append(r.published()).append(" | ").append(r.publishedRatio()).append(" | ")
                    .append(r.measured()).append(" | ").append(r.measuredRatio()).append(" | ").append(r.verdict()).append(" | ")
                    .append(r.differences()).append(" |\n");
        }
    }

    /** Reports C's and D's figures beside this run's IoT databases: one table under its own heading. */
    private static void iotPublished(StringBuilder md, List<Database> dbs) {
        IotPublishedComparison iot = IotPublishedComparison.load();
        md.append("\n### ").append(IotPublishedComparison.TITLE).append("\n\n").append(IotPublishedComparison.EXPLANATION).append("\n\n");
        for (String source : iot.sources()) md.append("- ").append(source).append('\n');
        pairs(md, iot.pairs(dbs));
        md.append("\n| test | vs | published | published ratio | measured | measured ratio | verdict | differences |")
                .append('\n')
                .append("|---|---|---|---|---|---|---|---|\n");
        for (IotPublishedComparison.Row r : iot.rows(dbs)) {
            md.append("| ").append(r.label()).append(" | ").append(r.vs()).append(" | ").append(r.figure().publishedText()).append(" | ")
                    .append(r.publishedRatioText()).append(" | ").append(r.measured()).append(" | ").append(r.measuredRatioText()).append(" | ")
                    .append(r.verdictText()).append(" | ").append(String.join(" · ", r.differences())).append(" |\n");
        }
        md.append('\n');
    }

    /** Report D's CnosDB vs OpenTSDB figures beside this run's cpu-only databases, under their own heading. */
    private static void cpuOnlyPublished(StringBuilder md, List<Database> dbs) {
        CpuOnlyPublishedComparison cpu = CpuOnlyPublishedComparison.load();
        md.append("\n### ").append(CpuOnlyPublishedComparison.TITLE).append("\n\n")
                .append(CpuOnlyPublishedComparison.EXPLANATION).append("\n\n- ").append(cpu.source()).append('\n');
        String missing = cpu.missing(dbs);
        if (missing != null) md.append("- ").append(missing).append('\n');
        pairs(md, List.of(cpu.pair(dbs)));
        md.append("\n| test | published | published ratio | measured | measured ratio | verdict | differences |\n")
                .append("|---|---|---|---|---|---|---|\n");
        for (CpuOnlyPublishedComparison.Row r : cpu.rows(dbs)) {
            md.append("| ").append(r.label()).append(" | ").append(r.figure().published()).append(" | ")
                    .append(r.publishedRatioText()).append(" | ").append(r.measured()).append(" | ")
                    .append(r.measuredRatioText()).append(" | ").append(r.verdictText()).append(" | ")
                    .append(String.join(" · ", r.differences())).append(" |\n");
        }
        md.append('\n');
    }

    /** What every row of a report and pair of databases shares (versions, cores, rows), said once as a list. */
    private static void pairs(StringBuilder md, List<String> pairs) {
        md.append('\n').append(PAIRS_NOTE).append("\n\n");
        for (String pair : pairs) md.append("- ").append(pair).append('\n');
    }

    /** The words above the pairs' list, the same in report.md and report.html. */
    static final String PAIRS_NOTE = "Each pair, said once for all its rows (a row's differences are only its own):";

    private static void row(StringBuilder md, String name, List<Database> dbs, Function<Database, Optional<String>> cell) {
        md.append("| ").append(name).append(" |");
        for (Database db : dbs) md.append(' ').append(cell.apply(db).orElse("-")).append(" |");
        md.append('\n');
    }

    private static void writeTable(StringBuilder md, Database db) {
        if (db.writes().isEmpty()) return;
        SortedSet<Integer> rprs = db.rowsPerRequests();
        SortedSet<Integer> clients = db.clientCounts();
        List<String> paths = db.writePaths();
        for (String path : paths) {
            List<WriteCell> cells = db.writes(path);
            md.append("Write, rows/s").append(path == null || paths.size() < 2 && db.writes().stream().allMatch(w -> w.publishedPath() == null)
                    ? "" : ", " + path + pathNote(cells)).append(" (rows acknowledged; beside each: its iterations, both sides' resources)\n\n| R/R |");
            for (int c : clients) md.append(' ').append(c).append(c == 1 ? " client |" : " clients |");
            md.append("\n|---|");
            for (int i = 0; i < clients.size(); i++) md.append("---|");
            md.append('\n');
            for (int r : rprs) {
                md.append("| ").append(r).append(" |");
                for (int c : clients) {
                    String text = cells.stream().filter(w -> w.rowsPerRequest() == r && w.clients() == c).findFirst()
                            .map(MarkdownReport::cellText).orElse("-");
                    md.append(' ').append(text).append(" |");
                }
                md.append('\n');
            }
            md.append('\n');
        }
    }

    /** " (the published path)" or " (not the published path)" when the module said which it is. */
    static String pathNote(List<WriteCell> cells) {
        Boolean published = cells.isEmpty() ? null : cells.get(0).publishedPath();
        return published == null ? "" : published ? " (the path the published reports used)" : " (not the published path: the module's faster one)";
    }

    private static String cellText(WriteCell w) {
        String server = w.measured() ? Figures.serverText(w) : "";
        return Figures.cellText(w) + (server.isEmpty() ? "" : " (" + server + ")");
    }

    private static void queryTables(StringBuilder md, Database db) {
        if (db.queries().isEmpty()) return;
        if (Figures.tsbs(db)) {
            tsbsQueryTable(md, db);
            return;
        }
        md.append("q1, read one group: p50 ms per group\n\n| group |");
        List<QueryLatency> q1 = db.queries().values().stream().filter(q -> q.id().startsWith("q1.")).toList();
        for (QueryLatency q : q1) md.append(' ').append(q.id().substring(4)).append(" |");
        md.append("\n|---|");
        for (int i = 0; i < q1.size(); i++) md.append("---|");
        md.append("\n| p50 |");
        for (QueryLatency q : q1) md.append(' ').append(ms(q.p50())).append(" |");
        md.append("\n\n");
        List<String> prefixes = new ArrayList<>();
        for (String id : db.queries().keySet()) {
            if (!Figures.isShareQuery(id)) continue;
            String prefix = id.substring(0, id.lastIndexOf(".p") + 2);
            if (!prefixes.contains(prefix)) prefixes.add(prefix);
        }
        if (prefixes.isEmpty()) return;
        md.append("q2..q4: p50 ms per share of devices (devgroup < N)\n\n| query | 10% | 20% | 30% | 40% | 50% | 60% | 70% | 80% | 90% | 100% |\n")
                .append("|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (String prefix : prefixes) {
            md.append("| ").append(prefix, 0, prefix.length() - 2).append(" |");
            for (int p = 10; p <= 100; p += 10) {
                QueryLatency q = db.queries().get(prefix + p);
                md.append(' ').append(q == null ? "-" : ms(q.p50())).append(" |");
            }
            md.append('\n');
        }
        md.append('\n');
    }

    /** The IoT catalog's queries: one row each, its latency percentiles and whether its answer was checked. */
    private static void tsbsQueryTable(StringBuilder md, Database db) {
        int clients = Figures.queryClients(db);
        boolean qps = clients > 1;
        md.append(Figures.iot(db) ? "IoT queries (TSBS's), ms" : "DevOps queries (TSBS's), ms").append(qps ? ", " + clients + " clients at once" : "").append("\n\n| query | p50 | p90 | p99 |")
                .append(qps ? " queries/s |" : "").append(" checked |\n|---|---|---|---|").append(qps ? "---|" : "").append("---|\n");
        for (QueryLatency q : db.queries().values()) {
            md.append("| ").append(q.id()).append(" | ").append(ms(q.p50())).append(" | ").append(ms(q.p90())).append(" | ").append(ms(q.p99()))
                    .append(qps ? " | " + Figures.queriesPerSecond(q.queriesPerSecond()) : "")
                    .append(" | ").append(Figures.checkedText(db, q.id())).append(" |\n");
        }
        md.append('\n');
    }

    private static void facts(StringBuilder md, Database db) {
        Manifest m = db.manifest();
        Integer serverCores = m.machine() == null ? null : m.machine().serverCores();
        String serverCpus = m.machine() == null ? null : m.machine().serverCpus();
        md.append("Facts: server ").append(db.serverVersion()).append("; driver ").append(Figures.fact(m.server(), ServerRecord::driver, "?"))
                .append("; workload ").append(Figures.workloadText(m, "?"))
                .append("; machine ").append(Figures.fact(m.machine(), MachineRecord::cpu, "?")).append(", ")
                .append(Figures.fact(m.machine(), MachineRecord::cores, "?")).append(" cores")
                .append(serverCores != null ? "; server limited to " + Figures.cores(serverCores) : "")
                .append(serverCpus != null ? "; server process on CPUs " + serverCpus : "")
                .append(".\n");
        if (m.runId() != null) {
            md.append("Run ").append(m.runId());
            if (m.shard() != null) md.append(", shard ").append(m.shard().index()).append(" of ").append(m.shard().count());
            md.append(".\n");
        }
        Figures.conditionsText(m).ifPresent(c -> md.append("Conditions ").append(c).append(".\n"));
        db.disk().ifPresent(d -> md.append("Disk: ").append(Figures.diskText(db).orElse("-"))
                .append("; measured: ").append(Figures.diskMethodText(d)).append(".\n"));
        Figures.faultText(db).ifPresent(f -> md.append("Fault: ").append(f).append(".\n"));
        if (!db.absentQueries().isEmpty()) md.append("Absent in this dialect (not faked): ").append(Figures.jsonList(db.absentQueries())).append(".\n");
        Map<String, String> settings = db.server().map(ServerRecord::settings).orElse(Map.of());
        if (!settings.isEmpty()) {
            md.append("Settings: ");
            List<String> kv = new ArrayList<>();
            settings.forEach((k, v) -> kv.add("`" + k + "` = " + v));
            md.append(String.join("; ", kv)).append(".\n");
        }
    }


    private static String ms(double v) {
        return Figures.ms(v);
    }
}
