package org.tsdbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.tsdbbench.report.RunResults.Database;
import org.tsdbbench.report.RunResults.Disk;
import org.tsdbbench.report.RunResults.QueryLatency;
import org.tsdbbench.report.RunResults.WriteCell;
import org.tsdbbench.results.Manifest;
import org.tsdbbench.results.WorkloadRecord;

/**
 * "Published vs measured" for the IoT trucks: report C's claims (TDengine against TimescaleDB and
 * InfluxDB, ratios only) and report D's figures (CnosDB against InfluxDB per batch x workers,
 * against TimescaleDB), each beside the ratio this run measured of the same two databases, with a
 * verdict only like for like: the same cell, report C's scenarios, a data set no more than
 * {@link Verdict#SCALE_LIMIT} times smaller than report D's; otherwise the row says why it has none.
 * The figures are the project's {@code iot-published-figures.json}, transcribed from spec/iot.md.
 */
final class IotPublishedComparison {

    /** The resource the figures are read from, beside this class. */
    static final String RESOURCE = "iot-published-figures.json";

    /** The section's title for the IoT rows. */
    static final String TITLE = "The IoT trucks (reports C and D)";

    static final String EXPLANATION = "Ratios are the first database's lead over the second (TDengine's in report C, CnosDB's in report D): its "
            + "rows/s over the other's, the other's latency over its own, its compression (raw text over disk) over the other's; above 1 the "
            + "first is ahead. Report C published ratios only (its tables were images), and its write ratios as an upper bound over its five "
            + "scenarios (\"at most\": any lead of TDengine up to twice it holds). A verdict only like for like: report D's write rows at the "
            + "same batch x workers on both databases; report C's on one of its scenarios (--scale iot-N; its queries on iot-1 or iot-2) with "
            + "its load cell (12 workers x 10,000) for the writes; a run more than 10x smaller than report D's data set gives an indicative "
            + "ratio. Otherwise the row says why it has no verdict. Query latencies are the mean of each query type's medians.";

    /** What of a run answers a figure. */
    enum Measure {
        /** Both databases' rows/s at the figure's cell (R/R x clients), on the published write path. */
        WRITE_CELL,
        /** Each database's best cell on the published write path: the report does not state its cell. */
        WRITE_BEST,
        /** The mean of the query type's median latencies (seconds). */
        QUERY,
        /** Raw text bytes over disk bytes after the load. */
        COMPRESSION;

