package org.tsdbbench.common.query;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.DoublePredicate;
import java.util.function.Supplier;
import org.tsdbbench.common.workload.ExpectedAnswer;
import org.tsdbbench.common.workload.ResultCheck;

/**
 * The expected result of one logical query of the devices, and the check of a database's rows
 * against it. A mismatch is described with the query id, the expected and the actual value. The
 * checks read the numbers of each row; text columns are not part of any devices answer.
 */
public sealed interface Answer extends ExpectedAnswer {

    LogicalQuery query();

    /** A fresh check that collects a run's rows; one per run. */
    @Override
    Check newCheck();

    /** Collects rows of one run and says whether they match. */
    interface Check extends ResultCheck {
    }

    /**
     * q5's percentile: one value between {@code low} and {@code high}, the values at the
     * neighbouring ranks the usual definitions pick (nearest rank, linear interpolation,
     * ClickHouse's and InfluxDB's rank rounding): on integer temperatures they are nearly always
     * equal, and a value from elsewhere in the distribution is still caught.
     */
    record Within(LogicalQuery query, double low, double high) implements Answer {
        @Override
        public Check newCheck() {
            return oneValue(query,
                () -> low == high ? format(low) : "a value in [" + format(low) + ", " + format(high) + "]",
                got -> got >= low && got <= high);
        }
    }

    /**
     * q2's first and last over many devices: the temperature of one of the rows at the data set's
     * earliest (latest) instant among them, {@code ts}. Several devices share that instant, and which
     * of their rows a database returns is its own choice; a value no row holds there fails. No rows:
     * a null (NaN) is expected.
     */
    record OneOf(LogicalQuery query, long ts, SortedSet<Integer> temperatures) implements Answer {
        public OneOf {
            temperatures = Collections.unmodifiableSortedSet(new TreeSet<>(temperatures));
        }

        @Override
        public Check newCheck() {
            return oneValue(query, this::expected,
                got -> temperatures.isEmpty() ? Double.isNaN(got) : isWhole(got) && temperatures.contains((int) got));
        }

        private String expected() {
            if (temperatures.isEmpty()) return "null (no rows)";
            if (temperatures.size() == 1) return temperatures.first().toString();
            return "one of " + temperatures + " (the temperatures at " + Instant.ofEpochMilli(ts) + ")";
        }
    }

    /** A check of an answer that is one row of one value: {@code right} of it, else a mismatch naming {@code want}. */
    private static Check oneValue(LogicalQuery query, Supplier<String> want, DoublePredicate right) {
        return new Check() {
            final List<Double> values = new ArrayList<>();

            @Override
            public void row(double[] v) {
                values.add(v[0]);
            }

            @Override
            public long rows() {
                return values.size();
            }

            @Override
            public String mismatch() {
                if (values.size() != 1) {
                    String got = values.size() + " rows " + values;
                    return query.id() + ": expected one row, " + want.get() + ", got " + got;
                }
                double got = values.get(0);
                return right.test(got) ? null : query.id() + ": expected " + want.get() + ", got " + format(got);
            }
        };
    }

    private static boolean isWhole(double v) {
        return v == Math.rint(v) && !Double.isInfinite(v);
    }

