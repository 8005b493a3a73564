package org.tsdbbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tsdbbench.report.PublishedFigures.Figure;
import org.tsdbbench.report.RunResults.Database;
import org.tsdbbench.report.RunResults.Disk;
import org.tsdbbench.report.RunResults.QueryLatency;
import org.tsdbbench.report.RunResults.WriteCell;
import org.tsdbbench.results.MachineRecord;
import org.tsdbbench.results.Manifest;
import org.tsdbbench.results.WorkloadRecord;

/**
 * "Published vs measured": for each published test and each database the reports set against
 * TDengine, the published ratio, the ratio this run measured, the {@link Verdict}, and the
 * differences that matter beside it (versions, cores, scale, the cells of the best writes).
 * Ratios are TDengine's lead: its rows/s over the other's, or the other's latency or disk over
 * TDengine's. A database the run did not measure, TDengine included, gives "not measured".
 */
final class PublishedComparison {

    /** The run's name of TDengine's results ({@code tdengine-manifest.json}) and of the published figures. */
    static final String TDENGINE = "tdengine";

    /** The published tests, in the order the section lists them, with the figure of this run that answers each. */
    enum Test {
        WRITE_BEST("write.best", "best write", "rows/s", true),
        Q1("q1", "read one group (q1, mean of groups)", "s", false),
        Q2("q2.avg.p100", "avg over all rows (q2.avg.p100)", "s", false),
        Q3("q3.count.p100", "group by tag (q3.count.p100)", "s", false),
        Q4("q4.count.p100", "1-minute intervals (q4.count.p100)", "s", false),
        DISK("disk", "disk use", "bytes", false),
        WRITE_ONECORE("write.onecore", "write rows/s, one-core test", "rows/s", true),
        READ_ONECORE("read.onecore", "read rows/s, one-core test", "rows/s", true);

        private final String id;
        private final String label;
        private final String unit;
        private final boolean higherIsBetter;

        Test(String id, String label, String unit, boolean higherIsBetter) {
            this.id = id;
            this.label = label;
            this.unit = unit;
            this.higherIsBetter = higherIsBetter;
        }

        String id() {
            return id;
        }

        String label() {
            return label;
        }

        String unit() {
            return unit;
        }

        boolean isWrite() {
            return id.startsWith("write.");
        }

        static Optional<Test> byId(String id) {
            for (Test t : values()) if (t.id.equals(id)) return Optional.of(t);
            return Optional.empty();
        }

        /** TDengine's lead: how many times better its figure is than the other's. */
        double lead(double tdengine, double other) {
            return higherIsBetter ? tdengine / other : other / tdengine;
        }

        /** This run's figure of the test for one database, in the test's unit; empty when it was not measured. */
        Optional<Measured> measure(Database db) {
            return switch (this) {
                case WRITE_BEST, WRITE_ONECORE -> Figures.best(db).map(c -> new Measured(c.rowsPerSecond(), c));
                case Q1 -> meanP50Seconds(db, "q1.").map(s -> new Measured(s, null));
                case Q2, Q3, Q4 -> Optional.ofNullable(db.queries().get(id)).map(q -> q.p50() / 1000).filter(s -> s > 0)
                        .map(s -> new Measured(s, null));
                case DISK -> db.disk().filter(d -> d.bytes() > 0).map(d -> new Measured(d.bytes(), null));
                case READ_ONECORE -> q1RowsPerSecond(db).map(r -> new Measured(r, null));
            };
        }

        /** A figure of this test, formatted in its unit. */
        String format(double v) {
            return switch (unit) {
                case "rows/s" -> String.format(Locale.ROOT, "%,.0f rows/s", v);
                case "bytes" -> Figures.bytes(Math.round(v));
                default -> v >= 1 ? Figures.number(v) + " s" : Figures.ms(v * 1000) + " ms";
            };
        }
    }

    /** A figure of this run: the value in the test's unit and, for a write, the cell it came from. */
    record Measured(double value, WriteCell cell) {
    }

