package org.tsdbbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.tsdbbench.results.ConditionsRecord;
import org.tsdbbench.results.LoadRecord;
import org.tsdbbench.results.Manifest;
import org.tsdbbench.results.FaultRecord;
import org.tsdbbench.results.MergedRecord;
import org.tsdbbench.results.QueryRecord;
import org.tsdbbench.results.WorkloadRecord;
import org.tsdbbench.results.SpreadRecord;
import org.tsdbbench.report.RunResults.Database;
import org.tsdbbench.report.RunResults.Disk;
import org.tsdbbench.report.RunResults.Metric;
import org.tsdbbench.report.RunResults.QueryLatency;
import org.tsdbbench.report.RunResults.WriteCell;

/**
 * The figures both reports show, derived and formatted the same way: the summary's cells (best
 * write, q1 mean of groups, the p50 of named queries, disk use), write cells with their server
 * metrics, and the number formats. A figure that was not measured is empty, never a guess.
 */
final class Figures {

    /** The server metrics a profiler adds to write cells, in the order the reports show them, with short labels. */
    static final Map<String, String> SERVER_METRICS = Map.of("server.cpu", "cpu", "server.cpuKernel", "of it in the kernel", "server.rss", "rss",
            "server.diskWrite", "disk write", "server.cpuPerRow", "server", "client.cpu", "client cpu", "client.cpuPerRow", "client",
            "client.rss", "client rss");
    static final List<String> SERVER_METRIC_ORDER = List.of("server.cpu", "server.cpuKernel", "server.rss", "server.diskWrite", "server.cpuPerRow",
            "client.cpu", "client.cpuPerRow", "client.rss");

    /** The query ids the summary rows show. */
    static final String AVG_ALL = "q2.avg.p100";
    private static final java.util.regex.Pattern SHARE_QUERY = java.util.regex.Pattern.compile("q[234]\\.[a-z]+\\.p\\d+");

    /** Whether a query id is one of q2..q4, over a share of the devices ({@code q2.avg.p10}); q1 and q5 have their own tables. */
    static boolean isShareQuery(String id) {
        return SHARE_QUERY.matcher(id).matches();
    }
    static final String GROUP_BY_TAG = "q3.count.p100";
    static final String ONE_MINUTE = "q4.count.p100";

    /**
     * One row of the summary table: its label and each database's figure in it; a row {@code onlyWhenAny}
     * is left out when no database has a figure in it (the cluster fault cell of a run without clusters).
     */
    record SummaryRow(String label, Function<Database, Optional<String>> figure, boolean onlyWhenAny) {
        SummaryRow(String label, Function<Database, Optional<String>> figure) {
            this(label, figure, false);
        }
    }

    /** The summary rows these databases show. */
    static List<SummaryRow> summary(List<Database> dbs) {
        boolean tsbsOnly = tsbsOnly(dbs);
        return SUMMARY.stream().filter(r -> !r.onlyWhenAny() || dbs.stream().anyMatch(db -> r.figure().apply(db).isPresent()))
                .filter(r -> !tsbsOnly || !DEVICES_QUERY_ROWS.contains(r.label())).toList();
    }

    /** The summary table's rows, the same in report.md and report.html. */
    private static final List<SummaryRow> SUMMARY = List.of(
            new SummaryRow("best write, rows/s", Figures::bestText),
            new SummaryRow("write cells unstable (95% interval wider than +-10%)", Figures::unstableText),
            new SummaryRow("read one group (q1, mean of groups), ms", db -> meanP50(db, "q1.")),
            new SummaryRow("avg over all rows (q2.avg.p100), ms", db -> p50(db, AVG_ALL)),
            new SummaryRow("group by tag (q3.count.p100), ms", db -> p50(db, GROUP_BY_TAG)),
            new SummaryRow("1-minute intervals (q4.count.p100), ms", db -> p50(db, ONE_MINUTE)),
            new SummaryRow("disk (bytes/row)", Figures::diskText),
            new SummaryRow("rows loaded and verified", Figures::rowsVerified),
            new SummaryRow("load, rows/s (TSBS's metrics/s)", Figures::tsbsLoadText, true),
            new SummaryRow("a node killed mid-write (cluster)", Figures::faultText, true));

