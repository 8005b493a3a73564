package org.tsdbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.tsdbbench.report.RunResults.Database;
import org.tsdbbench.report.RunResults.QueryLatency;
import org.tsdbbench.report.RunResults.WriteCell;
import org.tsdbbench.results.Manifest;
import org.tsdbbench.results.WorkloadRecord;

/**
 * "Published vs measured" for the IoT trucks: report C's claims (TDengine against TimescaleDB and
 * InfluxDB, ratios only) and report D's figures (CnosDB against InfluxDB per batch x workers,
 * against TimescaleDB), each beside the ratio this run measured of the same two databases, with a
 * verdict only like for like ({@link LikeForLike}); otherwise the row says why it is indicative.
 * The figures are the project's {@code iot-published-figures.json}, transcribed from spec/iot.md.
 */
final class IotPublishedComparison {

    /** The resource the figures are read from, beside this class. */
    static final String RESOURCE = "iot-published-figures.json";

    /** The section's title for the IoT rows. */
    static final String TITLE = "The IoT trucks (reports C and D)";

    /** What the IoT table's figures are, the same in report.md and report.html. */
    static final String EXPLANATION = "Ratios are the first database's lead over the second (TDengine's in report "
            + "C, CnosDB's in report D): its rows/s over the other's; the other's latency, disk, or server CPU and "
            + "disk writes per row over its own; its compression (raw text over disk) over the other's; above 1 the "
            + "first is ahead. Report C published ratios only (its tables were images): its write ratios as an upper "
            + "bound over its five scenarios (\"at most\": any lead of TDengine up to twice it holds), its CPU and "
            + "disk I/O claim with no figure at all (TDengine the least: above 1x). A verdict only like for like: the "
            + "same cell on both databases, each holding no fewer than a tenth of the rows its published figure "
            + "stood on, on a setting the report states; otherwise the row is indicative, its ratio with the "
            + "reasons. Report C's text states no load cell, data sets or query runs: its rows take those of "
            + "TDengine's public TSBS test scripts, say so, and stay indicative. Query latencies are the mean of each "
            + "query type's medians, at the clients the run's query step had at once (compare --query-clients): "
            + "report C's query ratios are latencies with 8 workers at once, so its query rows are like for like "
            + "only at 8 clients, and say the count. Each pair's setting, versions and rows are said once below, each row's own "
            + "differences beside it.";

    /** What of a run answers a figure, and the unit its published figures are in. */
    enum Measure {
        /** Both databases' rows/s at the figure's cell (R/R x clients), on the published write path. */
        WRITE_CELL(" rows/s"),
        /** Each database's best cell on the published write path: the report does not state its cell. */
        WRITE_BEST(" rows/s"),
        /** The server's CPU per row acknowledged in the figure's cell (us/row), lower is better. */
        WRITE_CPU_PER_ROW(" us/row"),
        /** The server's disk writes per row acknowledged in the figure's cell (bytes/row), lower is better. */
        WRITE_DISK_PER_ROW(" bytes/row"),
        /** The mean of the query type's median latencies (seconds). */
        QUERY(" s"),
        /** Raw text bytes over disk bytes after the load. */
        COMPRESSION("x"),
        /** The disk's bytes after the load (published in GB), lower is better. */
        DISK(" GB"),
        /** The load step's rows/s: the data set written once, every row acknowledged and the stored count checked. */
        LOAD(" rows/s");

        private final String publishedUnit;

        Measure(String publishedUnit) {
            this.publishedUnit = publishedUnit;
        }

        /** The first's lead given the two figures: rows/s and compression higher is better, the rest lower. */
        double lead(double firstFigure, double secondFigure) {
            return lowerIsBetter() ? secondFigure / firstFigure : firstFigure / secondFigure;
        }

        private boolean lowerIsBetter() {
            return this == QUERY || this == WRITE_CPU_PER_ROW || this == WRITE_DISK_PER_ROW || this == DISK;
        }

        /** Whether the figure is measured at the figure's cell on both databases. */
        boolean atCell() {
            return this == WRITE_CELL || this == WRITE_CPU_PER_ROW || this == WRITE_DISK_PER_ROW;
        }
    }