    /**
     * One line of the section: the test, the two published figures, what this run measured of the
     * two databases (empty: not measured), both ratios, the verdict and the differences to read it by.
     */
    record Row(Test test, Figure tdengine, Figure other, String otherName, Optional<Measured> tdengineMeasured,
               Optional<Measured> otherMeasured, double publishedRatio, double measuredRatio, Verdict verdict, List<String> differences) {
        Row {
            differences = List.copyOf(differences);
        }

        String published() {
            return tdengine.published() + " / " + other.published();
        }

        String measured() {
            return tdengineMeasured.map(m -> test.format(m.value())).orElse("not measured") + " / "
                    + otherMeasured.map(m -> test.format(m.value())).orElse("not measured");
        }

        String publishedRatioText() {
            return ratio(publishedRatio);
        }

        String measuredRatioText() {
            return Double.isNaN(measuredRatio) ? "not measured" : ratio(measuredRatio);
        }
    }

    /** What the section's figures are, the same in report.md and report.html. */
    static final String EXPLANATION = "Ratios are TDengine's lead over the other database: its rows/s over the other's, or the other's latency "
            + "or disk over TDengine's (above 1: TDengine ahead). The published ratio is the report's own, on its hardware, versions and scale; "
            + "the measured one is this run's. Verdict: holds within 2x (the measured lead between half and twice the published one), "
            + "smaller or larger (the same side ahead, by under half or over twice the published lead), reversed (the other side ahead), "
            + "not measured (this run has no figure of TDengine or of the other database: never a guess). Absolute figures do not carry "
            + "across machines; ratios do, within the differences listed beside each row.";

    /** The published reports, one line each: "Report B: title; hardware; scale". */
    static List<String> sources(PublishedFigures published) {
        List<String> out = new ArrayList<>();
        for (PublishedFigures.Report r : published.reports()) {
            out.add("Report " + r.id() + ": " + r.title() + "; " + r.hardware() + "; " + r.serverCoresNote() + "; scale: " + r.scale());
        }
        return out;
    }

    private static final Pattern Q1_GROUP = Pattern.compile("q1\\.g(\\d+)");

    private PublishedComparison() {
    }

    /** "23.9x", "0.420x". */
    static String ratio(double r) {
        return Figures.number(r) + "x";
    }

    /** The section's rows for these databases; when one is in the report more than once, its first column is used. */
    static List<Row> rows(List<Database> databases, PublishedFigures published) {
        Map<String, Database> byName = new LinkedHashMap<>();
        for (Database db : databases) byName.putIfAbsent(db.name(), db);
        Database td = byName.get(TDENGINE);
        List<Row> rows = new ArrayList<>();
        for (Test test : Test.values()) {
            Figure tdFigure = published.figure(test.id(), TDENGINE).orElseThrow();
            for (Figure other : published.figures()) {
                if (!other.test().equals(test.id()) || other.database().equals(TDENGINE)) continue;
                Database otherDb = byName.get(other.database());
                Integer cores = other.report().serverCores();
                Optional<Measured> tdMeasured = td == null ? Optional.empty() : test.measure(td).filter(m -> onCores(td, test, cores));
                Optional<Measured> otherMeasured = otherDb == null ? Optional.empty() : test.measure(otherDb).filter(m -> onCores(otherDb, test, cores));
                double publishedRatio = test.lead(tdFigure.value(), other.value());
                double measuredRatio = tdMeasured.isPresent() && otherMeasured.isPresent()
                        ? test.lead(tdMeasured.get().value(), otherMeasured.get().value()) : Double.NaN;
                // a database that left no manifest (failed before its first step) has only its file name: the report's name reads better
                String otherName = otherDb != null && otherDb.hasManifest() ? otherDb.displayName() : other.product();
                rows.add(new Row(test, tdFigure, other, otherName, tdMeasured, otherMeasured, publishedRatio, measuredRatio,
                        Verdict.of(publishedRatio, measuredRatio), differences(test, tdFigure, other, td, otherDb, tdMeasured, otherMeasured)));
            }
        }
        return rows;
    }

