package org.tsdbbench.common.devops;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.tsdbbench.common.query.Dialect;
import org.tsdbbench.common.workload.Answers;
import org.tsdbbench.common.workload.PreparedCatalog;
import org.tsdbbench.common.workload.PreparedQuery;
import org.tsdbbench.common.workload.RowsAnswer;
import org.tsdbbench.common.workload.RowsAnswer.Row;

/**
 * The exact answers of a cpu-only data set's catalog ({@link DevopsQueryType} says each query's
 * meaning), computed in one pass over its rows, with the spec its queries are rendered for. Maxima
 * and row values are exact; a mean is exact to a part in 10^9 (an average of integers, whatever the
 * order a database sums them in).
 */
public final class DevopsAnswers implements Answers {

    /** 2: the catalog holds minute-max-first-10 (a cache of format 1 lacks its answers and is computed again). */
    private static final int FORMAT = 2;
    /** How far a database's mean may be from the exact one, relative to the mean (at least 1). */
    static final double MEAN_TOLERANCE = 1e-9;

    private final DevopsSpec spec;
    private final long rows;
    private final Map<String, RowsAnswer> byId;

    private DevopsAnswers(DevopsSpec spec, long rows, Map<String, RowsAnswer> byId) {
        this.spec = spec;
        this.rows = rows;
        this.byId = byId;
    }

    /** The answers of {@code spec}'s catalog over every row of {@code source}, in one pass. */
    public static DevopsAnswers compute(DevopsSpec spec, CpuSource source) throws IOException {
        List<Accumulator> queries = new ArrayList<>();
        for (DevopsQuery q : spec.catalog()) queries.add(new Accumulator(q, spec.hosts()));
        long n = 0;
        String[] names = new String[spec.hosts()];
        long[] values = new long[CpuBatch.FIELD_COUNT];
        for (CpuBatch b = source.next(8192); !b.isEmpty(); b = source.next(8192)) {
            for (int r = 0; r < b.size(); r++) {
                int host = b.host(r);
                if (names[host] == null) names[host] = b.hosts().name(host);
                long t = b.timeNs(r);
                System.arraycopy(b.values(), r * CpuBatch.FIELD_COUNT, values, 0, CpuBatch.FIELD_COUNT);
                for (Accumulator a : queries) a.add(host, t, values);
            }
            n += b.size();
        }
        Map<String, RowsAnswer> byId = new LinkedHashMap<>();
        for (Accumulator a : queries) byId.put(a.query.id(), new RowsAnswer(a.query.id(), a.query.type().columns(), a.rows(names)));
        return new DevopsAnswers(spec, n, byId);
    }

    public DevopsSpec spec() {
        return spec;
    }

    @Override
    public long totalRows() {
        return rows;
    }

    /** The answer of a catalog query; another is an IllegalArgumentException. */
    public RowsAnswer answer(DevopsQuery q) {
        RowsAnswer a = byId.get(q.id());
        if (a == null) throw new IllegalArgumentException(q.id() + ": not among the queries these answers were computed for");
        return a;
    }

    @Override
    public PreparedCatalog prepare(Dialect anyDialect) {
        DevopsDialect dialect = DevopsDialect.of(anyDialect);
        List<PreparedQuery> queries = new ArrayList<>();
        List<String> absent = new ArrayList<>();
        for (DevopsQuery q : spec.catalog()) {
            Optional<String> text = dialect.render(q, spec);
            if (text.isPresent()) queries.add(new PreparedQuery(q, text.get(), dialect.shaper(q), answer(q)));
            else absent.add(q.id());
        }
        return new PreparedCatalog(queries, absent);
    }

    @Override
    public PreparedQuery prepare(String id, String text, Dialect anyDialect) {
        DevopsDialect dialect = DevopsDialect.of(anyDialect);
        DevopsQuery q = DevopsQuery.parse(id);
        return new PreparedQuery(q, text, dialect.shaper(q), answer(q));
    }

    /** The catalog's first single-groupby-1-1-1: one host's hour, cheap anywhere, and its maxima differ with the seed. */
    @Override
    public Optional<PreparedQuery> fingerprint(Dialect anyDialect) {
        DevopsDialect dialect = DevopsDialect.of(anyDialect);
        for (DevopsQuery q : spec.catalog()) {
            if (q.type() != DevopsQueryType.SINGLE_GROUPBY_1_1_1) continue;
            return dialect.render(q, spec).map(text -> new PreparedQuery(q, text, dialect.shaper(q), answer(q)));
        }
        return Optional.empty();
    }

    @Override
    public void writeTo(DataOutput out) throws IOException {
        out.writeInt(FORMAT);
        out.writeLong(rows);
        out.writeInt(byId.size());
        for (RowsAnswer a : byId.values()) {
            out.writeUTF(a.queryId());
            a.writeRows(out);
        }
    }

    /** The answers {@link #writeTo} wrote for a data set of {@code spec}. */
    public static DevopsAnswers readFrom(DevopsSpec spec, DataInput in) throws IOException {
        int format = in.readInt();
        if (format != FORMAT) throw new IOException("DevOps answers of format " + format + ", this version reads " + FORMAT);
        long rows = in.readLong();
        Map<String, RowsAnswer> byId = new LinkedHashMap<>();
        for (int n = in.readInt(); n > 0; n--) {
            DevopsQuery q = DevopsQuery.parse(in.readUTF());
            byId.put(q.id(), new RowsAnswer(q.id(), q.type().columns(), RowsAnswer.readRows(in, q.type().columns())));
        }
        return new DevopsAnswers(spec, rows, byId);
    }

