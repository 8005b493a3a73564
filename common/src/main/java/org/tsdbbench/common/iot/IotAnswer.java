package org.tsdbbench.common.iot;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The expected result of one IoT query: its rows, each with how far a database's value may be from
 * each expected value (0: exactly), and the check of a database's rows against them. Rows match by
 * key (the texts and the first {@link IotQueryType#keyValues()} values), in any order.
 */
public final class IotAnswer implements org.tsdbbench.common.workload.ExpectedAnswer {

    /** One expected row; {@code tolerance[i]} for {@code values[i]} (0 for keys and exact values). */
    public record Row(String[] texts, double[] values, double[] tolerance) {
    }

    private final IotQuery query;
    private final List<Row> rows;
    private final Map<String, Row> byKey = new HashMap<>();

    IotAnswer(IotQuery query, List<Row> rows) {
        this.query = query;
        this.rows = Collections.unmodifiableList(new ArrayList<>(rows));
        for (Row r : rows) {
            if (byKey.put(key(r.texts, r.values), r) != null) throw new IllegalStateException(query.id() + ": two expected rows " + describeKey(r.texts, r.values));
        }
    }

    public IotQuery query() {
        return query;
    }

    public List<Row> rows() {
        return rows;
    }

    /** A fresh check that collects one run's rows. */
    @Override
    public IotCheck newCheck() {
        return new IotCheck() {
            final Map<String, double[]> seen = new LinkedHashMap<>();
            String problem;
            long count;

            @Override
            public void row(double[] values, String[] texts) {
                count++;
                if (problem != null) return;
                IotQueryType type = query.type();
                if (values.length != type.valueColumns().size() || texts.length != type.textColumns().size()) {
                    problem = query.id() + ": a row of " + values.length + " values and " + texts.length + " texts, expected "
                            + type.valueColumns().size() + " values " + type.valueColumns() + " and " + type.textColumns().size() + " texts " + type.textColumns();
                    return;
                }
                String[] t = normalized(texts);
                String key = key(t, values);
                Row want = byKey.get(key);
                if (want == null) {
                    problem = query.id() + ": unexpected row " + describeKey(t, values) + describeValues(values);
                } else if (seen.put(key, values.clone()) != null) {
                    problem = query.id() + ": row " + describeKey(t, values) + " returned twice";
                } else {
                    for (int i = type.keyValues(); i < values.length && problem == null; i++) {
                        if (!close(want.values[i], values[i], want.tolerance[i])) {
                            problem = query.id() + ": row " + describeKey(t, values) + ": " + type.valueColumns().get(i) + " expected "
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
                        return query.id() + ": row " + describeKey(r.texts, r.values) + " missing (expected" + describeValues(r.values) + "); "
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

    private static String[] normalized(String[] texts) {
        String[] t = texts.clone();
        for (int i = 0; i < t.length; i++) if (t[i] != null && t[i].isEmpty()) t[i] = null;
        return t;
    }

    private String key(String[] texts, double[] values) {
        StringBuilder k = new StringBuilder();
        for (String t : texts) k.append(t == null ? "\u0000" : t).append('\u001F');
        for (int i = 0; i < query.type().keyValues(); i++) k.append(values[i] == 0 ? 0.0 : values[i]).append('\u001F');
        return k.toString();
    }

    private String describeKey(String[] texts, double[] values) {
        List<String> parts = new ArrayList<>();
        for (String t : texts) parts.add(t == null ? "NULL" : t);
        IotQueryType type = query.type();
        for (int i = 0; i < type.keyValues(); i++) {
            String column = type.valueColumns().get(i);
            parts.add(column + " " + (column.equals("day") && !Double.isNaN(values[i]) ? Instant.ofEpochMilli((long) values[i]).toString() : format(values[i])));
        }
        return "(" + String.join(", ", parts) + ")";
    }

    private String describeValues(double[] values) {
        StringBuilder s = new StringBuilder();
        List<String> columns = query.type().valueColumns();
        for (int i = query.type().keyValues(); i < values.length; i++) s.append(i == query.type().keyValues() ? " " : ", ").append(columns.get(i)).append(' ').append(format(values[i]));
        return s.toString();
    }

    private static boolean close(double want, double got, double tolerance) {
        if (Double.isNaN(want) || Double.isNaN(got)) return Double.isNaN(want) && Double.isNaN(got);
        return Math.abs(want - got) <= tolerance;
    }

    /** Integers as such, other values with every digit that tells them apart; NULL for NaN. */
    static String format(double v) {
        if (Double.isNaN(v)) return "NULL";
        if (Double.isInfinite(v)) return Double.toString(v);
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : java.math.BigDecimal.valueOf(v).toPlainString();
    }
}