    /**
     * What a published ratio is: a figure, an upper bound over the report's scenarios, or a claim
     * of who led with no figure (its ratio 1: any lead of the first holds it).
     */
    enum Bound {
        /** A figure: holds within a factor of 2 either way. */
        EXACT,
        /** An upper bound ("at most 3.3x"): any smaller lead of the same side holds. */
        AT_MOST,
        /** Who led, no figure ("used the least CPU"): any lead of the first holds, none is reversed. */
        LEAD;

        /** The verdict on a measured lead against the published ratio, as this kind of ratio reads. */
        Verdict judge(double published, double measured) {
            return switch (this) {
                case AT_MOST -> Verdict.atMost(published, measured);
                case LEAD -> Verdict.lead(measured);
                case EXACT -> Verdict.of(published, measured);
            };
        }
    }

    /** A published report: where its figures were measured. */
    record Report(String id, String title, String hardware, String scale) {
    }

    /**
     * One published comparison of two databases: its report, the two (module name, product,
     * published version), their published figures when the report gave them (rows/s, s or the
     * compression factor; metrics/s for report D's write table), the published ratio (the first's
     * lead; computed from the figures when both are given, else the report's own), the report's own
     * ratio beside it, the report's own words beside the ratio (a qualifier), what kind of ratio it
     * is, the cell, the query type, the scenarios a run must be on, the published rows (the first's,
     * and the second's where they differ, else null), the published setting (machine and limits), a
     * setting the row takes from elsewhere than the report and where from, the text as published,
     * the source and a note.
     */
    record Figure(String id, Report report, Measure measure, String first, String firstProduct, String firstVersion,
                  String second, String secondProduct, String secondVersion, Double firstValue, Double secondValue,
                  Double firstMetrics, Double secondMetrics, double ratio, String reportRatioText, String qualifier,
                  Bound bound, Integer rowsPerRequest, Integer clients, String query, List<String> scenarios,
                  Long rows, Long secondRows, String setting, String settingFrom, String published, String source,
                  String note) {
        Figure {
            scenarios = List.copyOf(scenarios);
        }

        /** The published figures as the row says them. */
        String publishedText() {
            if (published != null) return published;
            return firstProduct + " " + publishedFormat(firstValue) + metrics(firstMetrics) + " / " + secondProduct
                    + " " + publishedFormat(secondValue) + metrics(secondMetrics);
        }

        private static String metrics(Double metrics) {
            return metrics == null ? "" : String.format(Locale.ROOT, " (%,.2f metrics/s)", metrics);
        }

        /** A published figure in the measure's unit, to the digits the report gave (rows/s to its two decimals). */
        String publishedFormat(double v) {
            if (measure == Measure.WRITE_CELL) return String.format(Locale.ROOT, "%,.2f rows/s", v);
            return digits(v) + measure.publishedUnit;
        }

        /** The first's lead given the two figures ({@link Measure#lead}). */
        double lead(double firstFigure, double secondFigure) {
            return measure.lead(firstFigure, secondFigure);
        }

        /** The rows the second's published figure stood on: its own where the report gives them, else the first's. */
        Long secondRowsOrRows() {
            return secondRows != null ? secondRows : rows;
        }
    }