    /** The summary rows of the devices' q1..q4, which a run of a TSBS workload has none of. */
    private static final List<String> DEVICES_QUERY_ROWS = SUMMARY.subList(2, 6).stream().map(SummaryRow::label).toList();

    private Figures() {
    }

    static Optional<WriteCell> best(Database db) {
        return db.writes().stream().filter(WriteCell::measured).max((a, b) -> Double.compare(a.rowsPerSecond(), b.rowsPerSecond()));
    }

    /** "2,470,000 (R/R 1000, 2 clients, stmt)": the best cell, its path named when the module said one. */
    static Optional<String> bestText(Database db) {
        return best(db).map(c -> String.format(Locale.ROOT, "%,.0f (R/R %d, %d clients%s)", c.rowsPerSecond(), c.rowsPerRequest(), c.clients(),
                c.path() == null ? "" : ", " + c.path()));
    }

    /** "3 of 4": the measured cells whose spread the write step judged unstable; empty when no cell has a spread. */
    static Optional<String> unstableText(Database db) {
        List<WriteCell> judged = db.writes().stream().filter(WriteCell::measured).filter(c -> c.spread() != null).toList();
        if (judged.isEmpty()) return Optional.empty();
        long unstable = judged.stream().filter(c -> Boolean.TRUE.equals(c.spread().unstable())).count();
        return Optional.of(unstable + " of " + judged.size());
    }

    static Optional<String> p50(Database db, String id) {
        QueryLatency q = db.queries().get(id);
        return q == null ? Optional.empty() : Optional.of(ms(q.p50()));
    }

    /** The mean of the q1 groups' medians, the "read one group" figure. */
    static Optional<String> meanP50(Database db, String prefix) {
        double[] p = db.queries().values().stream().filter(q -> q.id().startsWith(prefix)).mapToDouble(QueryLatency::p50).toArray();
        if (p.length == 0) return Optional.empty();
        double sum = 0;
        for (double v : p) sum += v;
        return Optional.of(ms(sum / p.length));
    }

    static Optional<String> rowsVerified(Database db) {
        LoadRecord load = db.hasManifest() ? db.manifest().load() : null;
        if (load == null || load.rowsStored() == null) return Optional.empty();
        return Optional.of(String.format(Locale.ROOT, "%,d%s", load.rowsStored(), load.verified() ? "" : " (NOT verified)"));
    }

    /**
     * A TSBS workload's load speed as TSBS's loader reports it: "52,000 (411,000 metrics/s)", rows and the
     * field values they carried per second of the load; empty for the devices, whose reports give no
     * metrics, and for a manifest that has none.
     */
    static Optional<String> tsbsLoadText(Database db) {
        LoadRecord load = db.hasManifest() && tsbs(db) ? db.manifest().load() : null;
        if (load == null || load.metricsPerSecond() == null) return Optional.empty();
        return Optional.of(String.format(Locale.ROOT, "%,.0f (%,.0f metrics/s)%s", load.rowsPerSecond(), load.metricsPerSecond(),
                load.verified() ? "" : " (NOT verified)"));
    }

    /**
     * A cluster's fault cell: how long writes stalled and whether every acknowledged row was stored;
     * empty for a database without one.
     */
    static Optional<String> faultText(Database db) {
        FaultRecord f = db.hasManifest() ? db.manifest().fault() : null;
        if (f == null) return Optional.empty();
        String stored = f.rowsStored() >= f.rowsAcknowledged() ? String.format(Locale.ROOT, "all %,d acknowledged rows stored", f.rowsAcknowledged())
                : String.format(Locale.ROOT, "%,d of %,d acknowledged rows stored", Math.max(0, f.rowsStored()), f.rowsAcknowledged());
        return Optional.of((f.failure() != null ? "FAILED: " + f.failure() + "; " : "")
                + String.format(Locale.ROOT, "%s: writes stalled %.2f s (longest gap before: %.2f s), %s", f.node(), f.stalledSeconds(),
                f.normalGapSeconds(), stored));
    }