    /**
     * Whether the database's figure stands for this test: a one-core test's only when its server
     * ran on the report's cores (--server-cores 1), else it would be compared with a figure
     * measured on every core. Other tests take any run.
     */
    static boolean onCores(Database db, Test test, Integer reportCores) {
        if (!test.id().endsWith(".onecore") || reportCores == null) return true;
        MachineRecord m = db.hasManifest() ? db.manifest().machine() : null;
        return m != null && reportCores.equals(m.serverCores());
    }

    /** Databases given more than once (several runs): the section compares the first of each; empty when none is. */
    static List<String> repeated(List<Database> databases) {
        Map<String, Integer> count = new LinkedHashMap<>();
        for (Database db : databases) count.merge(db.name(), 1, Integer::sum);
        List<String> out = new ArrayList<>();
        for (Database db : databases) {
            if (count.get(db.name()) > 1 && out.stream().noneMatch(s -> s.startsWith(db.name() + ":"))) out.add(db.name() + ": " + db.displayName());
        }
        return out;
    }

    private static List<String> differences(Test test, Figure tdFigure, Figure other, Database td, Database otherDb,
                                            Optional<Measured> tdMeasured, Optional<Measured> otherMeasured) {
        List<String> d = new ArrayList<>();
        d.add("versions: " + version(td, tdFigure) + ", " + version(otherDb, other));
        PublishedFigures.Report report = other.report();
        d.add("cores: " + cores(td, otherDb) + " (published: " + report.machineCores() + "-core machine, "
                + (report.serverCores() == null ? "servers on every core" : "each database on " + Figures.cores(report.serverCores())) + ")");
        d.add("scale: " + scale(td, otherDb) + " (published: "
                + (report.scaleRows() == null ? report.scale() : String.format(Locale.ROOT, "%,d rows", report.scaleRows())) + ")");
        if (test.isWrite()) {
            d.add("best cells: " + cell(tdFigure, tdMeasured) + "; " + cell(other, otherMeasured));
        }
        if (test.id().endsWith(".onecore") && report.serverCores() != null) {
            List<String> notOn = new ArrayList<>();
            for (Database db : new Database[] {td, otherDb}) {
                if (db != null && test.measure(db).isPresent() && !onCores(db, test, report.serverCores())) notOn.add(db.displayName());
            }
            if (!notOn.isEmpty()) {
                d.add(String.join(" and ", notOn) + " not measured on " + Figures.cores(report.serverCores())
                        + ": the one-core test needs compare --server-cores " + report.serverCores());
            }
        }
        if (test == Test.READ_ONECORE) {
            d.add("read: here q1, one client reading one group at a time (published: every row read back, best of 1..7 clients: "
                    + tdFigure.product() + " " + tdFigure.clients() + ", " + other.product() + " " + other.clients() + ")");
        }
        if (test == Test.Q3 || test == Test.Q4) d.add("published: count, sum and avg in one query; here count alone");
        if (test == Test.DISK) {
            for (Database db : new Database[] {td, otherDb}) {
                Disk disk = db == null ? null : db.disk().orElse(null);
                if (disk == null || disk.serverHeld() == null) continue;
                d.add(db.displayName() + "'s disk measured on a server that also held " + disk.serverHeld()
                        + (disk.countsLeftovers() ? ": its figure is not the data set's alone" : ""));
            }
        }
        if (tdFigure.note() != null) d.add(tdFigure.product() + ": " + tdFigure.note());
        if (other.note() != null) d.add(other.product() + ": " + other.note());
        return d;
    }

    private static String version(Database db, Figure published) {
        if (db == null || !db.hasManifest()) {
            return published.product() + (db == null ? " not in this run" : " version not recorded") + " (published " + published.version() + ")";
        }
        return db.displayName() + " " + db.serverVersion() + " (published " + published.version() + ")";
    }