    /** A figure to the digits it was given: 3.3, 426, 1.221. */
    private static String digits(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    /**
     * One row: the figure, what this run measured of the two (empty: not measured), the measured
     * ratio (NaN: not measured), the verdict, why the row is not like for like (empty when it is)
     * and the differences particular to it.
     */
    record Row(Figure figure, String firstName, String secondName, Optional<MeasuredFigure> firstMeasured,
               Optional<MeasuredFigure> secondMeasured, double measuredRatio, Verdict verdict, List<String> reasons,
               List<String> differences) {
        Row {
            reasons = List.copyOf(reasons);
            differences = List.copyOf(differences);
        }

        String label() {
            Figure f = figure;
            return switch (f.measure()) {
                case WRITE_CELL -> "write, batch " + f.rowsPerRequest() + " x " + f.clients() + " workers";
                case WRITE_BEST -> "write, best cells";
                case WRITE_CPU_PER_ROW -> "server CPU per row while writing";
                case WRITE_DISK_PER_ROW -> "server disk writes per row while writing";
                case QUERY -> "query " + f.query();
                case COMPRESSION -> "disk: compression";
                case DISK -> "disk: bytes";
                case LOAD -> "load of the data set";
            };
        }

        String vs() {
            return firstName + " vs " + secondName + " (report " + figure.report().id() + ")";
        }

        /**
         * The ratio as the report gave it ("at most 3.3x", "above 1x (no figure)", a ratio it gave,
         * its figures'), its own ratio and its qualifier beside it.
         */
        String publishedRatioText() {
            boolean given = figure.firstValue() == null || figure.secondValue() == null;
            String r = switch (figure.bound()) {
                case AT_MOST -> "at most " + digits(figure.ratio()) + "x";
                case LEAD -> "above 1x (no figure)";
                case EXACT -> given ? digits(figure.ratio()) + "x" : PublishedComparison.ratio(figure.ratio());
            };
            return r + (figure.reportRatioText() == null ? "" : " (" + figure.reportRatioText() + ")")
                    + (figure.qualifier() == null ? "" : "; " + figure.qualifier());
        }

        String measured() {
            return MeasuredFigure.pair(firstMeasured, secondMeasured);
        }

        String measuredRatioText() {
            return MeasuredFigure.ratioText(measuredRatio);
        }

        /**
         * The verdict as the row says it: indicative with its reasons; of whose lead, when the second
         * led; a claim of who led, with no figure, holds with that side ahead (no factor to be within).
         */
        String verdictText() {
            if (figure.bound() == Bound.LEAD && verdict == Verdict.HOLDS) return "holds: " + firstName + " ahead";
            return verdict.text(reasons, figure.ratio() < 1 ? figure.secondProduct() : null);
        }
    }

    private final List<Report> reports;
    private final List<Figure> figures;

    private IotPublishedComparison(List<Report> reports, List<Figure> figures) {
        this.reports = List.copyOf(reports);
        this.figures = List.copyOf(figures);
    }

    /** The figures shipped with the report. */
    static IotPublishedComparison load() {
        return parse(PublishedFigures.resource(RESOURCE));
    }

    /**
     * Reads and checks the tree: every figure has its report, two databases, a positive ratio (given
     * or from its figures), its cell or query where its measure needs one, its rows or the scenarios
     * a run must be on, and its source.
     */
    static IotPublishedComparison parse(JsonNode root) {
        Map<String, Report> reports = new LinkedHashMap<>();
        for (JsonNode r : root.path("reports")) {
            String id = required(r, "id", "a report");
            String where = "report " + id;
            reports.put(id, new Report(id, required(r, "title", where), required(r, "hardware", where),
                    required(r, "scale", where)));
        }
        List<Figure> figures = new ArrayList<>();
        for (JsonNode f : root.path("figures")) {
            String id = required(f, "id", "a figure");
            Report report = reports.get(required(f, "report", id));
            if (report == null) throw refused(id, "no report " + f.path("report").asText());
            Measure measure = Measure.valueOf(upperSnake(required(f, "measure", id)));
            Bound bound = f.hasNonNull("bound") ? Bound.valueOf(upperSnake(f.get("bound").asText())) : Bound.EXACT;
            Double firstValue = number(f, "firstValue", id);
            Double secondValue = number(f, "secondValue", id);
            Double given = number(f, "ratio", id);
            if (f.hasNonNull("atMost")) throw refused(id, "atMost is now \"bound\": \"atMost\"");
            Integer rpr = f.hasNonNull("rowsPerRequest") ? f.get("rowsPerRequest").asInt() : null;
            Integer clients = f.hasNonNull("clients") ? f.get("clients").asInt() : null;
            if (measure.atCell() && (rpr == null || clients == null)) {
                throw refused(id, "a cell's figure names its cell");
            }
            String query = text(f, "query");
            if (measure == Measure.QUERY && query == null) throw refused(id, "a query's figure names its query");
            List<String> scenarios = new ArrayList<>();
            for (JsonNode s : f.path("scenarios")) scenarios.add(s.asText());
            Long rows = f.hasNonNull("rows") ? f.get("rows").asLong() : null;
            Long secondRows = f.hasNonNull("secondRows") ? f.get("secondRows").asLong() : null;
            if (secondRows != null && rows == null) throw refused(id, "secondRows without rows");
            if (rows == null && scenarios.isEmpty()) throw refused(id, "neither its rows nor its scenarios");
            double ratio;
            String reportRatioText = text(f, "ratioText");
            if (firstValue != null && secondValue != null) {
                ratio = measure.lead(firstValue, secondValue);
                // the report's own rounded ratio beside the one its figures give
                if (given != null && reportRatioText == null) reportRatioText = "the page: " + Figures.number(given);
            } else if (given != null) {
                ratio = given;
            } else if (bound == Bound.LEAD) {
                ratio = 1;  // who led, no figure: any lead of the first holds
            } else {
                throw refused(id, "neither both figures nor a ratio");
            }
            String published = text(f, "published");
            if (published == null && (firstValue == null || secondValue == null)) {
                throw refused(id, "a figure without both values says what was published");
            }
            String setting = text(f, "setting") == null ? report.hardware() : text(f, "setting");
            figures.add(new Figure(id, report, measure, required(f, "first", id), required(f, "firstProduct", id),
                    required(f, "firstVersion", id), required(f, "second", id), required(f, "secondProduct", id),
                    required(f, "secondVersion", id), firstValue, secondValue, number(f, "firstMetrics", id),
                    number(f, "secondMetrics", id), ratio, reportRatioText, text(f, "qualifier"), bound, rpr, clients,
                    query, scenarios, rows, secondRows, setting, text(f, "settingFrom"), published,
                    required(f, "source", id), text(f, "note")));
        }
        return new IotPublishedComparison(new ArrayList<>(reports.values()), figures);
    }

    private static IllegalArgumentException refused(String id, String why) {
        return new IllegalArgumentException(RESOURCE + ": " + id + ": " + why);
    }

    /** "writeCpuPerRow" as WRITE_CPU_PER_ROW, "atMost" as AT_MOST. */
    private static String upperSnake(String camel) {
        return camel.replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
    }

    List<Report> reports() {
        return reports;
    }

    List<Figure> figures() {
        return figures;
    }

    /** The reports, one line each: "Report C: title; hardware; scale". */
    List<String> sources() {
        return reports.stream().map(r -> "Report " + r.id() + ": " + r.title() + "; " + r.hardware() + "; scale: "
                + r.scale()).toList();
    }

    /** The rows for the IoT databases of the run (the first column of a database given more than once). */
    List<Row> rows(List<Database> databases) {
        Map<String, Database> byName = byName(databases);
        List<Row> rows = new ArrayList<>();
        for (Figure f : figures) {
            Database a = byName.get(f.first());
            Database b = byName.get(f.second());
            Optional<MeasuredFigure> am = a == null ? Optional.empty() : measure(f, a);
            Optional<MeasuredFigure> bm = b == null ? Optional.empty() : measure(f, b);
            double ratio = am.isPresent() && bm.isPresent() ? f.lead(am.get().value(), bm.get().value()) : Double.NaN;
            LikeForLike basis = basis(f, a, b);
            rows.add(new Row(f, name(a, f.firstProduct()), name(b, f.secondProduct()), am, bm, ratio,
                    basis.verdict(ratio, m -> f.bound().judge(f.ratio(), m)), basis.reasons(), differences(f, a, b)));
        }
        return rows;
    }

    /**
     * What every row of one report and pair of databases shares, said once per pair: the published
     * setting, the versions, and the rows each held here against the published test's.
     */
    List<String> pairs(List<Database> databases) {
        Map<String, Database> byName = byName(databases);
        Map<String, String> pairs = new LinkedHashMap<>();
        for (Figure f : figures) {
            Database a = byName.get(f.first());
            Database b = byName.get(f.second());
            String published = f.rows() == null ? "not stated"
                    : f.secondRows() == null || f.secondRows().equals(f.rows())
                    ? String.format(Locale.ROOT, "%,d", f.rows())
                    : String.format(Locale.ROOT, "%s %,d, %s %,d", f.firstProduct(), f.rows(), f.secondProduct(),
                    f.secondRows());
            pairs.putIfAbsent(f.report().id() + " " + f.first() + " " + f.second(), name(a, f.firstProduct()) + " vs "
                    + name(b, f.secondProduct()) + " (report " + f.report().id() + "): published setting: "
                    + f.setting() + "; versions: " + version(a, f.firstProduct(), f.firstVersion()) + ", "
                    + version(b, f.secondProduct(), f.secondVersion()) + "; rows here: " + rowsHere(a, b)
                    + " (published: " + published + ")");
        }
        return List.copyOf(pairs.values());
    }

    private static Map<String, Database> byName(List<Database> databases) {
        Map<String, Database> byName = new LinkedHashMap<>();
        for (Database db : databases) if (Figures.iot(db)) byName.putIfAbsent(db.name(), db);
        return byName;
    }

    private static String name(Database db, String product) {
        return db != null && db.hasManifest() ? db.displayName() : product;
    }

    /** This run's figure of one database for the figure; empty when it was not measured. */
    static Optional<MeasuredFigure> measure(Figure f, Database db) {
        return switch (f.measure()) {
            case WRITE_CELL -> cell(f, db).map(c -> write(f, c));
            case WRITE_BEST -> PublishedComparison.bestOnPublishedPath(db).map(c -> write(f, c));
            case WRITE_CPU_PER_ROW -> cell(f, db).flatMap(c -> server(c, CPU_PER_ROW))
                    .map(us -> new MeasuredFigure(us, Figures.number(us) + " us/row"));
            case WRITE_DISK_PER_ROW -> cell(f, db).flatMap(c -> server(c, DISK_WRITE)
                    .map(mibps -> mibps * MIB / c.rowsPerSecond()))
                    .filter(b -> b > 0 && !Double.isInfinite(b))
                    .map(b -> new MeasuredFigure(b, Figures.number(b) + " bytes/row"));
            case QUERY -> meanP50Seconds(db, f.query()).map(s -> new MeasuredFigure(s, (s >= 1 ? Figures.number(s) + " s"
                    : Figures.ms(s * 1000) + " ms") + clientsText(queryClients(db))));
            case COMPRESSION -> db.disk().filter(d -> d.bytes() > 0 && d.rawTextBytes() > 0)
                    .map(IotPublishedComparison::compression);
            case DISK -> db.disk().filter(d -> d.bytes() > 0)
                    .map(d -> new MeasuredFigure(d.bytes(), Figures.bytes(d.bytes())));
            case LOAD -> db.load().filter(l -> l.verified() && l.rowsPerSecond() > 0)
                    .map(l -> new MeasuredFigure(l.rowsPerSecond(), Figures.number(l.rowsPerSecond()) + " rows/s"));
        };
    }

    /** The write step's figure of the server's CPU per row acknowledged (us/row). */
    private static final String CPU_PER_ROW = "server.cpuPerRow";
    /** The write step's figure of the server's storage writes (MiB/s, the profiler's MB/s). */
    private static final String DISK_WRITE = "server.diskWrite";
    private static final double MIB = 1024 * 1024;

    /** A server figure the write step sampled in the cell (positive); empty when it sampled none. */
    private static Optional<Double> server(WriteCell c, String metric) {
        return Optional.ofNullable(c.resources().get(metric)).map(RunResults.Metric::score)
                .filter(v -> v > 0 && !Double.isInfinite(v));
    }

    /** A disk's raw text over its bytes: "7.50x (7.50 GB of text in 1.00 GB)". */
    private static MeasuredFigure compression(RunResults.Disk d) {
        double x = (double) d.rawTextBytes() / d.bytes();
        return new MeasuredFigure(x, Figures.number(x) + "x (" + Figures.bytes(d.rawTextBytes()) + " of text in "
                + Figures.bytes(d.bytes()) + ")");
    }

    /** The database's measured cell of the figure's R/R x clients on the published write path (the best). */
    private static Optional<WriteCell> cell(Figure f, Database db) {
        return PublishedComparison.publishedPathCells(db)
                .filter(c -> c.rowsPerRequest() == f.rowsPerRequest() && c.clients() == f.clients())
                .max((x, y) -> Double.compare(x.rowsPerSecond(), y.rowsPerSecond()));
    }

    /** A write cell's rows/s (the figure's unit), and beside report D's cells TSBS's metrics/s when the write step counted them. */
    private static MeasuredFigure write(Figure f, WriteCell c) {
        String metrics = f.firstMetrics() == null ? "" : Double.isNaN(c.metricsPerSecond()) ? " (metrics/s not counted)"
                : String.format(Locale.ROOT, " (%,.0f metrics/s)", c.metricsPerSecond());
        String at = f.measure() == Measure.WRITE_BEST ? " at " + c.rowsPerRequest() + " x " + c.clients() : "";
        String path = c.path() == null ? "" : " (" + c.path() + ")";
        String rows = String.format(Locale.ROOT, "%,.0f rows/s", c.rowsPerSecond());
        return new MeasuredFigure(c.rowsPerSecond(), rows + metrics + at + path);
    }

    /** The clients that ran each query at once, as the manifest records them (1 when it does not); null: no manifest. */
    static Integer queryClients(Database db) {
        Manifest m = db.manifest();
        if (m == null) return null;
        return m.query() == null ? 1 : m.query().clientCount();
    }

    /** " (8 clients)", " (1 client)"; " (clients not recorded)" without a manifest. */
    private static String clientsText(Integer clients) {
        return clients == null ? " (clients not recorded)" : " (" + clients + (clients == 1 ? " client)" : " clients)");
    }

    /** The mean of the medians of the query type's ids ({@code iot.<type>} and {@code iot.<type>.<parameters>}), in seconds. */
    static Optional<Double> meanP50Seconds(Database db, String type) {
        double sum = 0;
        int n = 0;
        for (QueryLatency q : db.queries().values()) {
            if (!ofType(q.id(), type) || !(q.p50() > 0)) continue;
            sum += q.p50();
            n++;
        }
        return n == 0 ? Optional.empty() : Optional.of(sum / n / 1000);
    }

    private static boolean ofType(String queryId, String type) {
        return queryId.equals("iot." + type) || queryId.startsWith("iot." + type + ".");
    }

    /**
     * Why the row is not like for like with its figure ({@link LikeForLike}): a setting taken from
     * elsewhere than the report, a cell the report does not state, each side's rows against the
     * published test's, or, where the report states no rows, a data set not among the scenarios.
     */
    static LikeForLike basis(Figure f, Database a, Database b) {
        LikeForLike basis = new LikeForLike().unless(f.settingFrom());
        if (f.measure() == Measure.WRITE_BEST) {
            basis.unless("report " + f.report().id() + " states no batch size or workers: each one's best cell here");
        }
        if (a == null || b == null) return basis;
        if (f.rows() != null) {
            return clients(basis.rows(a.displayName(), PublishedComparison.rows(a), f.rows())
                    .rows(b.displayName(), PublishedComparison.rows(b), f.secondRowsOrRows()), f, a, b);
        }
        for (Database db : new Database[] {a, b}) {
            String scenario = scenario(db);
            if (scenario == null || !f.scenarios().contains(scenario)) {
                basis.unless(db.displayName() + "'s data set here is " + (scenario == null ? "none" : "not one")
                        + " of the scripts' " + String.join(", ", f.scenarios()));
            }
        }
        return clients(basis, f, a, b);
    }

    /**
     * A query figure measured at its published client count (report C's 8 workers): each side's
     * queries ran on as many clients at once here, else the row is indicative, saying so; latency
     * under one client is not latency under eight.
     */
    private static LikeForLike clients(LikeForLike basis, Figure f, Database a, Database b) {
        if (f.measure() != Measure.QUERY || f.clients() == null) return basis;
        List<String> other = new ArrayList<>();
        for (Database db : new Database[] {a, b}) {
            Integer here = queryClients(db);
            if (here == null || here.intValue() != f.clients()) {
                other.add(db.displayName() + (here == null ? " not recorded" : " " + here));
            }
        }
        if (other.isEmpty()) return basis;
        return basis.unless("query clients here: " + String.join(", ", other) + ", not the " + f.clients()
                + " workers report " + f.report().id() + "'s runs had at once (compare --query-clients " + f.clients() + ")");
    }

    /** The run's report C scenario (iot-1 .. iot-5) as the manifest records it; null when the data set is not one of them. */
    private static String scenario(Database db) {
        return Optional.ofNullable(db.manifest()).map(Manifest::workload).map(WorkloadRecord::trucks)
                .map(WorkloadRecord.Trucks::scale).orElse(null);
    }

    /** The rows each database held here, with its scenario: "TDengine 6,000,000 (iot-2), ...". */
    private static String rowsHere(Database a, Database b) {
        List<String> here = new ArrayList<>();
        for (Database db : new Database[] {a, b}) {
            if (db == null || !db.hasManifest()) continue;
            String scenario = scenario(db);
            here.add(String.format(Locale.ROOT, "%s %,d%s", db.displayName(), PublishedComparison.rows(db),
                    scenario == null ? "" : " (" + scenario + ")"));
        }
        return here.isEmpty() ? "not measured" : String.join(", ", here);
    }

    /** What is particular to one row: its cell, what a database lacks for it, its source, a note. */
    private static List<String> differences(Figure f, Database a, Database b) {
        List<String> d = new ArrayList<>();
        if (f.measure().atCell()) {
            d.add("the cell: batch " + f.rowsPerRequest() + " x " + f.clients()
                    + " workers on both (compare --workload iot --matrix published runs it)");
        }
        for (Database db : new Database[] {a, b}) {
            String lacks = db == null || !db.hasManifest() ? null : lacks(f, db);
            if (lacks != null) d.add(lacks);
        }
        d.add("source: report " + f.report().id() + ", " + f.source());
        if (f.note() != null) d.add(f.note());
        return d;
    }

    /** What a database lacks for the figure (its query, its disk); null: nothing. */
    private static String lacks(Figure f, Database db) {
        String name = db.displayName();
        return switch (f.measure()) {
            case QUERY -> db.absentQueries().stream().anyMatch(q -> ofType(q, f.query()))
                    ? name + " has no " + f.query() + " (absent in its dialect, never faked)" : null;
            case COMPRESSION, DISK -> db.disk().filter(disk -> disk.bytes() > 0).isEmpty()
                    ? name + "'s disk not measured in this run" : null;
            case WRITE_CPU_PER_ROW -> unsampled(f, db, CPU_PER_ROW, "server CPU");
            case WRITE_DISK_PER_ROW -> unsampled(f, db, DISK_WRITE, "server disk writes");
            case LOAD -> db.load().filter(l -> l.verified() && l.rowsPerSecond() > 0).isEmpty()
                    ? name + "'s load not verified in this run" : null;
            case WRITE_CELL, WRITE_BEST -> null;
        };
    }

    /** "InfluxDB's cell has no server CPU sampled (...)" when the database has the cell but not the figure. */
    private static String unsampled(Figure f, Database db, String metric, String what) {
        return cell(f, db).filter(c -> server(c, metric).isEmpty()).map(c -> db.displayName() + "'s cell has no "
                + what + " sampled (the write step samples a server on this machine only)").orElse(null);
    }

    private static String version(Database db, String product, String published) {
        if (db == null || !db.hasManifest()) {
            String why = db == null ? " not in this run" : " version not recorded";
            return product + why + " (published " + published + ")";
        }
        return db.displayName() + " " + db.serverVersion() + " (published " + published + ")";
    }

    private static Double number(JsonNode node, String field, String where) {
        if (!node.hasNonNull(field)) return null;
        double v = node.get(field).asDouble(Double.NaN);
        if (!(v > 0) || Double.isInfinite(v)) throw refused(where, field + " must be a positive number");
        return v;
    }

    private static String required(JsonNode node, String field, String where) {
        return PublishedFigures.required(RESOURCE, node, field, where);
    }

    private static String text(JsonNode node, String field) {
        return PublishedFigures.text(node, field);
    }
}
