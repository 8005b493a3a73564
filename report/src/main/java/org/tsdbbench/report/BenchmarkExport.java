package org.tsdbbench.report;

import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.tsdbbench.report.Further.RangeCell;
import org.tsdbbench.report.RunResults.Database;
import org.tsdbbench.report.RunResults.Metric;
import org.tsdbbench.report.RunResults.QueryLatency;
import org.tsdbbench.report.RunResults.WriteCell;

/**
 * The figures as github-action-benchmark's custom tools read them: an array of
 * {@code {"name", "unit", "value", "range", "extra"}}, one file for {@code customBiggerIsBetter}
 * (write rows/s, range queries/s) and one for {@code customSmallerIsBetter} (query latency in ms,
 * the single-device functions' (q5) among them, the range queries' p50 in ms, and the server's
 * CPU, memory and disk writes during each write cell). Names stay the same from run to run so that
 * the action can follow each figure; failed cells have no entry.
 */
final class BenchmarkExport {

    static final String BIGGER = "benchmark-bigger-is-better.json";
    static final String SMALLER = "benchmark-smaller-is-better.json";

    private BenchmarkExport() {
    }

    /** Writes both files into the folder and returns their paths. */
    static List<Path> write(ReportData data, Path dir) throws IOException {
        ArrayNode bigger = RunResults.JSON.createArrayNode();
        ArrayNode smaller = RunResults.JSON.createArrayNode();
        for (Database db : data.databases()) {
            String version = !db.hasManifest() ? "" : "; server " + db.serverVersion();
            for (WriteCell c : db.writes()) {
                if (!c.measured()) continue;
                String cell = db.displayName() + " write R/R " + c.rowsPerRequest() + " x " + c.clients() + " clients"
                        + (c.path() == null || db.writePaths().size() < 2 ? "" : " " + c.path());
                add(bigger, cell, "rows/s", c.rowsPerSecond(), c.error(),
                        "rows acknowledged per second, JMH mean over iterations, range = 99.9% CI" + version);
                for (String name : Figures.serverMetricNames(c)) {
                    Metric m = c.resources().get(name);
                    String whose = name.startsWith("client.") ? "the client (the benchmark JVM)" : "the server's processes";
                    if (!Double.isNaN(m.score())) add(smaller, cell + " " + name, m.unit(), m.score(), m.error(), whose + " during the cell" + version);
                }
            }
            for (RangeCell c : db.further().range()) {
                String cell = db.displayName() + " range " + c.resultRows() + " rows x " + c.clients() + " clients";
                if (!Double.isNaN(c.queriesPerSecond())) {
                    add(bigger, cell, "queries/s", c.queriesPerSecond(), c.error(), "range queries per second of all clients together, JMH mean, "
                            + "range = 99.9% CI" + version);
                }
                if (!Double.isNaN(c.p50Ms())) {
                    add(smaller, cell + " p50", "ms", c.p50Ms(), Double.NaN, "median range query latency; p99 " + Figures.ms(c.p99Ms()) + " ms" + version);
                }
            }
            for (QueryLatency q : db.queries().values()) {
                if (Double.isNaN(q.mean())) continue;
                add(smaller, db.displayName() + " " + q.id(), "ms", q.mean(), q.meanError(), String.format(Locale.ROOT,
                        "mean latency, range = 99.9%% CI; p50 %s ms, p90 %s ms, p99 %s ms; %d samples%s",
                        Figures.ms(q.p50()), Figures.ms(q.p90()), Figures.ms(q.p99()), q.samples(), version));
            }
        }
        Path big = dir.resolve(BIGGER);
        Path small = dir.resolve(SMALLER);
        RunResults.JSON.writer(SerializationFeature.INDENT_OUTPUT).writeValue(big.toFile(), bigger);
        RunResults.JSON.writer(SerializationFeature.INDENT_OUTPUT).writeValue(small.toFile(), smaller);
        return List.of(big, small);
    }

    private static void add(ArrayNode array, String name, String unit, double value, double error, String extra) {
        ObjectNode e = array.addObject();
        e.put("name", name);
        e.put("unit", unit);
        e.put("value", value);
        if (!Double.isNaN(error)) e.put("range", "± " + Figures.number(error));
        e.put("extra", extra);
    }
}
