package org.tsdbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The figures of the published reports (the project's {@code published-figures.json}, transcribed
 * from the spec's published.md): each with the report, hardware, scale, database version and
 * write cell it comes from. Read once; a figure without its source is refused, never used.
 */
final class PublishedFigures {

    /** The resource the report reads, beside this class. */
    static final String RESOURCE = "published-figures.json";

    /** One published report: where its figures were measured. A null scale or server-core count is one the report does not state or did not limit. */
    record Report(String id, String title, String hardware, int machineCores, Integer serverCores, String serverCoresNote,
                  Long scaleRows, String scale) {
    }

    /**
     * One published figure in the test's unit (rows/s, s, bytes, % of a core, % of RAM), with its
     * text as published, the report and place in it, the database's version, the write cell (R/R,
     * clients) or, for a read, the clients; the rows the test used for this database where the
     * report states them apart from its scale (read back in 3.3, written in 3.5, queried in 3.6);
     * on the other database's figure, the report's own summary ratio of the test (its words beside
     * it); absent fields are null.
     */
    record Figure(String test, String database, String product, String version, double value, String unit, String published,
                  Report report, String source, Integer rowsPerRequest, Integer clients, String note, Double reportRatio,
                  String reportRatioText, Long rows) {
    }

    private final List<Report> reports;
    private final List<Figure> figures;

    private PublishedFigures(List<Report> reports, List<Figure> figures) {
        this.reports = List.copyOf(reports);
        this.figures = List.copyOf(figures);
    }

    /** The figures shipped with the report. */
    static PublishedFigures load() {
        return parse(resource(RESOURCE));
    }

    /** A JSON file of the report's resources, beside this class (the devices' and the IoT trucks' figures); missing or bad, an error naming it. */
    static JsonNode resource(String name) {
        try (InputStream in = PublishedFigures.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException(name + " is missing from the report's resources");
            return RunResults.JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(name + ": " + e.getMessage(), e);
        }
    }

    /** Reads and checks the file's tree: every figure names a known test, its report, its source and version, and the unit of its test. */
    static PublishedFigures parse(JsonNode root) {
        Map<String, Report> reports = new LinkedHashMap<>();
        for (JsonNode r : root.path("reports")) {
            String id = required(r, "id", "a report");
            reports.put(id, new Report(id, required(r, "title", "report " + id), required(r, "hardware", "report " + id),
                    r.path("machineCores").asInt(0), r.hasNonNull("serverCores") ? r.get("serverCores").asInt() : null,
                    text(r, "serverCoresNote"), r.hasNonNull("scaleRows") ? r.get("scaleRows").asLong() : null, required(r, "scale", "report " + id)));
        }
        List<Figure> figures = new ArrayList<>();
        int index = 0;
        for (JsonNode f : root.path("figures")) {
            String at = "figure " + index++;
            String testId = required(f, "test", at);
            PublishedComparison.Test test = PublishedComparison.Test.byId(testId)
                    .orElseThrow(() -> new IllegalArgumentException(RESOURCE + ": " + at + ": unknown test " + testId));
            String database = required(f, "database", at);
            String where = at + " (" + testId + ", " + database + ")";
            String reportId = required(f, "report", where);
            Report report = reports.get(reportId);
            if (report == null) throw new IllegalArgumentException(RESOURCE + ": " + where + ": no report " + reportId);
            double value = f.path("value").asDouble(Double.NaN);
            if (!(value > 0) || Double.isInfinite(value)) throw new IllegalArgumentException(RESOURCE + ": " + where + ": value must be a positive number");
            String unit = required(f, "unit", where);
            if (!unit.equals(test.unit())) throw new IllegalArgumentException(RESOURCE + ": " + where + ": unit " + unit + ", the test's is " + test.unit());
            Integer rpr = f.hasNonNull("rowsPerRequest") ? f.get("rowsPerRequest").asInt() : null;
            Integer clients = f.hasNonNull("clients") ? f.get("clients").asInt() : null;
            if (test.isWrite() && (rpr == null || clients == null)) {
                throw new IllegalArgumentException(RESOURCE + ": " + where + ": a write figure names its cell (rowsPerRequest, clients)");
            }
            Double reportRatio = f.hasNonNull("reportRatio") ? f.get("reportRatio").asDouble() : null;
            if (reportRatio != null && (!(reportRatio > 0) || text(f, "reportRatioText") == null)) {
                throw new IllegalArgumentException(RESOURCE + ": " + where + ": a reportRatio is positive and has its reportRatioText");
            }
            figures.add(new Figure(testId, database, required(f, "product", where), required(f, "version", where), value, unit,
                    required(f, "published", where), report, required(f, "source", where), rpr, clients, text(f, "note"), reportRatio,
                    text(f, "reportRatioText"), f.hasNonNull("rows") ? f.get("rows").asLong() : null));
        }
        for (PublishedComparison.Test t : PublishedComparison.Test.values()) {
            if (figures.stream().noneMatch(f -> f.test().equals(t.id()) && f.database().equals(PublishedComparison.TDENGINE))) {
                throw new IllegalArgumentException(RESOURCE + ": test " + t.id() + " has no TDengine figure to compare with");
            }
        }
        return new PublishedFigures(new ArrayList<>(reports.values()), figures);
    }

    List<Report> reports() {
        return reports;
    }

    List<Figure> figures() {
        return figures;
    }

    /** The figure of one test and database, if the reports published one. */
    Optional<Figure> figure(String test, String database) {
        return figures.stream().filter(f -> f.test().equals(test) && f.database().equals(database)).findFirst();
    }

    private static String required(JsonNode node, String field, String where) {
        return required(RESOURCE, node, field, where);
    }

    /** A text field a figure cannot go without: absent or blank, an error naming the file, the figure and the field. */
    static String required(String resource, JsonNode node, String field, String where) {
        String v = text(node, field);
        if (v == null || v.isBlank()) throw new IllegalArgumentException(resource + ": " + where + ": no " + field);
        return v;
    }

    static String text(JsonNode node, String field) {
        return node.hasNonNull(field) ? node.get(field).asText() : null;
    }
}
