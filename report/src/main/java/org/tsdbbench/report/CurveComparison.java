package org.tsdbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import org.tsdbbench.report.Further.RangeCell;
import org.tsdbbench.report.RunResults.Database;

/**
 * Report A's TDengine-only curves (4.5 queries by clients, 4.6 queries by result rows) beside the run's
 * range cells, as ratios between two points of one curve; absolute figures do not carry across machines.
 */
final class CurveComparison {

    /** What every curve row shares, said once above them. */
    static final String NOTE = "Report A's TDengine-only curves (sections 4.5, 4.6) as ratios between two"
            + " points of one curve, beside the same ratio of this run's range cells (TDengine). Indicative only:"
            + " the published table (100 M / 50 M rows), machine (8-core VM) and version differ from the run's;"
            + " a cell the run did not measure has no row.";

    /** One published point: its x (clients or result rows), queries/s and latency in ms. */
    record Point(int x, double queriesPerSecond, double latencyMs) {
    }

    /** One published curve: by clients ({@code fixedClients} null) or by result rows at a fixed client count. */
    record Curve(String id, String title, Integer fixedClients, List<Point> points, String claim) {
        Optional<Point> at(int x) {
            return points.stream().filter(p -> p.x() == x).findFirst();
        }
    }

    /** One row: a ratio of two points, published and measured, and why it stays indicative. */
    record Row(String label, String published, String publishedRatio, String measured, String measuredRatio,
               String verdict, String differences) {
    }

    private final List<Curve> curves;

    private CurveComparison(List<Curve> curves) {
        this.curves = List.copyOf(curves);
    }

    /** The curves shipped with the report, from the {@code curves} of {@code published-figures.json}. */
    static CurveComparison load() {
        return parse(PublishedFigures.resource(PublishedFigures.RESOURCE));
    }

    static CurveComparison parse(JsonNode root) {
        List<Curve> curves = new ArrayList<>();
        String file = PublishedFigures.RESOURCE;
        for (JsonNode c : root.path("curves")) {
            String id = PublishedFigures.required(file, c, "id", "a curve");
            List<Point> points = new ArrayList<>();
            for (JsonNode p : c.path("points")) {
                Point point = new Point(p.path("x").asInt(0), p.path("queriesPerSecond").asDouble(0),
                        p.path("latencyMs").asDouble(0));
                if (point.x() <= 0 || !(point.queriesPerSecond() > 0) || !(point.latencyMs() > 0)) {
                    throw new IllegalArgumentException(file + ": curve " + id
                            + ": a point needs positive x, queries/s and latency");
                }
                points.add(point);
            }
            if (points.size() < 2) throw new IllegalArgumentException(file + ": curve " + id + ": fewer than 2 points");
            curves.add(new Curve(id, PublishedFigures.required(file, c, "title", "curve " + id),
                    c.hasNonNull("fixedClients") ? c.get("fixedClients").asInt() : null, points,
                    PublishedFigures.text(c, "claim")));
        }
        return new CurveComparison(curves);
    }

    List<Curve> curves() {
        return curves;
    }

    /** The rows of the run's TDengine range cells; none without TDengine or its range step. */
    List<Row> rows(List<Database> dbs) {
        List<Row> rows = new ArrayList<>();
        for (Database db : dbs) {
            // the measured side comes from the run's manifest only, never from JMH files read alone
            boolean fromManifest = db.manifest() != null && db.further() != null;
            if (!db.name().equals(PublishedComparison.TDENGINE) || !fromManifest) continue;
            List<RangeCell> cells = db.further().range();
            if (cells.isEmpty()) continue;
            for (Curve c : curves) {
                if (c.fixedClients() == null) byClients(rows, c, cells);
                else byRows(rows, c, cells);
            }
        }
        return rows;
    }

    private static void byClients(List<Row> rows, Curve c, List<RangeCell> cells) {
        int smallest = cells.stream().mapToInt(RangeCell::resultRows).min().orElseThrow();
        Point base = c.points().get(0);
        Optional<RangeCell> measuredBase = cell(cells, base.x(), smallest);
        if (measuredBase.isEmpty()) return;
        for (int clients : new TreeSet<>(cells.stream().map(RangeCell::clients).toList())) {
            if (clients == base.x()) continue;
            Optional<Point> p = c.at(clients);
            Optional<RangeCell> m = cell(cells, clients, smallest);
            if (p.isEmpty() || m.isEmpty()) continue;
            String label = c.title() + ": " + clients + " clients over " + base.x();
            String diff = "run: " + smallest + " result rows at each client count; published table 100 M rows";
            add(rows, label, p.get(), base, m.get(), measuredBase.get(), diff);
        }
    }

    private static void byRows(List<Row> rows, Curve c, List<RangeCell> cells) {
        Point base = c.points().get(0);
        for (int clients : new TreeSet<>(cells.stream().map(RangeCell::clients).toList())) {
            Optional<RangeCell> measuredBase = cell(cells, clients, base.x());
            if (measuredBase.isEmpty()) continue;
            for (int resultRows : new TreeSet<>(cells.stream().map(RangeCell::resultRows).toList())) {
                if (resultRows == base.x()) continue;
                Optional<Point> p = c.at(resultRows);
                Optional<RangeCell> m = cell(cells, clients, resultRows);
                if (p.isEmpty() || m.isEmpty()) continue;
                String label = c.title() + ": " + resultRows + " rows over " + base.x();
                String diff = "run: " + clients + " client(s), published " + c.fixedClients() + " on a 50 M-row table"
                        + (c.claim() == null ? "" : "; the report: " + c.claim());
                add(rows, label, p.get(), base, m.get(), measuredBase.get(), diff);
            }
        }
    }

    private static void add(List<Row> rows, String label, Point p, Point base, RangeCell m, RangeCell mBase,
                            String diff) {
        String verdict = "indicative: a curve's ratio at another scale and machine";
        rows.add(new Row(label + ", queries/s",
                queriesPerSecond(p.queriesPerSecond(), base.queriesPerSecond()),
                PublishedComparison.ratio(p.queriesPerSecond() / base.queriesPerSecond()),
                queriesPerSecond(m.queriesPerSecond(), mBase.queriesPerSecond()),
                measuredRatio(m.queriesPerSecond(), mBase.queriesPerSecond()), verdict, diff));
        rows.add(new Row(label + ", latency (p50 ms)", p.latencyMs() + " / " + base.latencyMs(),
                PublishedComparison.ratio(p.latencyMs() / base.latencyMs()),
                String.format(Locale.ROOT, "%.3f / %.3f", m.p50Ms(), mBase.p50Ms()),
                measuredRatio(m.p50Ms(), mBase.p50Ms()), verdict, diff));
    }

    /** "5,408 / 2,008": a point's queries/s over its base's, as the report writes queries/s. */
    private static String queriesPerSecond(double value, double base) {
        return Figures.queriesPerSecond(value) + " / " + Figures.queriesPerSecond(base);
    }

    private static String measuredRatio(double value, double base) {
        boolean both = value > 0 && base > 0 && Double.isFinite(value) && Double.isFinite(base);
        return both ? PublishedComparison.ratio(value / base) : "not measured";
    }

    private static Optional<RangeCell> cell(List<RangeCell> cells, int clients, int resultRows) {
        return cells.stream().filter(r -> r.clients() == clients && r.resultRows() == resultRows).findFirst();
    }
}