    /** The client machine's cores and the servers' core limit, as the manifests record them. */
    private static String cores(Database td, Database other) {
        Integer machine = null;
        List<String> limits = new ArrayList<>();
        for (Database db : new Database[] {td, other}) {
            if (db == null || !db.hasManifest()) continue;
            MachineRecord m = db.manifest().machine();
            Integer serverCores = m == null ? null : m.serverCores();
            if (machine == null && m != null && m.cores() != null) machine = m.cores();
            limits.add(db.displayName() + (serverCores != null ? " on " + Figures.cores(serverCores) : " on every core"));
        }
        if (machine == null && limits.isEmpty()) return "not measured";
        return (machine == null ? "machine not recorded" : machine + "-core machine") + (limits.isEmpty() ? "" : ", " + String.join(", ", limits));
    }

    private static String scale(Database td, Database other) {
        List<String> parts = new ArrayList<>();
        for (Database db : new Database[] {td, other}) {
            if (db == null) continue;
            long rows = rows(db);
            if (rows > 0) parts.add(String.format(Locale.ROOT, "%s %,d rows", db.displayName(), rows));
        }
        return parts.isEmpty() ? "not measured" : String.join(", ", parts);
    }

    /** Rows the database held: the load's verified count, else the data set's size. */
    private static long rows(Database db) {
        if (!db.hasManifest()) return 0;
        Manifest m = db.manifest();
        if (m.load() != null && m.load().rowsStored() != null) return m.load().rowsStored();
        return spec(db).map(s -> (long) s.numOfDevices() * s.rowsPerDevice()).orElse(0L);
    }

    /** The data set's spec as the manifest records it; empty without one. */
    private static Optional<WorkloadRecord.Spec> spec(Database db) {
        return Optional.ofNullable(db.manifest()).map(Manifest::workload).map(WorkloadRecord::spec);
    }

    private static String cell(Figure published, Optional<Measured> measured) {
        String here = measured.map(Measured::cell).map(c -> "R/R " + c.rowsPerRequest() + " x " + c.clients()).orElse("not measured");
        return published.product() + " " + here + " (published R/R " + published.rowsPerRequest() + " x " + published.clients() + ")";
    }

    /** The mean of the q1 groups' medians, in seconds (the summary's "read one group"). */
    private static Optional<Double> meanP50Seconds(Database db, String prefix) {
        double sum = 0;
        int n = 0;
        for (QueryLatency q : db.queries().values()) {
            if (!q.id().startsWith(prefix) || !(q.p50() > 0)) continue;
            sum += q.p50();
            n++;
        }
        return n == 0 ? Optional.empty() : Optional.of(sum / n / 1000);
    }

    /**
     * Rows read per second by q1: the rows of the groups measured (from the data set's devices and
     * rows per device in the manifest) over the sum of their median latencies.
     */
    static Optional<Double> q1RowsPerSecond(Database db) {
        long devices = spec(db).map(WorkloadRecord.Spec::numOfDevices).orElse(0);
        long rowsPerDevice = spec(db).map(WorkloadRecord.Spec::rowsPerDevice).orElse(0);
        if (devices <= 0 || rowsPerDevice <= 0) return Optional.empty();
        long rows = 0;
        double seconds = 0;
        for (QueryLatency q : db.queries().values()) {
            Matcher m = Q1_GROUP.matcher(q.id());
            if (!m.matches() || !(q.p50() > 0)) continue;
            rows += groupDevices(devices, Integer.parseInt(m.group(1))) * rowsPerDevice;
            seconds += q.p50() / 1000;
        }
        return rows == 0 ? Optional.empty() : Optional.of(rows / seconds);
    }

    /** Devices 1..devices with devid % 100 == group. */
    static long groupDevices(long devices, int group) {
        if (group == 0) return devices / 100;
        return devices < group ? 0 : (devices - group) / 100 + 1;
    }
}
