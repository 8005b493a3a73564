package org.tsdbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.tsdbbench.report.RunResults.Database;
import org.tsdbbench.report.RunResults.QueryLatency;

/**
 * The further tests' figures as plain tables, rendered alike by the Markdown and the HTML report:
 * single-device functions (q5 p50 per database, "absent" where the database lacks the function),
 * concurrent range queries, volume growth, mixed load and fixed-rate writes. Apart from q5 (JMH's
 * query JSON) they come from the manifests, where each step wrote what JMH measured; a database
 * without a test's figures is left out, a test nobody ran gives no table.
 */
final class FurtherTables {

    /** A table: its element id, title, column names and rows of cells. */
    record Table(String id, String title, List<String> header, List<List<String>> rows) {
    }

    static final List<String> DEVICE_FUNCTIONS = List.of("count", "avg", "sum", "max", "min", "first", "last", "stddev", "percentile");

    private FurtherTables() {
    }

    static List<Table> all(List<Database> dbs) {
        List<Table> tables = new ArrayList<>();
        deviceFunctions(dbs).ifPresent(tables::add);
        perDatabase(dbs, "range", "Concurrent range queries on one random device (answers checked)",
                List.of("database", "clients", "rows per query", "queries/s", "p50 ms", "p99 ms"),
                (db, c) -> List.of(db.displayName(), c.path("clients").asText(), c.path("resultRows").asText(),
                        number(c.path("queriesPerSecond")), ms(c.path("p50Ms")), ms(c.path("p99Ms")))).ifPresent(tables::add);
        perDatabase(dbs, "volume", "Volume growth: one block written and read back at a time (reads checked)",
                List.of("database", "rows stored", "write rows/s", "ms per write request", "read rows/s", "read ms"),
                (db, c) -> List.of(db.displayName(), number(c.path("storedRowsBefore")), number(c.path("writeRowsPerSecond")),
                        ms(c.path("writeRequestMillis")), number(c.path("readRowsPerSecond")), ms(c.path("readMillis")))).ifPresent(tables::add);
        perDatabase(dbs, "mixed", "Mixed load: writers and readers together, against each alone (answers checked)",
                List.of("database", "run", "write rows/s", "write p50 ms", "write p99 ms", "query p50 ms", "query p99 ms"),
                (db, c) -> List.of(db.displayName(), c.path("run").asText(), number(c.path("writeRowsPerSecond")), ms(c.path("writeP50Ms")),
                        ms(c.path("writeP99Ms")), ms(c.path("queryP50Ms")), ms(c.path("queryP99Ms")))).ifPresent(tables::add);
        perDatabase(dbs, "fixedRate", "Fixed-rate writes: latency from each request's intended start",
                List.of("database", "R/R", "clients", "target rows/s", "achieved rows/s", "p50 ms", "p99 ms", "max ms", "verdict"),
                (db, c) -> List.of(db.displayName(), c.path("rowsPerRequest").asText(), c.path("clients").asText(),
                        number(c.path("targetRowsPerSecond")), number(c.path("achievedRowsPerSecond")),
                        ms(c.path("latencyFromIntendedStartMs").path("p50")), ms(c.path("latencyFromIntendedStartMs").path("p99")),
                        ms(c.path("latencyFromIntendedStartMs").path("max")),
                        c.has("failure") ? "failed: " + c.path("failure").asText() : c.path("keptUp").asBoolean() ? "kept up" : "fell behind"))
                .ifPresent(tables::add);
        return tables;
    }

    /** q5: one row per function, one column per database with any q5 figure or absence. */
    static Optional<Table> deviceFunctions(List<Database> dbs) {
        List<Database> with = dbs.stream().filter(db -> db.queries().keySet().stream().anyMatch(id -> id.startsWith("q5."))).toList();
        if (with.isEmpty()) return Optional.empty();
        List<String> header = new ArrayList<>(List.of("function (device 1), p50 ms"));
        with.forEach(db -> header.add(db.displayName()));
        List<List<String>> rows = new ArrayList<>();
        for (String fn : DEVICE_FUNCTIONS) {
            List<String> row = new ArrayList<>(List.of(fn.equals("percentile") ? "percentile (90th)" : fn));
            for (Database db : with) {
                String id = "q5." + fn + ".d1";
                QueryLatency q = db.queries().get(id);
                boolean absent = false;
                for (JsonNode a : db.manifest().path("query").path("absent")) absent |= a.asText().equals(id);
                row.add(absent ? "absent" : q == null ? "-" : Figures.ms(q.p50()));
            }
            rows.add(row);
        }
        return Optional.of(new Table("device-functions", "Single-device functions (answers checked)", header, rows));
    }

    private interface RowOf {
        List<String> row(Database db, JsonNode cell);
    }

    private static Optional<Table> perDatabase(List<Database> dbs, String key, String title, List<String> header, RowOf rowOf) {
        List<List<String>> rows = new ArrayList<>();
        for (Database db : dbs) for (JsonNode cell : db.manifest().path(key)) rows.add(rowOf.row(db, cell));
        return rows.isEmpty() ? Optional.empty() : Optional.of(new Table(key, title, List.of(header.toArray(String[]::new)), rows));
    }

    private static String number(JsonNode v) {
        return v.isNumber() && !Double.isNaN(v.asDouble()) ? String.format(Locale.ROOT, "%,.0f", v.asDouble()) : "-";
    }

    private static String ms(JsonNode v) {
        return v.isNumber() && !Double.isNaN(v.asDouble()) ? Figures.ms(v.asDouble()) : "-";
    }
}
