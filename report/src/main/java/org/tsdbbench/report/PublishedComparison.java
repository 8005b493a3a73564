package org.tsdbbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
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

    /**
     * The section's groups, each a table of its own: the headline tests of both reports, report A's
     * resources while one client writes (3.5), and its function tables (3.6) on one sensor and on
     * 80% of the sensors, with what each group measures here and how that differs.
     */
    enum Group {
        HEADLINE("The headline tests", null),
        RESOURCES("Resources while one client writes (report A, 3.5)",
                "Published: each database on one core, sampled each second while one client wrote 10 M rows, averaged: CPU % (of that core, "
                        + "by our reading: the report does not say, and no figure passes 100), memory % (of the machine's 15 GiB), disk in KB (read as "
                        + "1,024 bytes). Here: the write step's figures of the one-client cell with the most rows/s "
                        + "on the published write path (CPU: % of one core, sampled from /proc over the cell; memory: the server's peak RSS over the "
                        + "cell as a share of this machine's memory) and the disk step's bytes for the data set once settled. Lower is better: ratios "
                        + "are the other's figure over TDengine's."),
        ONE_SENSOR("Functions on one sensor (report A, 3.6.3.7)",
                "Published: the mean latency of each function over one sensor's 200,000 rows (MySQL and OpenTSDB 20,000), the one-core limit "
                        + "lifted. Here: q5's median latency over device 1's rows (its percentile is the 90th; the report does not say which it "
                        + "asked). A function a dialect lacks is absent, never faked."),
        EIGHTY_PERCENT("Functions over 80% of the sensors (report A, 3.6.2.7)",
                "Published: the mean latency over 80% of 5,000 sensors, 1 billion rows (OpenTSDB and MySQL 100 M), the one-core limit lifted. "
                        + "Here: q2's median latency at 80% of the devices (q2.<fn>.p80) over the run's rows. FIRST and LAST are the value of "
                        + "the earliest and latest row of those devices, any of the rows that share that instant (MySQL and Cassandra "
                        + "published none).");

        private final String title;
        private final String note;

        Group(String title, String note) {
            this.title = title;
            this.note = note;
        }

        String title() {
            return title;
        }

        /** What the group's published tests measured and what this run measures instead; null for the headline tests. */
        String note() {
            return note;
        }
    }

    /** Which figure of a run answers a test. */
    enum Measure {
        /** The best write cell on the published write path (the published cells when the run has them). */
        BEST_WRITE,
        /** The mean of the q1 groups' median latencies. */
        Q1_MEAN,
        /** One query's median latency ({@link Test#queryId}). */
        QUERY,
        /** The disk step's bytes. */
        DISK,
        /** q1's rows read per second. */
        Q1_ROWS_PER_SECOND,
        /** The server's CPU % of one core in the one-client write cell. */
        SERVER_CPU,
        /** The server's peak RSS in the one-client write cell, as a share of the machine's memory. */
        SERVER_MEMORY
    }

    /**
     * A published test: its id (the figures' {@code test}), label, unit, which side is better,
     * whether its figure counts only from a run whose servers ran on the report's cores (the
     * one-core tests), what of a run answers it, the query it reads, and its group.
     */
    record Test(String id, String label, String unit, boolean higherIsBetter, boolean oneCore, Measure measure, String queryId, Group group) {

        static final Test WRITE_BEST = new Test("write.best", "best write", "rows/s", true, false, Measure.BEST_WRITE, null, Group.HEADLINE);
        static final Test Q1 = new Test("q1", "read one group (q1, mean of groups)", "s", false, false, Measure.Q1_MEAN, null, Group.HEADLINE);
        static final Test Q2 = query("q2.avg.p100", "avg over all rows (q2.avg.p100)", Group.HEADLINE);
        static final Test Q3 = query("q3.count.p100", "group by tag (q3.count.p100)", Group.HEADLINE);
        static final Test Q4 = query("q4.count.p100", "1-minute intervals (q4.count.p100)", Group.HEADLINE);
        static final Test DISK = new Test("disk", "disk use", "bytes", false, false, Measure.DISK, null, Group.HEADLINE);
        static final Test WRITE_ONECORE = new Test("write.onecore", "write rows/s, one-core test", "rows/s", true, true, Measure.BEST_WRITE, null,
                Group.HEADLINE);
        static final Test READ_ONECORE = new Test("read.onecore", "read rows/s, one-core test", "rows/s", true, true, Measure.Q1_ROWS_PER_SECOND, null,
                Group.HEADLINE);
        static final Test RESOURCES_CPU = new Test("resources.cpu", "CPU while one client writes", "%", false, true, Measure.SERVER_CPU, null,
                Group.RESOURCES);
        static final Test RESOURCES_MEMORY = new Test("resources.memory", "memory while one client writes", "% of RAM", false, true,
                Measure.SERVER_MEMORY, null, Group.RESOURCES);
        static final Test RESOURCES_DISK = new Test("resources.disk", "disk after one client wrote", "bytes", false, false, Measure.DISK, null,
                Group.RESOURCES);

        /** The functions of report A's 3.6 tables that the suite's q5 (one device) and q2 (a share of the devices) apply. */
        static final List<String> ONE_SENSOR_FUNCTIONS = List.of("count", "avg", "sum", "max", "min", "first", "last", "stddev", "percentile");
        static final List<String> EIGHTY_PERCENT_FUNCTIONS = List.of("count", "avg", "sum", "max", "min", "first", "last");

        private static final List<Test> ALL = all();

        private static Test query(String id, String label, Group group) {
            return new Test(id, label, "s", false, false, Measure.QUERY, id, group);
        }

        private static List<Test> all() {
            List<Test> all = new ArrayList<>(List.of(WRITE_BEST, Q1, Q2, Q3, Q4, DISK, WRITE_ONECORE, READ_ONECORE,
                    RESOURCES_CPU, RESOURCES_MEMORY, RESOURCES_DISK));
            for (String fn : ONE_SENSOR_FUNCTIONS) {
                all.add(query("q5." + fn + ".d1", fn.toUpperCase(Locale.ROOT) + ", one sensor (q5." + fn + ".d1)", Group.ONE_SENSOR));
            }
            for (String fn : EIGHTY_PERCENT_FUNCTIONS) {
                all.add(query("q2." + fn + ".p80", fn.toUpperCase(Locale.ROOT) + ", 80% of sensors (q2." + fn + ".p80)", Group.EIGHTY_PERCENT));
            }
            return List.copyOf(all);
        }

        /** Every test, in the order the section lists them. */
        static List<Test> values() {
            return ALL;
        }

        static Optional<Test> byId(String id) {
            return ALL.stream().filter(t -> t.id.equals(id)).findFirst();
        }

        boolean isWrite() {
            return measure == Measure.BEST_WRITE;
        }

        /** TDengine's lead: how many times better its figure is than the other's. */
        double lead(double tdengine, double other) {
            return higherIsBetter ? tdengine / other : other / tdengine;
        }

        /** This run's figure of the test for one database, in the test's unit; empty when it was not measured. */
        Optional<Measured> measure(Database db) {
            return switch (measure) {
                case BEST_WRITE -> bestOnPublishedPath(db).map(c -> new Measured(c.rowsPerSecond(), c));
                case Q1_MEAN -> meanP50Seconds(db, "q1.").map(s -> new Measured(s, null));
                case QUERY -> Optional.ofNullable(db.queries().get(queryId)).map(q -> q.p50() / 1000).filter(s -> s > 0)
                        .map(s -> new Measured(s, null));
                case DISK -> db.disk().filter(d -> d.bytes() > 0).map(d -> new Measured(d.bytes(), null));
                case Q1_ROWS_PER_SECOND -> q1RowsPerSecond(db).map(r -> new Measured(r, null));
                case SERVER_CPU -> oneClientCell(db).filter(c -> c.resources().containsKey("server.cpu"))
                        .map(c -> new Measured(c.resources().get("server.cpu").score(), c));
                case SERVER_MEMORY -> oneClientCell(db).filter(c -> c.resources().containsKey("server.rss"))
                        .flatMap(c -> memoryBytes(db).map(total -> new Measured(100.0 * c.resources().get("server.rss").score() * MIB / total, c)));
            };
        }

        /** A figure of this test, formatted in its unit. */
        String format(double v) {
            return switch (unit) {
                case "rows/s" -> String.format(Locale.ROOT, "%,.0f rows/s", v);
                case "bytes" -> Figures.bytes(Math.round(v));
                case "%" -> Figures.number(v) + "% of a core";
                case "% of RAM" -> Figures.number(v) + "% of RAM";
                default -> v >= 1 ? Figures.number(v) + " s" : Figures.ms(v * 1000) + " ms";
            };
        }
    }

    private static final double MIB = 1024.0 * 1024.0;

    /** A figure of this run: the value in the test's unit and, for a write, the cell it came from. */
    record Measured(double value, WriteCell cell) {
    }

    /**
     * One line of the section: the test, the two published figures, what this run measured of the
     * two databases (empty: not measured), both ratios, the verdict, why the row is not like for
     * like (empty when it is) and the differences particular to it.
     */
    record Row(Test test, Figure tdengine, Figure other, String otherName, Optional<Measured> tdengineMeasured,
               Optional<Measured> otherMeasured, double publishedRatio, double measuredRatio, Verdict verdict,
               List<String> reasons, List<String> differences) {
        Row {
            reasons = List.copyOf(reasons);
            differences = List.copyOf(differences);
        }

        /** The verdict as the section says it: indicative with its reasons; of whose lead, when the other led. */
        String verdictText() {
            return verdict.text(reasons, publishedRatio < 1 ? other.product() : null);
        }

        String published() {
            return tdengine.published() + " / " + other.published();
        }

        String measured() {
            return tdengineMeasured.map(m -> test.format(m.value())).orElse("not measured") + " / "
                    + otherMeasured.map(m -> test.format(m.value())).orElse("not measured");
        }

        /** The ratio of the report's figures, and the report's own summary ratio beside it when it gave one ("23.9x (the report: write about 20x)"). */
        String publishedRatioText() {
            return ratio(publishedRatio) + (other.reportRatioText() == null ? "" : " (the report: " + other.reportRatioText() + ")");
        }

        String measuredRatioText() {
            return Double.isNaN(measuredRatio) ? "not measured" : ratio(measuredRatio);
        }
    }

    /** What the section's figures are, the same in report.md and report.html. */
    static final String EXPLANATION = "Ratios are TDengine's lead over the other database: its rows/s over the "
            + "other's, or the other's latency or disk over TDengine's (above 1: TDengine ahead). The published ratio "
            + "is the report's own, on its hardware, versions and scale; the measured one is this run's. A verdict "
            + "only like for like: the same cell (or each one's best at its published client count), each database "
            + "holding no fewer than a tenth of the rows its published figure stood on, on a setting the report "
            + "states; otherwise the row is indicative, its ratio with the reasons, no verdict. Verdict: holds within "
            + "2x (the measured lead between half and twice the published one), smaller or larger (the same side "
            + "ahead, by under half or over twice its published lead; where the other database led in the report, "
            + "said of its lead), reversed (the other side ahead), not measured (this run has no figure of TDengine "
            + "or of the other database: never a guess). Where a report gave its own summary ratio, it stands beside "
            + "the one its figures give. Writes compare the cells of the write path the published reports used (a "
            + "faster path of the module, such as TDengine's stmt, is named beside them). Absolute figures do not "
            + "carry across machines; ratios do, within the differences: each pair's versions, cores and rows are "
            + "said once below, each row's own beside it.";

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

    /**
     * The section's rows for these databases; when one is in the report more than once, its first
     * column is used. The published tests are the devices' (reports A and B): a database whose run
     * was of another workload (the IoT trucks) is "not measured" here, never set against them.
     */
    static List<Row> rows(List<Database> databases, PublishedFigures published) {
        Map<String, Database> byName = byName(databases);
        Database td = byName.get(TDENGINE);
        List<Row> rows = new ArrayList<>();
        for (Test test : Test.values()) {
            Figure tdFigure = published.figure(test.id(), TDENGINE).orElseThrow();
            for (Figure other : published.figures()) {
                if (!other.test().equals(test.id()) || other.database().equals(TDENGINE)) continue;
                Database otherDb = byName.get(other.database());
                Integer cores = other.report().serverCores();
                Cells cells = test.isWrite() ? Cells.of(td, tdFigure, otherDb, other) : null;
                Optional<Measured> tdMeasured = measured(test, td, cells == null ? null : cells.tdengine(), cores);
                Optional<Measured> otherMeasured = measured(test, otherDb, cells == null ? null : cells.other(),
                        cores);
                double publishedRatio = test.lead(tdFigure.value(), other.value());
                double measuredRatio = tdMeasured.isPresent() && otherMeasured.isPresent()
                        ? test.lead(tdMeasured.get().value(), otherMeasured.get().value()) : Double.NaN;
                LikeForLike basis = basis(test, tdFigure, other, td, otherDb, cells);
                Verdict verdict = basis.verdict(measuredRatio, m -> Verdict.of(publishedRatio, m));
                rows.add(new Row(test, tdFigure, other, name(otherDb, other), tdMeasured, otherMeasured,
                        publishedRatio, measuredRatio, verdict, basis.reasons(),
                        differences(test, tdFigure, other, td, otherDb, tdMeasured, otherMeasured, cells)));
            }
        }
        return rows;
    }

    /**
     * What every row of one report and database set against TDengine shares, said once per pair:
     * the versions, the machine's cores and the servers' limits against the report's, and the rows
     * each database held here against the report's scale (report A states rows per test only).
     */
    static List<String> pairs(List<Database> databases, PublishedFigures published) {
        Map<String, Database> byName = byName(databases);
        Database td = byName.get(TDENGINE);
        Map<String, String> pairs = new LinkedHashMap<>();
        for (Figure other : published.figures()) {
            if (other.database().equals(TDENGINE)) continue;
            PublishedFigures.Report report = other.report();
            Database otherDb = byName.get(other.database());
            Figure tdFigure = published.figure(other.test(), TDENGINE).orElseThrow();
            String limit = report.serverCores() == null ? "servers on every core"
                    : "each database on " + Figures.cores(report.serverCores());
            pairs.putIfAbsent(report.id() + " " + other.database(), "TDengine vs " + name(otherDb, other) + " (report "
                    + report.id() + "): versions: " + version(td, tdFigure) + ", " + version(otherDb, other)
                    + "; cores: " + cores(td, otherDb) + " (published: " + report.machineCores() + "-core machine, "
                    + limit + "); rows here: " + rowsHere(td, otherDb) + " (published: "
                    + (report.scaleRows() == null ? "each test's own, where the report states them" : report.scale())
                    + ")");
        }
        return List.copyOf(pairs.values());
    }

    /** The databases by module name, the first column of one given more than once, devices runs only. */
    private static Map<String, Database> byName(List<Database> databases) {
        Map<String, Database> byName = new LinkedHashMap<>();
        for (Database db : databases) if (ofDevices(db)) byName.putIfAbsent(db.name(), db);
        return byName;
    }

    /** A database's name as the section says it: the report's product where the run left no manifest. */
    private static String name(Database db, Figure published) {
        return db != null && db.hasManifest() ? db.displayName() : published.product();
    }

    /** This run's figure of a test for one database (a write's from the cells chosen), on the report's cores only. */
    private static Optional<Measured> measured(Test test, Database db, Optional<Measured> cell, Integer cores) {
        if (db == null) return Optional.empty();
        return (cell != null ? cell : test.measure(db)).filter(m -> onCores(db, test, cores));
    }

    /**
     * The write cells a row compares: the published cells when the run measured both, else each
     * one's best at its published client count, else each one's best cell (not like for like).
     */
    private record Cells(Optional<Measured> tdengine, Optional<Measured> other, String kind, boolean likeForLike) {
        static Cells of(Database td, Figure tdFigure, Database otherDb, Figure other) {
            Optional<Measured> tdCell = cell(td, tdFigure);
            Optional<Measured> otherCell = cell(otherDb, other);
            if (tdCell.isPresent() && otherCell.isPresent()) {
                return new Cells(tdCell, otherCell, "the published cells", true);
            }
            Optional<Measured> tdBest = bestAt(td, tdFigure.clients());
            Optional<Measured> otherBest = bestAt(otherDb, other.clients());
            if (tdBest.isPresent() && otherBest.isPresent()) {
                return new Cells(tdBest, otherBest, "each one's best at its published clients", true);
            }
            return new Cells(bestAt(td, null), bestAt(otherDb, null), "best cells", false);
        }
    }

    /**
     * Why a row is not like for like with its published test ({@link LikeForLike}): the cells,
     * the read test's clients and work, and each database's rows against its published figure's.
     */
    private static LikeForLike basis(Test test, Figure tdFigure, Figure other, Database td, Database otherDb,
                                     Cells cells) {
        LikeForLike basis = new LikeForLike();
        if (cells != null && !cells.likeForLike()) {
            basis.unless(String.format(Locale.ROOT, "the run has neither the published cells nor cells at their"
                    + " clients (TDengine %d, %s %d)", tdFigure.clients(), other.product(), other.clients()));
        }
        if (test == Test.READ_ONECORE) {
            basis.unless("published: every row read back, each one's best of 1..7 clients (TDengine "
                    + tdFigure.clients() + ", " + other.product() + " " + other.clients()
                    + "); here q1's groups, one client");
        }
        Long tdRows = publishedRows(tdFigure);
        Long otherRows = publishedRows(other);
        if (tdRows == null || otherRows == null) {
            basis.unless("report " + other.report().id() + " states no rows for this test");
        } else if (td != null && otherDb != null) {
            basis.rows(td.displayName(), hereRows(test, td), tdRows)
                    .rows(name(otherDb, other), hereRows(test, otherDb), otherRows);
        }
        return basis;
    }

    /** Whether the database's figures are of the devices workload (a database without a manifest has no other). */
    static boolean ofDevices(Database db) {
        return !db.hasManifest() || db.manifest().workload() == null || db.manifest().workload().devices();
    }

    /**
     * Whether the database's figure stands for this test: a one-core test's only when its server
     * ran on the report's cores (--server-cores 1), else it would be compared with a figure
     * measured on every core; so for the resources the write step measured (CPU, memory). Other
     * tests take any run.
     */
    static boolean onCores(Database db, Test test, Integer reportCores) {
        if (!test.oneCore() || reportCores == null) return true;
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

    /** The measured cell of the published figure's R/R and clients, on the published write path when the module declared which that is. */
    private static Optional<Measured> cell(Database db, Figure f) {
        if (db == null) return Optional.empty();
        return publishedPathCells(db)
                .filter(c -> c.rowsPerRequest() == f.rowsPerRequest() && c.clients() == f.clients())
                .max((a, b) -> Double.compare(a.rowsPerSecond(), b.rowsPerSecond()))
                .map(c -> new Measured(c.rowsPerSecond(), c));
    }

    /** The best measured cell on the published write path at these clients (null: at any). */
    private static Optional<Measured> bestAt(Database db, Integer clients) {
        if (db == null) return Optional.empty();
        return publishedPathCells(db).filter(c -> clients == null || c.clients() == clients)
                .max((a, b) -> Double.compare(a.rowsPerSecond(), b.rowsPerSecond())).map(c -> new Measured(c.rowsPerSecond(), c));
    }

    /** The measured write cells on the published write path (cells the module marked as another path are not the published test's). */
    static Stream<WriteCell> publishedPathCells(Database db) {
        return db.writes().stream().filter(WriteCell::measured).filter(c -> !Boolean.FALSE.equals(c.publishedPath()));
    }

    /** The best measured write cell on the published write path. */
    static Optional<WriteCell> bestOnPublishedPath(Database db) {
        return publishedPathCells(db).max((a, b) -> Double.compare(a.rowsPerSecond(), b.rowsPerSecond()));
    }

    /** The best measured write cell on another path than the published one (TDengine's stmt), if the run has one. */
    static Optional<WriteCell> bestOnOtherPath(Database db) {
        return db.writes().stream().filter(WriteCell::measured).filter(c -> Boolean.FALSE.equals(c.publishedPath()))
                .max((a, b) -> Double.compare(a.rowsPerSecond(), b.rowsPerSecond()));
    }

    /** The published path's one-client cell with the most rows/s: the nearest to report A's "one client writes 10 M rows". */
    static Optional<WriteCell> oneClientCell(Database db) {
        return publishedPathCells(db).filter(c -> c.clients() == 1).max((a, b) -> Double.compare(a.rowsPerSecond(), b.rowsPerSecond()));
    }

    /** The client machine's memory as the manifest records it (the server's, when both run on it). */
    private static Optional<Long> memoryBytes(Database db) {
        return Optional.ofNullable(db.manifest()).map(Manifest::machine).map(MachineRecord::memoryBytes).filter(b -> b > 0);
    }

    /** The rows a published figure stood on: its own where the report states them, else its scale's (null: none). */
    private static Long publishedRows(Figure f) {
        return f.rows() != null ? f.rows() : f.report().scaleRows();
    }

    /** The rows the run's figure of this test stands on: device 1's rows for a one-sensor function, else the rows the database held. */
    static long hereRows(Test test, Database db) {
        if (test.group() == Group.ONE_SENSOR) return spec(db).map(s -> (long) s.rowsPerDevice()).orElse(0L);
        return rows(db);
    }

    /** What is particular to one row: its cells, a faster path, absences, the servers' cores, the work, notes. */
    private static List<String> differences(Test test, Figure tdFigure, Figure other, Database td, Database otherDb,
                                            Optional<Measured> tdMeasured, Optional<Measured> otherMeasured,
                                            Cells cells) {
        List<String> d = new ArrayList<>();
        PublishedFigures.Report report = other.report();
        if (cells != null) {
            d.add(cells.kind() + ": " + cellText(tdFigure, tdMeasured) + "; " + cellText(other, otherMeasured));
            for (Database db : new Database[] {td, otherDb}) {
                // a one-core test's figure only from a server on the report's cores, the faster path's as much as the published one's
                Optional<WriteCell> faster = db == null || !onCores(db, test, report.serverCores()) ? Optional.empty() : bestOnOtherPath(db);
                if (faster.isEmpty()) continue;
                WriteCell c = faster.get();
                Optional<Measured> against = db == td ? otherMeasured : tdMeasured;
                d.add(String.format(Locale.ROOT, "%s's %s path (not the published one, not compared above): %,.0f rows/s at R/R %d x %d%s", db.displayName(),
                        c.path(), c.rowsPerSecond(), c.rowsPerRequest(), c.clients(), against.map(m -> ", TDengine's lead with it " + ratio(db == td
                                ? test.lead(c.rowsPerSecond(), m.value()) : test.lead(m.value(), c.rowsPerSecond()))).orElse("")));
            }
        }
        if ((test.measure() == Measure.SERVER_CPU || test.measure() == Measure.SERVER_MEMORY) && (tdMeasured.isPresent() || otherMeasured.isPresent())) {
            d.add("the cells: " + oneClientText(td, tdMeasured) + "; " + oneClientText(otherDb, otherMeasured));
        }
        if (test.measure() == Measure.QUERY) {
            for (Database db : new Database[] {td, otherDb}) {
                if (db != null && db.absentQueries().contains(test.queryId())) d.add(db.displayName() + " has no " + test.queryId() + " (absent in its dialect, never faked)");
            }
        }
        if (test.oneCore() && report.serverCores() != null) {
            List<String> notOn = new ArrayList<>();
            for (Database db : new Database[] {td, otherDb}) {
                if (db != null && test.measure(db).isPresent() && !onCores(db, test, report.serverCores())) notOn.add(db.displayName());
            }
            if (!notOn.isEmpty()) {
                d.add(String.join(" and ", notOn) + " not measured on " + Figures.cores(report.serverCores())
                        + ": the one-core test needs compare --server-cores " + report.serverCores());
            }
        }
        boolean lifted = test.group() == Group.ONE_SENSOR || test.group() == Group.EIGHTY_PERCENT;
        if (report.serverCores() != null && lifted) {
            // the pair's line says the report's one-core limit; its 3.6 tables were measured without it
            d.add("published: servers on every core (report " + report.id() + " lifted its one-core limit for 3.6)");
        }
        if (test == Test.READ_ONECORE) {
            d.add("read: here q1's rows/s, one group (1% of the rows) at a time, the groups' rows over the sum of"
                    + " their median latencies (published: " + tdFigure.product() + " read "
                    + millions(tdFigure.rows()) + ", " + other.product() + " " + millions(other.rows()) + ")");
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

    private static String millions(Long rows) {
        return rows == null ? "rows not stated" : String.format(Locale.ROOT, "%,d M rows", rows / 1_000_000);
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

    /** The rows each database held here: "TDengine 100,000, MySQL 100,000". */
    private static String rowsHere(Database td, Database other) {
        List<String> parts = new ArrayList<>();
        for (Database db : new Database[] {td, other}) {
            if (db == null || rows(db) <= 0) continue;
            parts.add(String.format(Locale.ROOT, "%s %,d", db.displayName(), rows(db)));
        }
        return parts.isEmpty() ? "not measured" : String.join(", ", parts);
    }

    /** "TDengine R/R 1000 x 1 client (2,500,000 rows/s, server 512 MB peak RSS of 23.4 GiB)": the one-client cell a resource figure comes from. */
    private static String oneClientText(Database db, Optional<Measured> measured) {
        String name = db == null ? "not in this run" : db.displayName();
        return measured.map(Measured::cell).map(c -> String.format(Locale.ROOT, "%s R/R %d x 1 client (%,.0f rows/s%s%s)", name, c.rowsPerRequest(),
                c.rowsPerSecond(), c.resources().containsKey("server.rss") ? String.format(Locale.ROOT, ", server %,.0f MB peak RSS",
                        c.resources().get("server.rss").score()) : "", memoryBytes(db).map(b -> String.format(Locale.ROOT, " of %.1f GiB",
                        b / MIB / 1024)).orElse(""))).orElse(name + ": no one-client write cell with the server's figures");
    }

    /** Rows the database held: the load's verified count, else the data set's size. */
    static long rows(Database db) {
        if (!db.hasManifest()) return 0;
        Manifest m = db.manifest();
        if (m.load() != null && m.load().rowsStored() != null) return m.load().rowsStored();
        return spec(db).map(s -> (long) s.numOfDevices() * s.rowsPerDevice()).orElse(0L);
    }

    /** The data set's spec as the manifest records it; empty without one. */
    private static Optional<WorkloadRecord.Spec> spec(Database db) {
        return Optional.ofNullable(db.manifest()).map(Manifest::workload).map(WorkloadRecord::spec);
    }

    private static String cellText(Figure published, Optional<Measured> measured) {
        String here = measured.map(Measured::cell).map(c -> "R/R " + c.rowsPerRequest() + " x " + c.clients() + (c.path() == null ? "" : " " + c.path()))
                .orElse("not measured");
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
