package org.tsdbbench.common.iot;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.tsdbbench.common.iot.Records.Rec;

/**
 * The IoT queries' meanings (IotQueryType's Javadoc) computed the plain way over records held in
 * memory, with tags as texts: what IotAnswers must agree with.
 */
final class BruteForce {

    /** A result row as a database would send it. */
    record Result(String[] texts, double[] values) {
    }

    /** A record with the tags it answers to under a model. */
    record E(IotTable table, long ts, String[] tags, double[] f) {
        String tag(IotTag t) {
            return tags[t.ordinal()];
        }

        double number(IotTag t) {
            return tag(t) == null ? Double.NaN : Double.parseDouble(tag(t));
        }

        long bucket() {
            return Math.floorDiv(ts, IotSpec.BUCKET_NS);
        }
    }

    private final List<E> readings = new ArrayList<>();
    private final List<E> diagnostics = new ArrayList<>();

    /**
     * What a database keeping records as {@code model} stores of {@code records} (written in that
     * order): every record, or of the records without a name one per table and time (the later whole,
     * TABLE) or per table, tags and time (the later's fields over the earlier's, SERIES).
     */
    static List<Rec> stored(List<Rec> records, TagModel model) {
        if (model == TagModel.RECORD) return records;
        Map<List<Object>, Rec> kept = new java.util.LinkedHashMap<>();
        List<Rec> out = new ArrayList<>();
        for (Rec r : records) {
            if (r.tag(IotTag.NAME) != null) {
                out.add(r);
                continue;
            }
            List<Object> key = model == TagModel.TABLE ? List.of(r.table(), r.ts()) : List.of(r.table(), java.util.Arrays.toString(r.tags()), r.ts());
            kept.merge(key, r, (earlier, later) -> {
                if (model == TagModel.TABLE) return later;
                double[] f = later.fields().clone();
                for (int i = 0; i < f.length; i++) if (Double.isNaN(f[i])) f[i] = earlier.field(i);
                return new Rec(later.table(), later.ts(), later.truck(), later.tags(), f);
            });
        }
        out.addAll(kept.values());
        return out;
    }

    BruteForce(List<Rec> stored, Trucks trucks, TagModel model) {
        for (Rec r : stored) {
            String[] tags = r.tags();
            if (model == TagModel.TABLE) {
                tags = new String[tags.length];
                if (r.tag(IotTag.NAME) != null) {
                    for (IotTag t : IotTag.values()) tags[t.ordinal()] = trucks.text(t, trucks.code(r.truck(), t));
                }
            }
            E e = new E(r.table(), r.ts(), tags, r.fields());
            (r.table() == IotTable.READINGS ? readings : diagnostics).add(e);
        }
    }

    private static long dayMs(long bucket) {
        return Math.floorDiv(bucket * IotSpec.BUCKET_NS, 86_400_000_000_000L) * 86_400_000L;
    }

    private static <K> Map<K, List<E>> group(List<E> rows, Function<E, K> key) {
        return rows.stream().collect(Collectors.groupingBy(key, HashMap::new, Collectors.toList()));
    }

    private static List<String> key(E e, IotTag... tags) {
        return Arrays.stream(tags).map(e::tag).collect(Collectors.toList());
    }

    /** Average of the non-null values; NaN when none. */
    private static double avg(List<E> rows, int field) {
        double[] v = rows.stream().mapToDouble(e -> e.f()[field]).filter(x -> !Double.isNaN(x)).toArray();
        return v.length == 0 ? Double.NaN : Arrays.stream(v).sum() / v.length;
    }

    private static String[] texts(List<String> key) {
        return key.toArray(new String[0]);
    }

