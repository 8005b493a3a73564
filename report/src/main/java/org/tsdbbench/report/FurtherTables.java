package org.tsdbbench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tsdbbench.report.Further.FixedRateCell;
import org.tsdbbench.report.RunResults.Database;
import org.tsdbbench.report.RunResults.QueryLatency;

/**
 * The further tests' figures as plain tables, rendered alike by the Markdown and the HTML report:
 * single-device functions (q5 p50 per database, "absent" where the database lacks the function),
 * concurrent range queries, volume growth, mixed load and fixed-rate writes ({@link Further}). A
 * database without a test's figures is left out, a test nobody ran gives no table.
 */
final class FurtherTables {

    /** A table: its element id, title, column names and rows of cells. */
    record Table(String id, String title, List<String> header, List<List<String>> rows) {
        Table {
            header = List.copyOf(header);
            rows = List.copyOf(rows);
        }
    }

    /** The q5 functions in the catalog's order; others a database measured follow in name order. */
    static final List<String> DEVICE_FUNCTIONS = List.of("count", "avg", "sum", "max", "min", "first", "last", "stddev", "percentile");
    /** A single-device function's query id: q5.{@code <function>}.d{@code <device>}. */
    private static final Pattern DEVICE_QUERY = Pattern.compile("q5\\.([a-z0-9_]+)\\.d(\\d+)");

    private FurtherTables() {
    }

    static List<Table> all(List<Database> dbs) {
        List<Table> tables = new ArrayList<>();
        deviceFunctions(dbs).ifPresent(tables::add);
        perDatabase(dbs, "range", "Concurrent range queries on one random device (answers checked)",
                List.of("database", "clients", "rows per query", "queries/s", "p50 ms", "p99 ms"), Further::range,
                (db, c) -> List.of(db.displayName(), String.valueOf(c.clients()), String.valueOf(c.resultRows()), count(c.queriesPerSecond()),
                        Figures.ms(c.p50Ms()), Figures.ms(c.p99Ms()))).ifPresent(tables::add);
        perDatabase(dbs, "volume", "Volume growth: one block written and read back at a time (reads checked)",
                List.of("database", "rows stored", "write rows/s", "ms per write request", "read rows/s", "read ms"), Further::volume,
                (db, b) -> List.of(db.displayName(), count(b.storedRowsBefore()), count(b.writeRowsPerSecond()), Figures.ms(b.writeRequestMillis()),
                        count(b.readRowsPerSecond()), Figures.ms(b.readMillis()))).ifPresent(tables::add);
        perDatabase(dbs, "mixed", "Mixed load: writers and readers together, against each alone (answers checked)",
                List.of("database", "run", "write rows/s", "write p50 ms", "write p99 ms", "query p50 ms", "query p99 ms"), Further::mixed,
                (db, r) -> List.of(db.displayName(), r.run(), count(r.writeRowsPerSecond()), Figures.ms(r.writeP50Ms()), Figures.ms(r.writeP99Ms()),
                        Figures.ms(r.queryP50Ms()), Figures.ms(r.queryP99Ms()))).ifPresent(tables::add);
        perDatabase(dbs, "fixedRate", "Fixed-rate writes: latency from each request's intended start",
                List.of("database", "R/R", "clients", "target rows/s", "achieved rows/s", "p50 ms", "p99 ms", "max ms", "verdict"), Further::fixedRate,
                (db, c) -> List.of(db.displayName(), String.valueOf(c.rowsPerRequest()), String.valueOf(c.clients()), count(c.targetRowsPerSecond()),
                        count(c.achievedRowsPerSecond()), Figures.ms(c.p50Ms()), Figures.ms(c.p99Ms()), Figures.ms(c.maxMs()), verdict(c)))
                .ifPresent(tables::add);
        return tables;
    }

    /** "kept up", "fell behind", "FAILED: why", or a dash when only JMH's JSON was read. */
    static String verdict(FixedRateCell c) {
        if (c.failure() != null) return "FAILED: " + c.failure();
        return c.keptUp() == null ? "-" : c.keptUp() ? "kept up" : "fell behind" + (c.fellBehindBecause() == null ? "" : ": " + c.fellBehindBecause());
    }

    /** q5: one row per function (and device), one column per database with any q5 figure or absence. */
    static Optional<Table> deviceFunctions(List<Database> dbs) {
        List<Column> columns = new ArrayList<>();
        TreeSet<String> devices = new TreeSet<>(Comparator.comparingInt(Integer::parseInt));
        Set<String> functions = new TreeSet<>();
        for (Database db : dbs) {
            Set<String> ids = new TreeSet<>();
            ids.addAll(db.absentQueries());
            List<String> q5 = new ArrayList<>(db.queries().keySet());
            q5.addAll(ids);
            boolean any = false;
            for (String id : q5) {
                Matcher m = DEVICE_QUERY.matcher(id);
                if (!m.matches()) continue;
                any = true;
                functions.add(m.group(1));
                devices.add(m.group(2));
            }
            if (any) columns.add(new Column(db, ids));
        }
        if (columns.isEmpty()) return Optional.empty();
        List<String> fns = new ArrayList<>(DEVICE_FUNCTIONS);
        for (String fn : functions) if (!fns.contains(fn)) fns.add(fn);
        boolean oneDevice = devices.size() == 1;
        List<String> header = new ArrayList<>(List.of(oneDevice ? "function (device " + devices.first() + "), p50 ms" : "function, device: p50 ms"));
        columns.forEach(c -> header.add(c.db().displayName()));
        List<List<String>> rows = new ArrayList<>();
        for (String device : devices) {
            for (String fn : fns) {
                String label = fn.equals("percentile") ? "percentile (90th)" : fn;
                List<String> row = new ArrayList<>(List.of(oneDevice ? label : label + ", device " + device));
                String id = "q5." + fn + ".d" + device;
                for (Column c : columns) {
                    QueryLatency q = c.db().queries().get(id);
                    row.add(c.absent().contains(id) ? "absent" : q == null ? "-" : Figures.ms(q.p50()));
                }
                rows.add(row);
            }
        }
        return Optional.of(new Table("device-functions", "Single-device functions (answers checked)", header, rows));
    }

    /** A database of the q5 table and the ids its manifest lists as absent in its dialect. */
    private record Column(Database db, Set<String> absent) {
    }

    private interface RowOf<T> {
        List<String> row(Database db, T item);
    }

    private static <T> Optional<Table> perDatabase(List<Database> dbs, String id, String title, List<String> header,
                                                   Function<Further, List<T>> items, RowOf<T> rowOf) {
        List<List<String>> rows = new ArrayList<>();
        for (Database db : dbs) for (T item : items.apply(db.further())) rows.add(rowOf.row(db, item));
        return rows.isEmpty() ? Optional.empty() : Optional.of(new Table(id, title, header, rows));
    }

    /** A count or rate without decimals, "1,234"; a dash when not measured. */
    private static String count(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%,.0f", v);
    }
}
