package org.tsdbbench.common.workload;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The expected result of one query as rows of texts and numbers, each number with how far a
 * database's value may be from it (0: exactly), and the check of a database's rows against them.
 * Rows match by key (the texts and the first {@link Columns#keyValues()} values), in any order:
 * the answer shape of the TSBS workloads, whose ORDER BY is presentation.
 */
public class RowsAnswer implements ExpectedAnswer {

    /**
     * A result row's columns: its texts (tags, NULL as null; an empty text counts as NULL) and its
     * values (NULL as NaN), the first {@code keyValues} of which belong to the row's key; the value
     * columns in {@code instants} hold epoch milliseconds (printed as times).
     */
    public record Columns(List<String> texts, List<String> values, int keyValues, Set<String> instants) {
        public Columns {
            texts = List.copyOf(texts);
            values = List.copyOf(values);
            instants = Set.copyOf(instants);
            if (keyValues < 0 || keyValues > values.size()) throw new IllegalArgumentException("key values " + keyValues + " of " + values);
        }
    }

    /** One expected row; {@code tolerance[i]} for {@code values[i]} (0 for keys and exact values). */
    public record Row(String[] texts, double[] values, double[] tolerance) {
        /** A row whose values are exact. */
        public static Row exact(String[] texts, double... values) {
            return new Row(texts, values, new double[values.length]);
        }
    }

    private final String queryId;
    private final Columns columns;
    private final List<Row> rows;
    private final Map<String, Row> byKey = new HashMap<>();

    public RowsAnswer(String queryId, Columns columns, List<Row> rows) {
        this.queryId = queryId;
        this.columns = columns;
        this.rows = Collections.unmodifiableList(new ArrayList<>(rows));
        for (Row r : rows) {
            if (r.texts.length != columns.texts.size() || r.values.length != columns.values.size()) {
                throw new IllegalArgumentException(queryId + ": an expected row of " + r.texts.length + " texts and " + r.values.length + " values");
            }
            if (byKey.put(key(r.texts, r.values), r) != null) throw new IllegalStateException(queryId + ": two expected rows " + describeKey(r.texts, r.values));
        }
    }

    public String queryId() {
        return queryId;
    }

    public Columns columns() {
        return columns;
    }

    public List<Row> rows() {
        return rows;
    }

    /** A fresh check that collects one run's rows. */
    @Override
    public ResultCheck newCheck() {
        return new ResultCheck() {
            final Map<String, double[]> seen = new LinkedHashMap<>();
            String problem;
            long count;

            @Override
            public void row(double[] values) {
                row(values, new String[0]);
            }

            @Override
            public void row(double[] values, String[] texts) {
                count++;
                if (problem != null) return;
                if (values.length != columns.values.size() || texts.length != columns.texts.size()) {
                    problem = queryId + ": a row of " + values.length + " values and " + texts.length + " texts, expected "
                            + columns.values.size() + " values " + columns.values + " and " + columns.texts.size() + " texts " + columns.texts;
                    return;
                }
                String[] t = normalized(texts);
                String key = key(t, values);
                Row want = byKey.get(key);
                if (want == null) {
                    problem = queryId + ": unexpected row " + describeKey(t, values) + describeValues(values);
                } else if (seen.put(key, values.clone()) != null) {
                    problem = queryId + ": row " + describeKey(t, values) + " returned twice";
                } else {
                    for (int i = columns.keyValues; i < values.length && problem == null; i++) {
                        if (!close(want.values[i], values[i], want.tolerance[i])) {
                            problem = queryId + ": row " + describeKey(t, values) + ": " + columns.values.get(i) + " expected "
                                    + format(want.values[i]) + (want.tolerance[i] > 0 ? String.format(Locale.ROOT, " (+- %.3g)", want.tolerance[i]) : "")
                                    + ", got " + format(values[i]);
                        }
                    }
                }
            }

            @Override
            public String mismatch() {
                if (problem != null) return problem;
                for (Row r : rows) {
                    if (!seen.containsKey(key(r.texts, r.values))) {
                        return queryId + ": row " + describeKey(r.texts, r.values) + " missing (expected" + describeValues(r.values) + "); "
                                + seen.size() + " of " + rows.size() + " rows returned";
                    }
                }
                return null;
            }

            @Override
            public long rows() {
                return count;
            }
        };
    }

    /** Writes the rows so that {@link #readRows} with the same columns gives them back. */
    public void writeRows(DataOutput out) throws IOException {
        out.writeInt(rows.size());
        for (Row r : rows) {
            for (String t : r.texts()) {
                out.writeBoolean(t != null);
                if (t != null) out.writeUTF(t);
            }
            for (int i = 0; i < r.values().length; i++) {
                out.writeDouble(r.values()[i]);
                out.writeDouble(r.tolerance()[i]);
            }
        }
    }

    /** The rows {@link #writeRows} wrote for an answer of these columns. */
    public static List<Row> readRows(DataInput in, Columns columns) throws IOException {
        int n = in.readInt();
        List<Row> list = new ArrayList<>(n);
        for (int r = 0; r < n; r++) {
            String[] texts = new String[columns.texts().size()];
            for (int i = 0; i < texts.length; i++) texts[i] = in.readBoolean() ? in.readUTF() : null;
            double[] values = new double[columns.values().size()];
            double[] tolerance = new double[values.length];
            for (int i = 0; i < values.length; i++) {
                values[i] = in.readDouble();
                tolerance[i] = in.readDouble();
            }
            list.add(new Row(texts, values, tolerance));
        }
        return list;
    }

    private static String[] normalized(String[] texts) {
        String[] t = texts.clone();
        for (int i = 0; i < t.length; i++) if (t[i] != null && t[i].isEmpty()) t[i] = null;
        return t;
    }

    private String key(String[] texts, double[] values) {
        StringBuilder k = new StringBuilder();
        for (String t : texts) k.append(t == null ? "\u0000" : t).append('\u001F');
        for (int i = 0; i < columns.keyValues; i++) k.append(values[i] == 0 ? 0.0 : values[i]).append('\u001F');
        return k.toString();
    }

    private String describeKey(String[] texts, double[] values) {
        List<String> parts = new ArrayList<>();
        for (String t : texts) parts.add(t == null ? "NULL" : t);
        for (int i = 0; i < columns.keyValues; i++) {
            String column = columns.values.get(i);
            boolean instant = columns.instants.contains(column) && !Double.isNaN(values[i]);
            parts.add(column + " " + (instant ? Instant.ofEpochMilli((long) values[i]).toString() : format(values[i])));
        }
        return "(" + String.join(", ", parts) + ")";
    }

    private String describeValues(double[] values) {
        StringBuilder s = new StringBuilder();
        for (int i = columns.keyValues; i < values.length; i++) {
            s.append(i == columns.keyValues ? " " : ", ").append(columns.values.get(i)).append(' ').append(format(values[i]));
        }
        return s.toString();
    }

    private static boolean close(double want, double got, double tolerance) {
        if (Double.isNaN(want) || Double.isNaN(got)) return Double.isNaN(want) && Double.isNaN(got);
        return Math.abs(want - got) <= tolerance;
    }

    /** Integers as such, other values with every digit that tells them apart; NULL for NaN. */
    public static String format(double v) {
        if (Double.isNaN(v)) return "NULL";
        if (Double.isInfinite(v)) return Double.toString(v);
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : java.math.BigDecimal.valueOf(v).toPlainString();
    }
}
