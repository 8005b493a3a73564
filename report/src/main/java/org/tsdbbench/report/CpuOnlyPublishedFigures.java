package org.tsdbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Report D's CnosDB vs OpenTSDB figures on DevOps cpu data, as the project's
 * {@code cpu-only-published-figures.json} transcribes them from spec/iot.md: each figure with its
 * source line; a figure without its source or a positive value is refused, never used.
 */
final class CpuOnlyPublishedFigures {

    /** The resource the figures are read from, beside this class. */
    static final String RESOURCE = "cpu-only-published-figures.json";

    /** What of a run answers a figure, and which way is better. */
    enum Measure {
        /** The load step's metrics/s (TSBS's points: ten a row); report D's unit is unstated (points/s likely). */
        WRITE(false),
        /** The p50 in ms of minute-max-first-10 over the data set's whole span (report D's 5 months of 5). */
        QUERY_WHOLE_SPAN(true),
        /** The p50 in ms of minute-max-first-10 over the first two fifths of the span (report D's 2 months of 5). */
        QUERY_TWO_FIFTHS(true),
        /** Bytes on disk after the load (published in GB). */
        DISK(true),
        /** Raw text bytes over disk bytes after the load. */
        COMPRESSION(false);

        private final boolean lowerIsBetter;

        Measure(boolean lowerIsBetter) {
            this.lowerIsBetter = lowerIsBetter;
        }

        /** CnosDB's lead given the two figures: above 1, CnosDB ahead. */
        double lead(double first, double second) {
            return lowerIsBetter ? second / first : first / second;
        }
    }

    /** Where the figures were measured: the servers' cores, the data set and its points. */
    record Report(String id, String title, String hardware, int cores, String scale, long points) {
    }

    /** One of the two databases: its module's name, its product and the version report D ran. */
    record Side(String module, String product, String version) {
    }

    /**
     * One published test: CnosDB's and OpenTSDB's figures in the measure's unit, the setting it was
     * measured on where the report gives two (8C32G), the figures as published, why it stays
     * indicative whatever the scale (null: nothing of its own), and the spec's line it comes from.
     */
    record Figure(String id, Measure measure, String setting, double firstValue, double secondValue,
                  String published, String caveat, String source) {

        /** CnosDB's published lead over OpenTSDB. */
        double ratio() {
            return measure.lead(firstValue, secondValue);
        }
    }

    private final Report report;
    private final Side first;
    private final Side second;
    private final List<Figure> figures;

    private CpuOnlyPublishedFigures(Report report, Side first, Side second, List<Figure> figures) {
        this.report = report;
        this.first = first;
        this.second = second;
        this.figures = List.copyOf(figures);
    }

    /** The figures shipped with the report. */
    static CpuOnlyPublishedFigures load() {
        return parse(PublishedFigures.resource(RESOURCE));
    }

    /** Reads and checks the tree: the report, the two sides, every figure's measure, two positive values and source. */
    static CpuOnlyPublishedFigures parse(JsonNode root) {
        JsonNode r = root.path("report");
        Report report = new Report(required(r, "id", "the report"), required(r, "title", "the report"),
                required(r, "hardware", "the report"), positive(r, "cores", "the report").intValue(),
                required(r, "scale", "the report"), positive(r, "points", "the report").longValue());
        List<Figure> figures = new ArrayList<>();
        for (JsonNode f : root.path("figures")) {
            String id = required(f, "id", "a figure");
            String measure = required(f, "measure", id).replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
            figures.add(new Figure(id, Measure.valueOf(measure), PublishedFigures.text(f, "setting"),
                    positive(f, "firstValue", id).doubleValue(), positive(f, "secondValue", id).doubleValue(),
                    required(f, "published", id), PublishedFigures.text(f, "caveat"), required(f, "source", id)));
        }
        if (figures.isEmpty()) throw new IllegalArgumentException(RESOURCE + ": no figures");
        return new CpuOnlyPublishedFigures(report, side(root.path("first"), "first"),
                side(root.path("second"), "second"), figures);
    }

    Report report() {
        return report;
    }

    Side first() {
        return first;
    }

    Side second() {
        return second;
    }

    List<Figure> figures() {
        return figures;
    }

    private static Side side(JsonNode node, String where) {
        return new Side(required(node, "module", where), required(node, "product", where),
                required(node, "version", where));
    }

    private static Number positive(JsonNode node, String field, String where) {
        double v = node.path(field).asDouble(Double.NaN);
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(RESOURCE + ": " + where + ": " + field + " must be a positive number");
        }
        return node.get(field).numberValue();
    }

    private static String required(JsonNode node, String field, String where) {
        return PublishedFigures.required(RESOURCE, node, field, where);
    }
}