    /** Disk use for the summary: "12.3 MB, 123.4 B/row (raw text 45.6 B/row)". */
    static Optional<String> diskText(Database db) {
        return db.disk().filter(d -> d.bytes() >= 0).map(d -> {
            StringBuilder sb = new StringBuilder(bytes(d.bytes()));
            double perRow = bytesPerRow(d);
            if (!Double.isNaN(perRow)) sb.append(String.format(Locale.ROOT, ", %.1f B/row", perRow));
            if (!Double.isNaN(d.rawTextBytesPerRow())) sb.append(String.format(Locale.ROOT, " (raw text %.1f B/row)", d.rawTextBytesPerRow()));
            if (d.bytesBeforeSettling() >= 0) sb.append("; ").append(bytes(d.bytesBeforeSettling())).append(" before it settled");
            return sb.toString();
        });
    }

    /** How a disk figure was measured, and what else the server held then when it held anything: "how; the server also held ...". */
    static String diskMethodText(Disk d) {
        String method = d.method() == null ? "-" : d.method();
        return d.serverHeld() == null ? method : method + "; the server also held " + d.serverHeld();
    }

    static double bytesPerRow(Disk d) {
        if (!Double.isNaN(d.bytesPerRow())) return d.bytesPerRow();
        return d.bytes() >= 0 && d.rows() > 0 ? (double) d.bytes() / d.rows() : Double.NaN;
    }

    /** "20,000 ± 500", "FAILED", or the bare figure when JMH gave no error. */
    static String cellText(WriteCell w) {
        if (!w.measured()) return "FAILED";
        return Double.isNaN(w.error()) ? String.format(Locale.ROOT, "%,.0f", w.rowsPerSecond())
                : String.format(Locale.ROOT, "%,.0f ± %,.0f", w.rowsPerSecond(), w.error());
    }

    /**
     * What stands beside a cell's figure: its iterations' spread as the write step judged it, both
     * sides' resources, CLIENT-BOUND when the step found the client used more CPU than the server:
     * "iterations 33,900..36,100, 95% +-2.6%, cpu 85.0 %, rss 512 MB, client cpu 40.0 %"; empty when there is nothing.
     */
    static String serverText(WriteCell w) {
        List<String> parts = new ArrayList<>();
        if (w.spread() != null && w.measured()) parts.add(spreadText(w.spread()));
        for (String name : serverMetricNames(w)) {
            Metric m = w.resources().get(name);
            if (Double.isNaN(m.score())) continue;
            parts.add(SERVER_METRICS.getOrDefault(name, name) + " " + number(m.score()) + (m.unit().isEmpty() ? "" : " " + m.unit()));
        }
        if (Boolean.TRUE.equals(w.clientBound())) parts.add("CLIENT-BOUND");
        return String.join(", ", parts);
    }

    /** "iterations 33,900..36,100, 95% +-2.6%", with UNSTABLE where the write step judged it so; "1 iteration 35,000, UNSTABLE". */
    static String spreadText(SpreadRecord s) {
        int n = s.iterations() == null ? 0 : s.iterations().size();
        String range = n == 1 ? String.format(Locale.ROOT, "1 iteration %,.0f", orNaN(s.min()))
                : String.format(Locale.ROOT, "iterations %,.0f..%,.0f", orNaN(s.min()), orNaN(s.max()))
                + (s.ci95Percent() == null || s.ci95Percent().isNaN() ? "" : String.format(Locale.ROOT, ", 95%% +-%.1f%%", s.ci95Percent()));
        return range + (Boolean.TRUE.equals(s.unstable()) ? ", UNSTABLE" : "");
    }

    private static double orNaN(Double v) {
        return RunResults.orNaN(v);
    }

    /**
     * The machine's state before the measured step, as the manifest's {@code conditions} holds it:
     * "before the write step: CPUs 3% busy, load 0.4, a file created in 12 us", with its warnings;
     * empty when the manifest has none.
     */
    static Optional<String> conditionsText(Manifest manifest) {
        ConditionsRecord c = manifest.conditions();
        if (c == null) return Optional.empty();
        StringBuilder sb = new StringBuilder("before the " + (c.step() == null ? "measured" : c.step()) + " step:");
        if (c.busyPercentBeforeStart() != null) sb.append(String.format(Locale.ROOT, " CPUs %.0f%% busy,", c.busyPercentBeforeStart()));
        if (c.loadAverage1m() != null) sb.append(String.format(Locale.ROOT, " load %.2f,", c.loadAverage1m()));
        if (c.fileCreateMicros() != null) sb.append(String.format(Locale.ROOT, " a file created in %.0f us", c.fileCreateMicros()));
        String text = sb.toString().replaceAll(",$", "");
        if (c.warnings() != null) for (String w : c.warnings()) text += "; WARNING: " + w;
        return Optional.of(text);
    }

