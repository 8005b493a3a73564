package org.tsdbbench.common.devops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.workload.ResultCheck;
import org.tsdbbench.common.workload.RowsAnswer;

/** The one-pass answers against a brute-force reading of each query type's meaning over every row. */
class DevopsAnswersTest {

    static final DevopsSpec SPEC = new DevopsSpec(9, DevopsSpec.DEFAULT_START_NS, DevopsSpec.DEFAULT_START_NS + Duration.ofHours(13).toNanos(),
            DevopsSpec.DEFAULT_INTERVAL_NS, 7);

    @Test
    void everyAnswerIsTheBruteForceOneAndTheCatalogHoldsEveryType() throws Exception {
        List<long[]> rows = CpuGeneratorTest.rows(new CpuGenerator(SPEC).all());
        DevopsAnswers answers = DevopsAnswers.compute(SPEC, new CpuGenerator(SPEC).all());
        assertEquals(rows.size(), answers.totalRows());
        Set<DevopsQueryType> types = EnumSet.noneOf(DevopsQueryType.class);
        for (DevopsQuery q : SPEC.catalog()) {
            types.add(q.type());
            assertEquals(q, DevopsQuery.parse(q.id()), "the id parses back");
            assertEquals(bruteForce(q, rows), canonical(answers.answer(q).rows()), q.id());
        }
        assertEquals(EnumSet.allOf(DevopsQueryType.class), types);
    }

    /** The module contract's data set: every query type finds rows there, so that no check passes on an empty answer. */
    @Test
    void everyTypeHasRowsInTheDefaultDataSet() throws Exception {
        DevopsSpec spec = DevopsSpec.defaults();
        DevopsAnswers answers = CpuDataSet.generated(spec).answers();
        Set<DevopsQueryType> found = EnumSet.noneOf(DevopsQueryType.class);
        for (DevopsQuery q : spec.catalog()) if (!answers.answer(q).rows().isEmpty()) found.add(q.type());
        assertEquals(EnumSet.allOf(DevopsQueryType.class), found, "types with a query that has rows");
    }

    @Test
    void aCheckNamesAWrongValueAMissingRowAndAnExtraOne() throws Exception {
        DevopsAnswers answers = DevopsAnswers.compute(SPEC, new CpuGenerator(SPEC).all());
        DevopsQuery q = SPEC.catalog().stream().filter(x -> x.type() == DevopsQueryType.DOUBLE_GROUPBY_5).findFirst().orElseThrow();
        RowsAnswer a = answers.answer(q);
        ResultCheck right = a.newCheck();
        for (RowsAnswer.Row r : a.rows()) right.row(r.values().clone(), r.texts());
        assertNull(right.mismatch());
        ResultCheck off = a.newCheck();
        for (RowsAnswer.Row r : a.rows()) {
            double[] v = r.values().clone();
            v[2] += 1e-6;
            off.row(v, r.texts());
        }
        assertTrue(off.mismatch().contains("mean_usage_system expected"), off.mismatch());
        ResultCheck missing = a.newCheck();
        missing.row(a.rows().get(0).values(), a.rows().get(0).texts());
        assertTrue(missing.mismatch().contains("missing"), missing.mismatch());
        ResultCheck extra = a.newCheck();
        extra.row(a.rows().get(0).values(), new String[] {"host_99"});
        assertTrue(extra.mismatch().contains("unexpected row (host_99, hour 2016-01-01T"), extra.mismatch());
    }