        /** The first's lead given the two figures: rows/s and compression higher is better, latency lower. */
        double lead(double firstFigure, double secondFigure) {
            return this == QUERY ? secondFigure / firstFigure : firstFigure / secondFigure;
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
     * ratio beside it, whether it is an upper bound, the cell, the query type, the scenarios a verdict
     * needs, the published rows, the published setting (machine and limits), the source and a note.
     */
    record Figure(String id, Report report, Measure measure, String first, String firstProduct, String firstVersion, String second,
                  String secondProduct, String secondVersion, Double firstValue, Double secondValue, Double firstMetrics, Double secondMetrics,
                  double ratio, String reportRatioText, boolean atMost, Integer rowsPerRequest, Integer clients, String query, List<String> scenarios,
                  Long rows, String setting, String published, String source, String note) {
        Figure {
            scenarios = List.copyOf(scenarios);
        }

        /** The published figures as the row says them. */
        String publishedText() {
            if (published != null) return published;
            return firstProduct + " " + publishedFormat(firstValue) + (firstMetrics == null ? "" : String.format(Locale.ROOT, " (%,.2f metrics/s)", firstMetrics))
                    + " / " + secondProduct + " " + publishedFormat(secondValue)
                    + (secondMetrics == null ? "" : String.format(Locale.ROOT, " (%,.2f metrics/s)", secondMetrics));
        }

        /** A published figure in the measure's unit, to the digits the report gave. */
        String publishedFormat(double v) {
            String digits = java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
            return switch (measure) {
                case WRITE_CELL, WRITE_BEST -> String.format(Locale.ROOT, "%,.2f rows/s", v);
                case QUERY -> digits + " s";
                case COMPRESSION -> digits + "x";
            };
        }

        /** The first's lead given the two figures: rows/s and compression higher is better, latency lower. */
        double lead(double firstFigure, double secondFigure) {
            return measure.lead(firstFigure, secondFigure);
        }
    }

    /**
     * One row: the figure, what this run measured of the two (empty: not measured), the measured
     * ratio (NaN: not measured), the verdict (null: none, {@code noVerdict} says why) and the
     * published setting and differences beside it.
     */
    record Row(Figure figure, String firstName, String secondName, Optional<Measured> firstMeasured, Optional<Measured> secondMeasured,
               double measuredRatio, Verdict verdict, String noVerdict, long scaleDown, List<String> differences) {
        Row {
            differences = List.copyOf(differences);
        }

        String label() {
            Figure f = figure;
            return switch (f.measure()) {
                case WRITE_CELL -> "write, batch " + f.rowsPerRequest() + " x " + f.clients() + " workers";
                case WRITE_BEST -> "write, best cells";
                case QUERY -> "query " + f.query();
                case COMPRESSION -> "disk: compression";
            };
        }

        String vs() {
            return firstName + " vs " + secondName + " (report " + figure.report().id() + ")";
        }

        String publishedRatioText() {
            // a ratio the report gave itself as it gave it ("at most 3.3x"), one computed from its figures as the section's others
            String r = (figure.atMost() ? "at most " : "") + (figure.firstValue() == null || figure.secondValue() == null
                    ? java.math.BigDecimal.valueOf(figure.ratio()).stripTrailingZeros().toPlainString() + "x" : PublishedComparison.ratio(figure.ratio()));
            return r + (figure.reportRatioText() == null ? "" : " (" + figure.reportRatioText() + ")");
        }

        String measured() {
            return firstMeasured.map(m -> m.text()).orElse("not measured") + " / " + secondMeasured.map(m -> m.text()).orElse("not measured");
        }

        String measuredRatioText() {
            return Double.isNaN(measuredRatio) ? "not measured" : PublishedComparison.ratio(measuredRatio);
        }

        String verdictText() {
            if (verdict == null) return "no verdict: " + noVerdict;
            if (verdict == Verdict.INDICATIVE) return "indicative (scale 1/" + String.format(Locale.ROOT, "%,d", scaleDown) + ")";
            return verdict.toString();
        }
    }

    /** A figure of this run, in the figure's unit, with the text the row shows (the cell it came from for a write). */
    record Measured(double value, String text) {
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

    /** Reads and checks the tree: every figure has its report, two databases, a positive ratio (given or from its figures), its source. */
    static IotPublishedComparison parse(JsonNode root) {
        Map<String, Report> reports = new LinkedHashMap<>();
        for (JsonNode r : root.path("reports")) {
            String id = required(r, "id", "a report");
            reports.put(id, new Report(id, required(r, "title", "report " + id), required(r, "hardware", "report " + id), required(r, "scale", "report " + id)));
        }
        List<Figure> figures = new ArrayList<>();
        for (JsonNode f : root.path("figures")) {
            String id = required(f, "id", "a figure");
            Report report = reports.get(required(f, "report", id));
            if (report == null) throw new IllegalArgumentException(RESOURCE + ": " + id + ": no report " + f.path("report").asText());
            Measure measure = Measure.valueOf(required(f, "measure", id).replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT));
            Double firstValue = number(f, "firstValue", id);
            Double secondValue = number(f, "secondValue", id);
            Double given = number(f, "ratio", id);
            Integer rpr = f.hasNonNull("rowsPerRequest") ? f.get("rowsPerRequest").asInt() : null;
            Integer clients = f.hasNonNull("clients") ? f.get("clients").asInt() : null;
            if (measure == Measure.WRITE_CELL && (rpr == null || clients == null)) throw new IllegalArgumentException(RESOURCE + ": " + id + ": a cell's figure names its cell");
            String query = text(f, "query");
            if (measure == Measure.QUERY && query == null) throw new IllegalArgumentException(RESOURCE + ": " + id + ": a query's figure names its query");
            List<String> scenarios = new ArrayList<>();
            for (JsonNode s : f.path("scenarios")) scenarios.add(s.asText());
            double ratio;
            String reportRatioText = text(f, "ratioText");
            if (firstValue != null && secondValue != null) {
                ratio = measure.lead(firstValue, secondValue);
                // the report's own rounded ratio beside the one its figures give
                if (given != null && reportRatioText == null) reportRatioText = "the page: " + Figures.number(given);
            } else if (given != null) {
                ratio = given;
            } else {
                throw new IllegalArgumentException(RESOURCE + ": " + id + ": neither both figures nor a ratio");
            }
            String published = text(f, "published");
            if (published == null && (firstValue == null || secondValue == null)) {
                throw new IllegalArgumentException(RESOURCE + ": " + id + ": a figure without both values says what was published");
            }
            figures.add(new Figure(id, report, measure, required(f, "first", id), required(f, "firstProduct", id), required(f, "firstVersion", id),
                    required(f, "second", id), required(f, "secondProduct", id), required(f, "secondVersion", id), firstValue, secondValue,
                    number(f, "firstMetrics", id), number(f, "secondMetrics", id), ratio, reportRatioText, f.path("atMost").asBoolean(false), rpr, clients,
                    query, scenarios, f.hasNonNull("rows") ? f.get("rows").asLong() : null,
                    text(f, "setting") == null ? report.hardware() : text(f, "setting"), published, required(f, "source", id), text(f, "note")));
        }
        return new IotPublishedComparison(new ArrayList<>(reports.values()), figures);
    }

    List<Report> reports() {
        return reports;
    }

    List<Figure> figures() {
        return figures;
    }

    /** The reports, one line each: "Report C: title; hardware; scale". */
    List<String> sources() {
        return reports.stream().map(r -> "Report " + r.id() + ": " + r.title() + "; " + r.hardware() + "; scale: " + r.scale()).toList();
    }

    /** The rows for the IoT databases of the run (the first column of a database given more than once). */
    List<Row> rows(List<Database> databases) {
        Map<String, Database> byName = new LinkedHashMap<>();
        for (Database db : databases) if (Figures.iot(db)) byName.putIfAbsent(db.name(), db);
        List<Row> rows = new ArrayList<>();
        for (Figure f : figures) {
            Database a = byName.get(f.first());
            Database b = byName.get(f.second());
            Optional<Measured> am = a == null ? Optional.empty() : measure(f, a);
            Optional<Measured> bm = b == null ? Optional.empty() : measure(f, b);
            double ratio = am.isPresent() && bm.isPresent() ? f.lead(am.get().value(), bm.get().value()) : Double.NaN;
            long scaleDown = scaleDown(f, a, b);
            String noVerdict = Double.isNaN(ratio) ? null : noVerdict(f, a, b);
            Verdict verdict = noVerdict != null ? null : Verdict.of(f.ratio(), ratio, scaleDown);
            // an upper bound: a smaller lead of the same side is within it
            if (f.atMost() && verdict == Verdict.SMALLER) verdict = Verdict.HOLDS;
            rows.add(new Row(f, name(a, f.firstProduct()), name(b, f.secondProduct()), am, bm, ratio, verdict, noVerdict, scaleDown,
                    differences(f, a, b, Double.isNaN(ratio) ? 0 : scaleDown)));
        }
        return rows;
    }

    private static String name(Database db, String product) {
        return db != null && db.hasManifest() ? db.displayName() : product;
    }

    /** This run's figure of one database for the figure; empty when it was not measured. */
    static Optional<Measured> measure(Figure f, Database db) {
        return switch (f.measure()) {
            case WRITE_CELL -> PublishedComparison.publishedPathCells(db).filter(c -> c.rowsPerRequest() == f.rowsPerRequest() && c.clients() == f.clients())
                    .max((x, y) -> Double.compare(x.rowsPerSecond(), y.rowsPerSecond())).map(c -> write(f, c));
            case WRITE_BEST -> PublishedComparison.bestOnPublishedPath(db).map(c -> write(f, c));
            case QUERY -> meanP50Seconds(db, f.query()).map(s -> new Measured(s, s >= 1 ? Figures.number(s) + " s" : Figures.ms(s * 1000) + " ms"));
            case COMPRESSION -> db.disk().filter(d -> d.bytes() > 0 && d.rawTextBytes() > 0)
                    .map(d -> new Measured((double) d.rawTextBytes() / d.bytes(), Figures.number((double) d.rawTextBytes() / d.bytes()) + "x ("
                            + Figures.bytes(d.rawTextBytes()) + " of text in " + Figures.bytes(d.bytes()) + ")"));
        };
    }

    /** A write cell's rows/s (the figure's unit), and beside report D's cells TSBS's metrics/s when the write step counted them. */
    private static Measured write(Figure f, WriteCell c) {
        String metrics = f.firstMetrics() == null ? "" : Double.isNaN(c.metricsPerSecond()) ? " (metrics/s not counted)"
                : String.format(Locale.ROOT, " (%,.0f metrics/s)", c.metricsPerSecond());
        return new Measured(c.rowsPerSecond(), String.format(Locale.ROOT, "%,.0f rows/s", c.rowsPerSecond()) + metrics
                + (f.measure() == Measure.WRITE_BEST ? " at " + c.rowsPerRequest() + " x " + c.clients() : "") + (c.path() == null ? "" : " (" + c.path() + ")"));
    }

    /** The mean of the medians of the query type's ids ({@code iot.<type>} and {@code iot.<type>.<parameters>}), in seconds. */
    static Optional<Double> meanP50Seconds(Database db, String type) {
        double sum = 0;
        int n = 0;
        for (QueryLatency q : db.queries().values()) {
            boolean ofType = q.id().equals("iot." + type) || q.id().startsWith("iot." + type + ".");
            if (!ofType || !(q.p50() > 0)) continue;
            sum += q.p50();
            n++;
        }
        return n == 0 ? Optional.empty() : Optional.of(sum / n / 1000);
    }

    /** Why the two measured figures are not like for like with the published ones; null when they are. */
    static String noVerdict(Figure f, Database a, Database b) {
        if (!f.scenarios().isEmpty()) {
            for (Database db : new Database[] {a, b}) {
                String scenario = scenario(db);
                if (scenario == null || !f.scenarios().contains(scenario)) {
                    return "report C's " + (f.measure() == Measure.QUERY ? "queries ran" : "writes ran") + " on " + String.join(", ", f.scenarios())
                            + "; " + db.displayName() + "'s data set here is " + (scenario == null ? "none of them" : scenario);
                }
            }
        }
        return null;
    }

    /** The run's report C scenario (iot-1 .. iot-5) as the manifest records it; null when the data set is not one of them. */
    private static String scenario(Database db) {
        return Optional.ofNullable(db.manifest()).map(Manifest::workload).map(WorkloadRecord::trucks).map(WorkloadRecord.Trucks::scale).orElse(null);
    }

    /** How many times fewer rows this run held than report D's test (0: not known, or a report C figure, whose verdict needs its scenario). */
    static long scaleDown(Figure f, Database a, Database b) {
        if (f.rows() == null || a == null || b == null) return 0;
        long here = Math.min(PublishedComparison.rows(a), PublishedComparison.rows(b));
        return here <= 0 ? 0 : Math.max(1, Math.round((double) f.rows() / here));
    }

    /** What to read the row by: the published setting, versions, scale (and the scale note when a measured ratio is indicative), cell, absences. */
    private static List<String> differences(Figure f, Database a, Database b, long scaleDown) {
        List<String> d = new ArrayList<>();
        d.add("published setting: " + f.setting());
        d.add("versions: " + version(a, f.firstProduct(), f.firstVersion()) + ", " + version(b, f.secondProduct(), f.secondVersion()));
        List<String> here = new ArrayList<>();
        for (Database db : new Database[] {a, b}) {
            if (db == null || !db.hasManifest()) continue;
            String scenario = scenario(db);
            here.add(String.format(Locale.ROOT, "%s %,d rows%s", db.displayName(), PublishedComparison.rows(db), scenario == null ? "" : " (" + scenario + ")"));
        }
        d.add("scale: " + (here.isEmpty() ? "not measured" : String.join(", ", here)) + " (published: "
                + (f.rows() != null ? String.format(Locale.ROOT, "%,d rows", f.rows()) : f.report().scale()) + ")");
        if (scaleDown > Verdict.SCALE_LIMIT) {
            d.add(String.format(Locale.ROOT, "indicative: this run held 1/%,d of the published rows (no verdict past 1/%.0f)", scaleDown, Verdict.SCALE_LIMIT));
        }
        if (f.measure() == Measure.WRITE_CELL) {
            d.add("the cell: batch " + f.rowsPerRequest() + " x " + f.clients() + " workers on both (compare --workload iot --matrix published runs it)");
        }
        if (f.measure() == Measure.QUERY) {
            for (Database db : new Database[] {a, b}) {
                if (db != null && db.absentQueries().stream().anyMatch(q -> q.equals("iot." + f.query()) || q.startsWith("iot." + f.query() + "."))) {
                    d.add(db.displayName() + " has no " + f.query() + " (absent in its dialect, never faked)");
                }
            }
        }
        if (f.measure() == Measure.COMPRESSION) {
            for (Database db : new Database[] {a, b}) {
                Disk disk = db == null ? null : db.disk().orElse(null);
                if (db != null && db.hasManifest() && (disk == null || disk.bytes() <= 0)) d.add(db.displayName() + "'s disk not measured in this run");
            }
        }
        d.add("source: report " + f.report().id() + ", " + f.source());
        if (f.note() != null) d.add(f.note());
        return d;
    }

    private static String version(Database db, String product, String published) {
        if (db == null || !db.hasManifest()) return product + (db == null ? " not in this run" : " version not recorded") + " (published " + published + ")";
        return db.displayName() + " " + db.serverVersion() + " (published " + published + ")";
    }

    private static Double number(JsonNode node, String field, String where) {
        if (!node.hasNonNull(field)) return null;
        double v = node.get(field).asDouble(Double.NaN);
        if (!(v > 0) || Double.isInfinite(v)) throw new IllegalArgumentException(RESOURCE + ": " + where + ": " + field + " must be a positive number");
        return v;
    }

    private static String required(JsonNode node, String field, String where) {
        return PublishedFigures.required(RESOURCE, node, field, where);
    }

    private static String text(JsonNode node, String field) {
        return PublishedFigures.text(node, field);
    }
}