    List<Result> run(IotQuery q) {
        List<Result> out = new ArrayList<>();
        String fleet = q.fleet();
        switch (q.type()) {
            case LAST_LOC, LOW_FUEL, HIGH_LOAD -> {
                List<E> rows = (q.type() == IotQueryType.LAST_LOC ? readings : diagnostics).stream()
                        .filter(e -> e.tag(IotTag.NAME) != null && fleet.equals(e.tag(IotTag.FLEET))).toList();
                group(rows, e -> key(e, IotTag.NAME, IotTag.DRIVER)).forEach((k, g) -> {
                    E latest = g.stream().max(Comparator.comparingLong(E::ts)).orElseThrow();
                    switch (q.type()) {
                        case LAST_LOC -> out.add(new Result(texts(k), new double[] {latest.f()[IotTable.LONGITUDE], latest.f()[IotTable.LATITUDE]}));
                        case LOW_FUEL -> {
                            if (latest.f()[IotTable.FUEL_STATE] < 0.1) out.add(new Result(texts(k), new double[] {latest.f()[IotTable.FUEL_STATE]}));
                        }
                        default -> {
                            if (latest.f()[IotTable.CURRENT_LOAD] / latest.number(IotTag.LOAD_CAPACITY) > 0.9) {
                                out.add(new Result(texts(k), new double[] {latest.f()[IotTable.CURRENT_LOAD]}));
                            }
                        }
                    }
                });
            }
            case STATIONARY_TRUCKS, LONG_DRIVING_SESSIONS, LONG_DAILY_SESSIONS -> {
                List<E> rows = readings.stream().filter(e -> e.tag(IotTag.NAME) != null && fleet.equals(e.tag(IotTag.FLEET))
                        && e.ts() >= q.windowStartNs() && e.ts() < q.windowEndNs()).toList();
                group(rows, e -> key(e, IotTag.NAME, IotTag.DRIVER)).forEach((k, g) -> {
                    boolean hit;
                    if (q.type() == IotQueryType.STATIONARY_TRUCKS) {
                        hit = avg(g, IotTable.VELOCITY) < 1;
                    } else {
                        long driving = group(g, E::bucket).values().stream().filter(b -> avg(b, IotTable.VELOCITY) > 1).count();
                        hit = driving > q.type().threshold();
                    }
                    if (hit) out.add(new Result(texts(k), new double[0]));
                });
            }
            case AVG_VS_PROJECTED_FUEL_CONSUMPTION -> {
                List<E> rows = readings.stream().filter(e -> e.f()[IotTable.VELOCITY] > 1 && e.tag(IotTag.NAME) != null && e.tag(IotTag.FLEET) != null
                        && e.tag(IotTag.NOMINAL_FUEL_CONSUMPTION) != null).toList();
                group(rows, e -> e.tag(IotTag.FLEET)).forEach((f, g) -> out.add(new Result(new String[] {f},
                        new double[] {avg(g, IotTable.FUEL_CONSUMPTION), g.stream().mapToDouble(e -> e.number(IotTag.NOMINAL_FUEL_CONSUMPTION)).average().orElseThrow()})));
            }
            case AVG_DAILY_DRIVING_DURATION -> group(readings, e -> key(e, IotTag.FLEET, IotTag.NAME, IotTag.DRIVER)).forEach((k, g) -> {
                Map<Long, Long> perDay = new TreeMap<>();
                group(g, E::bucket).forEach((b, rows) -> {
                    if (avg(rows, IotTable.VELOCITY) > 1) perDay.merge(dayMs(b), 1L, Long::sum);
                });
                if (!perDay.isEmpty()) out.add(new Result(texts(k), new double[] {perDay.values().stream().mapToDouble(c -> c / 6.0).average().orElseThrow()}));
            });
            case AVG_DAILY_DRIVING_SESSION -> group(readings.stream().filter(e -> e.tag(IotTag.NAME) != null).toList(), e -> e.tag(IotTag.NAME)).forEach((name, g) -> {
                TreeMap<Long, Boolean> state = new TreeMap<>();
                group(g, E::bucket).forEach((b, rows) -> {
                    double a = avg(rows, IotTable.VELOCITY);
                    state.put(b, Double.isNaN(a) ? null : a > 5);
                });
                List<long[]> changes = new ArrayList<>();
                Boolean previous = null;
                boolean first = true;
                for (Map.Entry<Long, Boolean> e : state.entrySet()) {
                    if (!first && previous != null && e.getValue() != null && !previous.equals(e.getValue())) changes.add(new long[] {e.getKey(), e.getValue() ? 1 : 0});
                    previous = e.getValue();
                    first = false;
                }
                Map<Long, List<Double>> perDay = new TreeMap<>();
                for (int c = 0; c < changes.size(); c++) {
                    if (changes.get(c)[1] != 1) continue;
                    List<Double> lengths = perDay.computeIfAbsent(dayMs(changes.get(c)[0]), d -> new ArrayList<>());
                    if (c + 1 < changes.size()) lengths.add((changes.get(c + 1)[0] - changes.get(c)[0]) * 600_000.0);
                }
                perDay.forEach((day, lengths) -> out.add(new Result(new String[] {name},
                        new double[] {day, lengths.stream().mapToDouble(x -> x).average().orElse(Double.NaN)})));
            });
            case AVG_LOAD -> {
                List<E> rows = diagnostics.stream().filter(e -> e.tag(IotTag.NAME) != null).toList();
                group(rows, e -> key(e, IotTag.FLEET, IotTag.MODEL, IotTag.LOAD_CAPACITY)).forEach((k, g) -> {
                    double capacity = k.get(2) == null ? Double.NaN : Double.parseDouble(k.get(2));
                    double[] terms = group(g, e -> e.tag(IotTag.NAME)).values().stream().mapToDouble(t -> avg(t, IotTable.CURRENT_LOAD) / capacity)
                            .filter(x -> !Double.isNaN(x)).toArray();
                    out.add(new Result(new String[] {k.get(0), k.get(1)}, new double[] {capacity, terms.length == 0 ? Double.NaN : Arrays.stream(terms).average().orElseThrow()}));
                });
            }
            case DAILY_ACTIVITY -> {
                Map<List<Object>, Long> active = new HashMap<>();
                group(diagnostics.stream().filter(e -> e.tag(IotTag.NAME) != null).toList(),
                        e -> Arrays.<Object>asList(e.tag(IotTag.FLEET), e.tag(IotTag.MODEL), e.tag(IotTag.NAME), e.bucket())).forEach((k, g) -> {
                            if (avg(g, IotTable.STATUS) < 1) active.merge(Arrays.asList(k.get(0), k.get(1), dayMs((Long) k.get(3))), 1L, Long::sum);
                        });
                active.forEach((k, n) -> out.add(new Result(new String[] {(String) k.get(0), (String) k.get(1)}, new double[] {(Long) k.get(2), n / 144.0})));
            }
            case BREAKDOWN_FREQUENCY -> {
                Map<String, Long> perModel = new HashMap<>();
                group(diagnostics.stream().filter(e -> e.tag(IotTag.NAME) != null).toList(), e -> key(e, IotTag.MODEL, IotTag.NAME)).forEach((k, g) -> {
                    TreeMap<Long, Boolean> broken = new TreeMap<>();
                    group(g, E::bucket).forEach((b, rows) -> {
                        double[] st = rows.stream().mapToDouble(e -> e.f()[IotTable.STATUS]).filter(x -> !Double.isNaN(x)).toArray();
                        if (st.length > 0) broken.put(b, Arrays.stream(st).filter(x -> x == 0).count() * 2 >= st.length);
                    });
                    long n = 0;
                    Boolean previous = null;
                    for (Boolean b : broken.values()) {
                        if (Boolean.FALSE.equals(previous) && b) n++;
                        previous = b;
                    }
                    if (n > 0) perModel.merge(Objects.toString(k.get(0), null) == null ? "\u0000" : k.get(0), n, Long::sum);
                });
                perModel.forEach((m, n) -> out.add(new Result(new String[] {m.equals("\u0000") ? null : m}, new double[] {n})));
            }
            case READINGS_COUNT -> out.add(new Result(new String[0], new double[] {readings.size()}));
            case LATITUDE_STATS -> {
                double[] lat = readings.stream().mapToDouble(e -> e.f()[IotTable.LATITUDE]).filter(x -> !Double.isNaN(x)).toArray();
                out.add(new Result(new String[0], new double[] {readings.size(), Arrays.stream(lat).max().orElse(Double.NaN),
                    Arrays.stream(lat).min().orElse(Double.NaN), Arrays.stream(lat).average().orElse(Double.NaN)}));
            }
            case LATITUDE_EQUALS -> out.add(new Result(new String[0], new double[] {
                readings.stream().filter(e -> e.f()[IotTable.LATITUDE] == IotQueryType.LATITUDE_EQUALS_VALUE).count()}));
            case LATITUDE_STATS_BY_DRIVER -> group(readings, e -> key(e, IotTag.DRIVER)).forEach((k, g) -> {
                double[] lat = g.stream().mapToDouble(e -> e.f()[IotTable.LATITUDE]).filter(x -> !Double.isNaN(x)).toArray();
                out.add(new Result(new String[] {k.get(0)}, new double[] {g.size(), Arrays.stream(lat).max().orElse(Double.NaN),
                    Arrays.stream(lat).min().orElse(Double.NaN), Arrays.stream(lat).average().orElse(Double.NaN)}));
            });
        }
        return out;
    }
}