    /** Integers as such, other values with every digit that tells them apart (a small tolerance needs them). */
    private static String format(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) return Double.toString(v);
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : java.math.BigDecimal.valueOf(v).toPlainString();
    }

    /**
     * Order-independent totals of a full read (q1) or a range (q6), all compared exactly: the
     * count, the sums of each column (humidity in hundredths: the generator's humidity has two
     * decimals) and the sum of the rows' {@link RowFingerprint}s, which catches rows whose values
     * were swapped, duplicated or replaced while every column sum stays the same.
     */
    record Checksum(long count, long sumTemperature, long sumTs, long sumDevid, long sumHumidityCenti, long fingerprint) {
        String describe() {
            return "rows=" + count + " sum(temperature)=" + sumTemperature + " sum(ts)=" + sumTs + " sum(devid)=" + sumDevid
                    + " sum(humidity)=" + java.math.BigDecimal.valueOf(sumHumidityCenti, 2).toPlainString()
                    + " fingerprint=" + String.format("%016x", fingerprint);
        }
    }

    /**
     * q1, q6: every row fetched; compared by checksum. Rows are {@code ts, devid, temperature,
     * humidity}; humidity, a float or double in a database, is rounded to hundredths first. The
     * other three are integers: a value that is not a whole number (20.7, a null) fails the check
     * by itself, never truncated into one that fits.
     */
    record Rows(LogicalQuery query, Checksum expected) implements Answer {
        @Override
        public Check newCheck() {
            return new Check() {
                long count;
                long sumT;
                long sumTs;
                long sumDevid;
                long sumH;
                long fingerprint;
                String notWhole;

                @Override
                public void row(double[] v) {
                    if (notWhole == null) notWhole = notWhole(v);
                    long ts = (long) v[0];
                    long devid = (long) v[1];
                    long temperature = (long) v[2];
                    long humidity = RowFingerprint.hundredths(v[3]);
                    count++;
                    sumTs += ts;
                    sumDevid += devid;
                    sumT += temperature;
                    sumH += humidity;
                    fingerprint += RowFingerprint.of(ts, devid, temperature, humidity);
                }

                @Override
                public long rows() {
                    return count;
                }

                /** The first integer column of the row that does not hold a whole number, described; else null. */
                private String notWhole(double[] v) {
                    if (!isWhole(v[0])) return "a row has ts " + format(v[0]) + ", not a whole number";
                    String row = "the row at ts " + format(v[0]);
                    if (!isWhole(v[1])) return row + " has devid " + format(v[1]) + ", not a whole number";
                    if (!isWhole(v[2])) return row + " of device " + format(v[1]) + " has temperature " + format(v[2]) + ", not a whole number";
                    return null;
                }

                @Override
                public String mismatch() {
                    if (notWhole != null) return query.id() + ": " + notWhole;
                    Checksum actual = new Checksum(count, sumT, sumTs, sumDevid, sumH, fingerprint);
                    return actual.equals(expected) ? null : query.id() + ": expected " + expected.describe() + ", got " + actual.describe();
                }
            };
        }
    }

    /**
     * q2..q5: values by key (0 for q2's and q5's single value, devgroup for q3, bucket start in ms
     * for q4), each with how far a database's value may be from it (0: exactly; a key without a
     * tolerance is checked exactly). Rows are {@code value} (q2, q5) or {@code key, value}.
     */
    record Values(LogicalQuery query, SortedMap<Long, Double> expected, SortedMap<Long, Double> tolerance) implements Answer {
        public Values {
            expected = Collections.unmodifiableSortedMap(new TreeMap<>(expected));
            tolerance = Collections.unmodifiableSortedMap(new TreeMap<>(tolerance));
        }

        @Override
        public Check newCheck() {
            boolean keyed = !query.family().returnsOneValue();
            return new Check() {
                final TreeMap<Long, Double> actual = new TreeMap<>();
                String duplicate;
                long rows;

                @Override
                public void row(double[] v) {
                    rows++;
                    long key = keyed ? Math.round(v[0]) : 0;
                    Double old = actual.put(key, keyed ? v[1] : v[0]);
                    if (old != null && duplicate == null) duplicate = query.id() + ": " + keyName(key) + "returned twice";
                }

                @Override
                public long rows() {
                    return rows;
                }

                @Override
                public String mismatch() {
                    if (duplicate != null) return duplicate;
                    for (Map.Entry<Long, Double> e : expected.entrySet()) {
                        Double got = actual.get(e.getKey());
                        if (got == null) {
                            return query.id() + ": " + keyName(e.getKey()) + "missing (expected " + format(e.getValue())
                                    + "); " + actual.size() + " of " + expected.size() + " rows returned";
                        }
                        double allowed = tolerance.getOrDefault(e.getKey(), 0.0);
                        if (!close(e.getValue(), got, allowed)) {
                            return query.id() + ": " + keyName(e.getKey()) + "expected " + format(e.getValue())
                                    + (allowed > 0 ? String.format(Locale.ROOT, " (+- %.3g)", allowed) : "") + ", got " + format(got);
                        }
                    }
                    for (Long key : actual.keySet()) {
                        if (!expected.containsKey(key)) return query.id() + ": unexpected " + keyName(key) + "value " + format(actual.get(key));
                    }
                    return null;
                }
            };
        }

        private static boolean close(double want, double got, double tolerance) {
            if (Double.isNaN(want) || Double.isNaN(got)) return Double.isNaN(want) && Double.isNaN(got);
            return Math.abs(want - got) <= tolerance;
        }

        private String keyName(long key) {
            return switch (query.family()) {
                case Q3_GROUP_BY_TAG -> "devgroup " + key + ": ";
                case Q4_GROUP_BY_MINUTE -> "minute " + Instant.ofEpochMilli(key) + ": ";
                default -> "";
            };
        }
    }
}