    /** One query's running result over the rows seen so far. */
    private static final class Accumulator {
        final DevopsQuery query;
        final DevopsQueryType type;
        final boolean[] named;
        final long start;
        final long end;
        final long bucketNs;
        final int metrics;
        /** Whether the grouping query averages (double-groupby) rather than takes the maximum. */
        final boolean mean;
        /** Whether a grouping query's groups are per host too. */
        final boolean perHost;
        /** Grouping queries: per bucket (and host, for double-groupby) the maxima, or the sums and the count last. */
        final Map<Long, long[]> groups = new HashMap<>();
        /** high-cpu's rows, lastpoint's latest row per host: host, time, ten values. */
        final Map<Long, long[]> picked = new HashMap<>();
        /** groupby-orderby-limit's latest minutes before the end, minute-max-first-10's first: max(usage_user). */
        final TreeMap<Long, Long> kept = new TreeMap<>();
        /** Whether the limited query keeps the first minutes (minute-max-first-10), not the latest. */
        final boolean first;

        Accumulator(DevopsQuery query, int hosts) {
            this.query = query;
            this.type = query.type();
            this.named = new boolean[hosts];
            for (int h : query.hosts()) named[h] = true;
            boolean window = type.windowed();
            this.start = type == DevopsQueryType.GROUPBY_ORDERBY_LIMIT || !window ? Long.MIN_VALUE : query.windowStartNs();
            this.end = window ? query.windowEndNs() : Long.MAX_VALUE;
            this.first = type == DevopsQueryType.HOST_MINUTE_MAX_FIRST_10;
            this.bucketNs = type.bucket() == null ? 0 : type.bucket().toNanos();
            this.metrics = type.metrics().size();
            this.mean = "avg".equals(type.aggregate());
            this.perHost = type.perHost();
        }

        void add(int host, long t, long[] v) {
            if (t < start || t >= end || type.hosts() > 0 && !named[host]) return;
            switch (type) {
                case GROUPBY_ORDERBY_LIMIT, HOST_MINUTE_MAX_FIRST_10 -> keep(Math.floorDiv(t, bucketNs), v[0]);
                case HIGH_CPU_1, HIGH_CPU_ALL -> {
                    if (v[0] > DevopsQueryType.HIGH_CPU_THRESHOLD) picked.put(((long) host << 40) ^ picked.size(), row(host, t, v));
                }
                case LASTPOINT -> {
                    long[] was = picked.get((long) host);
                    if (was == null || t > was[1]) picked.put((long) host, row(host, t, v));
                }
                default -> {
                    long bucket = Math.floorDiv(t, bucketNs);
                    long key = perHost ? bucket * named.length + host : bucket;
                    long[] g = groups.get(key);
                    if (g == null) {
                        g = new long[metrics + 1];
                        if (!mean) System.arraycopy(v, 0, g, 0, metrics);
                        groups.put(key, g);
                        if (!mean) return;
                    }
                    for (int m = 0; m < metrics; m++) g[m] = mean ? g[m] + v[m] : Math.max(g[m], v[m]);
                    g[metrics]++;
                }
            }
        }

        /** Keeps the minute's max(usage_user) if among the latest (or first) minutes so far, dropping one. */
        private void keep(long minute, long usageUser) {
            Long max = kept.get(minute);
            if (max != null) {
                kept.put(minute, Math.max(max, usageUser));
                return;
            }
            int limit = type.limit();
            if (kept.size() < limit || (first ? minute < kept.lastKey() : minute > kept.firstKey())) {
                kept.put(minute, usageUser);
                if (kept.size() > limit && first) kept.pollLastEntry();
                else if (kept.size() > limit) kept.pollFirstEntry();
            }
        }

        private static long[] row(int host, long t, long[] v) {
            long[] r = new long[2 + CpuBatch.FIELD_COUNT];
            r[0] = host;
            r[1] = t;
            System.arraycopy(v, 0, r, 2, CpuBatch.FIELD_COUNT);
            return r;
        }

        List<Row> rows(String[] names) {
            List<Row> out = new ArrayList<>();
            switch (type) {
                case GROUPBY_ORDERBY_LIMIT, HOST_MINUTE_MAX_FIRST_10 ->
                        kept.forEach((minute, max) -> out.add(Row.exact(new String[0], minute * bucketNs / 1_000_000L,
                                max)));
                case HIGH_CPU_1, HIGH_CPU_ALL, LASTPOINT -> {
                    for (long[] r : picked.values()) {
                        double[] values = new double[1 + CpuBatch.FIELD_COUNT];
                        values[0] = Math.floorDiv(r[1], 1_000_000L);
                        for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) values[1 + f] = r[2 + f];
                        out.add(Row.exact(new String[] {names[(int) r[0]]}, values));
                    }
                }
                default -> {
                    groups.forEach((key, g) -> {
                        long bucket = perHost ? Math.floorDiv(key, named.length) : key;
                        double[] values = new double[1 + metrics];
                        double[] tolerance = new double[values.length];
                        values[0] = bucket * bucketNs / 1_000_000L;
                        for (int m = 0; m < metrics; m++) {
                            values[1 + m] = mean ? (double) g[m] / g[metrics] : g[m];
                            if (mean) tolerance[1 + m] = MEAN_TOLERANCE * Math.max(1, Math.abs(values[1 + m]));
                        }
                        String[] texts = perHost ? new String[] {names[(int) Math.floorMod(key, named.length)]} : new String[0];
                        out.add(new Row(texts, values, tolerance));
                    });
                }
            }
            return out;
        }
    }
}