    @Test
    void writtenAnswersReadBackTheSame() throws Exception {
        DevopsAnswers answers = DevopsAnswers.compute(SPEC, new CpuGenerator(SPEC).all());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        answers.writeTo(new DataOutputStream(bytes));
        DevopsAnswers read = DevopsAnswers.readFrom(SPEC, new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertEquals(answers.totalRows(), read.totalRows());
        for (DevopsQuery q : SPEC.catalog()) assertEquals(canonical(answers.answer(q).rows()), canonical(read.answer(q).rows()), q.id());
    }

    @Test
    void aTooShortOrTooSmallDataSetLeavesTypesOut() {
        DevopsSpec small = new DevopsSpec(4, SPEC.startNs(), SPEC.startNs() + Duration.ofHours(2).toNanos(), SPEC.intervalNs(), 1);
        Set<DevopsQueryType> drawn = small.catalog().stream().map(DevopsQuery::type).collect(Collectors.toCollection(() -> EnumSet.noneOf(DevopsQueryType.class)));
        assertEquals(EnumSet.of(DevopsQueryType.SINGLE_GROUPBY_1_1_1, DevopsQueryType.SINGLE_GROUPBY_5_1_1, DevopsQueryType.LASTPOINT,
                DevopsQueryType.GROUPBY_ORDERBY_LIMIT, DevopsQueryType.HOST_MINUTE_MAX_FIRST_10), drawn);
        assertNotNull(SPEC.catalog().get(0).toString());
    }

    /** Report D's query: host_0 from the data set's start to its end and to two fifths of it, its ten first minutes. */
    @Test
    void minuteMaxFirst10IsHost0sFirstTenMinutesOverTheWholeSpanAndItsFirstTwoFifths() throws Exception {
        DevopsAnswers answers = DevopsAnswers.compute(SPEC, new CpuGenerator(SPEC).all());
        DevopsQueryType type = DevopsQueryType.HOST_MINUTE_MAX_FIRST_10;
        List<DevopsQuery> spans = SPEC.catalog().stream().filter(q -> q.type() == type).toList();
        long startMs = SPEC.startNs() / 1_000_000L;
        long endMs = SPEC.endNs() / 1_000_000L;
        assertEquals(List.of(new DevopsQuery(type, List.of(0), startMs, endMs),
                new DevopsQuery(type, List.of(0), startMs, startMs + (endMs - startMs) * 2 / 5)), spans);
        assertEquals("devops.minute-max-first-10.host_0.1451606400000.1451653200000", spans.get(0).id());
        for (DevopsQuery q : spans) {
            List<Double> minutes = answers.answer(q).rows().stream().map(r -> r.values()[0]).sorted().toList();
            List<Double> first = new ArrayList<>();
            for (int i = 0; i < DevopsQueryType.FIRST_MINUTES; i++) first.add((double) startMs + i * 60_000L);
            assertEquals(first, minutes, q.id());
        }
    }

    /** The answers do not hang on the rows' order: the limited queries' minutes from rows newest first. */
    @Test
    void rowsInReverseTimeOrderGiveTheSameAnswers() throws Exception {
        List<long[]> rows = CpuGeneratorTest.rows(new CpuGenerator(SPEC).all());
        Hosts hosts = new CpuGenerator(SPEC).all().next(1).hosts();
        CpuBatch reversed = new CpuBatch(hosts, rows.size());
        for (int i = rows.size() - 1; i >= 0; i--) {
            long[] r = rows.get(i);
            int at = reversed.add((int) r[0], r[1]);
            System.arraycopy(r, 2, reversed.values(), at * CpuBatch.FIELD_COUNT, CpuBatch.FIELD_COUNT);
        }
        DevopsAnswers inOrder = DevopsAnswers.compute(SPEC, new CpuGenerator(SPEC).all());
        DevopsAnswers backwards = DevopsAnswers.compute(SPEC, once(reversed));
        for (DevopsQuery q : SPEC.catalog()) {
            assertEquals(canonical(inOrder.answer(q).rows()), canonical(backwards.answer(q).rows()), q.id());
        }
    }

    /** A source of one batch, then an empty one. */
    private static CpuSource once(CpuBatch batch) {
        return new CpuSource() {
            private boolean given;

            @Override
            public CpuBatch next(int rows) {
                if (given) return new CpuBatch(batch.hosts(), 1);
                given = true;
                return batch;
            }
        };
    }

    /** Rows as "texts|key values" to the other values, for comparing. */
    private static Map<String, List<Double>> canonical(List<RowsAnswer.Row> rows) {
        Map<String, List<Double>> out = new TreeMap<>();
        for (RowsAnswer.Row r : rows) {
            List<Double> v = new ArrayList<>();
            for (double d : r.values()) v.add(d);
            out.put(String.join(",", r.texts()) + "|" + v.get(0), v);
        }
        return out;
    }

    /** What the query type's description says, read naively from every row. */
    private static Map<String, List<Double>> bruteForce(DevopsQuery q, List<long[]> rows) {
        DevopsQueryType type = q.type();
        List<long[]> in = new ArrayList<>();
        for (long[] r : rows) {
            boolean host = type.hosts() == 0 || q.hosts().contains((int) r[0]);
            boolean time = !type.windowed() || (type == DevopsQueryType.GROUPBY_ORDERBY_LIMIT ? r[1] < q.windowEndNs()
                    : r[1] >= q.windowStartNs() && r[1] < q.windowEndNs());
            if (host && time) in.add(r);
        }
        List<RowsAnswer.Row> out = new ArrayList<>();
        int metrics = type.metrics().size();
        switch (type) {
            case HIGH_CPU_1, HIGH_CPU_ALL -> {
                for (long[] r : in) if (r[2] > 90) out.add(row("host_" + r[0], r, 1 + 10));
            }
            case LASTPOINT -> {
                Map<Long, long[]> last = new TreeMap<>();
                for (long[] r : in) last.merge(r[0], r, (a, b) -> a[1] >= b[1] ? a : b);
                for (long[] r : last.values()) out.add(row("host_" + r[0], r, 11));
            }
            default -> {
                long bucketMs = type.bucket().toMillis();
                Map<String, List<long[]>> groups = new TreeMap<>();
                for (long[] r : in) {
                    long bucket = Math.floorDiv(r[1] / 1_000_000L, bucketMs) * bucketMs;
                    groups.computeIfAbsent((type.perHost() ? "host_" + r[0] : "") + "|" + bucket, k -> new ArrayList<>()).add(r);
                }
                groups.forEach((key, members) -> {
                    double[] v = new double[1 + metrics];
                    v[0] = Double.parseDouble(key.substring(key.indexOf('|') + 1));
                    for (int m = 0; m < metrics; m++) {
                        final int f = m;
                        v[1 + m] = type.aggregate().equals("avg") ? members.stream().mapToLong(r -> r[2 + f]).average().orElseThrow()
                                : members.stream().mapToLong(r -> r[2 + f]).max().orElseThrow();
                    }
                    String host = key.substring(0, key.indexOf('|'));
                    out.add(RowsAnswer.Row.exact(type.perHost() ? new String[] {host} : new String[0], v));
                });
                if (type == DevopsQueryType.GROUPBY_ORDERBY_LIMIT) {
                    out.sort((a, b) -> Double.compare(b.values()[0], a.values()[0]));
                    out.subList(Math.min(DevopsQueryType.LIMIT, out.size()), out.size()).clear();
                }
                if (type == DevopsQueryType.HOST_MINUTE_MAX_FIRST_10) {
                    out.sort((a, b) -> Double.compare(a.values()[0], b.values()[0]));
                    out.subList(Math.min(DevopsQueryType.FIRST_MINUTES, out.size()), out.size()).clear();
                }
            }
        }
        return canonical(out);
    }

    private static RowsAnswer.Row row(String host, long[] r, int n) {
        double[] v = new double[n];
        v[0] = r[1] / 1_000_000L;
        for (int f = 1; f < n; f++) v[f] = r[1 + f];
        return RowsAnswer.Row.exact(new String[] {host}, v);
    }
}