    /** The cell's resource names: the known ones first, then any other. */
    static List<String> serverMetricNames(WriteCell w) {
        List<String> names = new ArrayList<>();
        for (String n : SERVER_METRIC_ORDER) if (w.resources().containsKey(n)) names.add(n);
        for (String n : w.resources().keySet()) if (!names.contains(n)) names.add(n);
        return names;
    }

    /** The clients that ran each query at once, as the manifest records them: 1 when it does not (or there is none). */
    static int queryClients(Database db) {
        return db.hasManifest() && db.manifest().query() != null ? db.manifest().query().clientCount() : 1;
    }

    /** Queries a second: "1,861", "-" when not measured. */
    static String queriesPerSecond(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%,.0f", v);
    }

        static String ms(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, v < 10 ? "%.2f" : "%,.1f", v);
    }

    /** A measurement with a sensible number of digits: 0.123, 1.23, 12.3, 123, 1,234. */
    static String number(double v) {
        if (Double.isNaN(v)) return "-";
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 1000 ? "%,.0f" : a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3f", v);
    }

    /** "1 core", "4 cores". */
    static String cores(int n) {
        return n + (n == 1 ? " core" : " cores");
    }

    /** Bytes in decimal units: 950 B, 12.3 kB, 4.56 GB. */
    static String bytes(long b) {
        if (b < 1000) return b + " B";
        String[] units = {"kB", "MB", "GB", "TB", "PB"};
        double v = b;
        int u = -1;
        while (v >= 1000 && u < units.length - 1) {
            v /= 1000;
            u++;
        }
        return String.format(Locale.ROOT, v >= 100 ? "%.0f %s" : v >= 10 ? "%.1f %s" : "%.2f %s", v, units[u]);
    }

    /** The column header of a database: its name, marked FAILED or skipped when run.json says so. */
    static String header(Database db) {
        return switch (db.status()) {
            case FAILED -> db.displayName() + " (FAILED)";
            case SKIPPED -> db.displayName() + " (skipped)";
            default -> db.displayName();
        };
    }

    /**
     * Whether the report is of the IoT trucks (an IoT run's folder): a database with figures of the
     * trucks and none with the devices' (one skipped or failed before its manifest has neither);
     * the devices' query rows and published rows stay out of it.
     */
    static boolean tsbsOnly(List<Database> dbs) {
        return dbs.stream().anyMatch(Figures::tsbs) && dbs.stream().noneMatch(db -> (db.hasManifest() || !db.queries().isEmpty()) && !tsbs(db));
    }

    /** Whether the database's figures are of TSBS's DevOps cpu-only hosts. */
    static boolean cpuOnly(Database db) {
        WorkloadRecord w = db.hasManifest() ? db.manifest().workload() : null;
        return w != null ? WorkloadRecord.CPU_ONLY.equals(w.workload()) : db.queries().keySet().stream().anyMatch(id -> id.startsWith("devops."));
    }

    /**
     * Whether the database's figures are of one of TSBS's workloads (the IoT trucks, DevOps' cpu-only),
     * whose queries are TSBS's and whose load is counted in metrics: its manifest's workload says so, or
     * its queries are such a catalog's.
     */
    static boolean tsbs(Database db) {
        WorkloadRecord w = db.hasManifest() ? db.manifest().workload() : null;
        if (w != null) return WorkloadRecord.IOT.equals(w.workload()) || WorkloadRecord.CPU_ONLY.equals(w.workload());
        return db.queries().keySet().stream().anyMatch(id -> id.startsWith("iot.") || id.startsWith("devops."));
    }

    /** Whether the database's figures are of the IoT trucks: its manifest's workload says so, or its queries are the IoT catalog's. */
    static boolean iot(Database db) {
        WorkloadRecord w = db.hasManifest() ? db.manifest().workload() : null;
        return w != null ? WorkloadRecord.IOT.equals(w.workload()) : db.queries().keySet().stream().anyMatch(id -> id.startsWith("iot."));
    }

    /**
     * The workload as the facts say it: the devices' source as before; the IoT trucks' figures as
     * TSBS's flags name them (trucks, time range, interval, seed, report C's scenario, the TSBS file).
     */
    static String workloadText(Manifest m, String absent) {
        WorkloadRecord w = m.workload();
        if (w != null && w.hosts() != null) return hostsText(w);
        if (w == null || w.trucks() == null) return fact(w, WorkloadRecord::source, absent);
        WorkloadRecord.Trucks t = w.trucks();
        double hours = (t.endNs() - t.startNs()) / 3.6e12;
        StringBuilder s = new StringBuilder("IoT trucks: ").append(String.format(Locale.ROOT, "%,d", t.trucks())).append(" trucks, ")
                .append(java.time.Instant.ofEpochSecond(0, t.startNs())).append(" + ")
                .append(hours == Math.rint(hours) ? String.valueOf((long) hours) : String.format(Locale.ROOT, "%.3f", hours)).append(" h, a record every ")
                .append(t.intervalNs() / 1_000_000_000.0 == Math.rint(t.intervalNs() / 1e9) ? String.valueOf(t.intervalNs() / 1_000_000_000L) : String.valueOf(t.intervalNs() / 1e9))
                .append(" s, seed ").append(t.seed());
        if (t.scale() != null) s.append(", report C's ").append(t.scale());
        if (t.file() != null) s.append(", TSBS file ").append(t.file());
        if (w.source() != null) s.append(" (").append(w.source()).append(')');
        return s.toString();
    }

    /** An interval in seconds: whole seconds as such ("10"), else with their fraction. */
    private static String seconds(long ns) {
        return ns % 1_000_000_000L == 0 ? String.valueOf(ns / 1_000_000_000L) : String.valueOf(ns / 1e9);
    }

    /** TSBS's cpu-only hosts as TSBS's flags name them: hosts, time range, interval, seed, the TSBS file. */
    private static String hostsText(WorkloadRecord w) {
        WorkloadRecord.Hosts h = w.hosts();
        double hours = (h.endNs() - h.startNs()) / 3.6e12;
        StringBuilder s = new StringBuilder("TSBS cpu-only: ").append(String.format(Locale.ROOT, "%,d", h.hosts())).append(" hosts, ")
                .append(java.time.Instant.ofEpochSecond(0, h.startNs())).append(" + ")
                .append(hours == Math.rint(hours) ? String.valueOf((long) hours) : String.format(Locale.ROOT, "%.3f", hours))
                .append(" h, a row every ").append(seconds(h.intervalNs())).append(" s, seed ").append(h.seed());
        if (h.file() != null) s.append(", TSBS file ").append(h.file());
        return s.toString();
    }

    /** Whether a query's answer was checked: "yes", "WRONG: <problem>" when a check failed, "-" when the manifest holds none. */
    static String checkedText(Database db, String id) {
        QueryRecord q = db.hasManifest() ? db.manifest().query() : null;
        if (q == null || q.checked() == null) return "-";
        List<QueryRecord.QueryCheck> checks = q.checked().stream().filter(c -> id.equals(c.id())).toList();
        if (checks.isEmpty()) return "-";
        return checks.stream().filter(c -> !c.correct()).findFirst().map(c -> "WRONG: " + (c.problem() == null ? "?" : c.problem())).orElse("yes");
    }

    /** A manifest section's field as text; {@code absent} when the section or the field is. */
    static <T> String fact(T section, Function<T, ?> field, String absent) {
        Object value = section == null ? null : field.apply(section);
        return value == null ? absent : value.toString();
    }

    /** A list of ids as a JSON array, {@code ["q5.mode.d1","q5.twa.d1"]}, as the manifest holds it. */
    static String jsonList(List<String> ids) {
        return RunResults.JSON.valueToTree(ids).toString();
    }

    /** The merge note of a database whose results were merged from shards, from its manifest; empty otherwise. */
    static Optional<String> mergeNote(Database db) {
        MergedRecord merged = db.hasManifest() ? db.manifest().merged() : null;
        if (merged == null) return Optional.empty();
        return Optional.of("Merged from " + merged.shards() + " shards of run " + (db.manifest().runId() == null ? "?" : db.manifest().runId())
                + ": " + (merged.method() == null ? "" : merged.method()));
    }
}
