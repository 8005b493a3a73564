package org.tsdbbench.common.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.data.DeviceGenerator;
import org.tsdbbench.common.data.WorkloadSpec;

/**
 * The expected answers computed two independent ways: the streaming totals of ExpectedAnswers, and
 * brute force straight from the generator's random-access values, query by query.
 */
class ExpectedAnswersTest {

    // 250 devices: groups 0..49 hold 3 devices, 50..99 hold 2; 150 rows start mid-minute.
    private static final WorkloadSpec SPEC = new WorkloadSpec(250, 150, 1_563_249_700_000L, 99);

    @Test
    void streamingEqualsBruteForceForEveryCatalogQuery() {
        ExpectedAnswers answers = ExpectedAnswers.of(SPEC);
        DeviceGenerator g = new DeviceGenerator(SPEC);
        assertEquals(SPEC.totalRows(), answers.totalRows());
        for (LogicalQuery q : QueryCatalog.all()) {
            Answer a = answers.answer(q);
            Answer.Check check = a.newCheck();
            feedBruteForce(q, g, check);
            assertNull(check.mismatch(), () -> "brute force disagrees with streaming totals for " + q.id());
        }
    }

    private static int bytes(WorkloadSpec spec) throws java.io.IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        ExpectedAnswers.of(spec).writeTo(new java.io.DataOutputStream(out));
        return out.size();
    }

    /**
     * What a run keeps in memory to check every answer hardly grows with the devices: totals per
     * group and per (group, minute), q5's device's rows, and each group's temperatures at its first
     * and last instant (bounded by the distinct temperatures). So 100 devices x 10,000 rows give
     * about the size 10,000 devices x 10,000 rows (the published 100 M) do, well within -Xmx512m.
     */
    @Test
    void theAnswersDoNotGrowWithDevicesAndStaySmallAtThePublishedScale() throws Exception {
        long start = 1_563_249_700_000L;
        // Only q2's first and last grow with devices: the distinct temperatures a group's devices hold at its first and last
        // instant, at most 100 groups x 2 instants x 100 values of 4 bytes, however many devices.
        int hundred = bytes(new WorkloadSpec(100, 2_000, start, 7));
        int more = bytes(new WorkloadSpec(300, 2_000, start, 7));
        assertTrue(more >= hundred && more - hundred < 100 * 2 * 100 * 4, "100 devices " + hundred + " bytes, 300 devices " + more);
        int published = bytes(new WorkloadSpec(100, 10_000, start, 7));
        // 100 groups x 167 minutes of totals, and q5's 10,000 rows of 16 bytes
        System.out.printf("[answers] the expected answers of 10,000 rows per device (100 M rows at 10,000 devices): %,d bytes%n", published);
        assertTrue(published < 2_000_000, published + " bytes");
        assertTrue(published > 10_000 * 16, "q5's rows are kept: " + published + " bytes");
    }

    @Test
    void knownValues() {
        ExpectedAnswers answers = ExpectedAnswers.of(SPEC);
        Answer.Values count10 = (Answer.Values) answers.answer(LogicalQuery.parse("q2.count.p10"));
        // devgroup < 10: devices 10..249 with devid % 100 < 10 plus devids 1..9: 3*10 - 1 (no devid 0) = 29.
        assertEquals(29.0 * 150, count10.expected().get(0L));
        Answer.Values q4 = (Answer.Values) answers.answer(LogicalQuery.parse("q4.count.p100"));
        // 150 s from 04:01:40: buckets 04:01 (20 s), 04:02 (60 s), 04:03 (60 s), 04:04 (10 s).
        assertEquals(4, q4.expected().size());
        assertEquals(20.0 * 250, q4.expected().get(1_563_249_660_000L));
        assertEquals(10.0 * 250, q4.expected().get(q4.expected().lastKey()));
    }

    /** Computes the query's rows from nothing but the generator and feeds them to the check. */
    private static void feedBruteForce(LogicalQuery q, DeviceGenerator g, Answer.Check check) {
        if (q.family() == QueryFamily.Q5_DEVICE_FUNCTION) {
            feedDeviceFunction(q, g, check);
            return;
        }
        if (q.family() == QueryFamily.Q2_AGGREGATE && (q.function() == Aggregate.FIRST || q.function() == Aggregate.LAST)) {
            // Every device starts and ends at the same instant: any selected device's first (last) row will do, here the highest devid's.
            int devid = SPEC.numOfDevices();
            while (devid % 100 >= q.groupLimit()) devid--;
            check.row(new double[] {g.temperature(devid, q.function() == Aggregate.FIRST ? 0 : SPEC.rowsPerDevice() - 1)});
            return;
        }
        Map<Long, double[]> acc = new TreeMap<>(); // key -> count, sum, min, max, sumsq
        for (int devid = 1; devid <= SPEC.numOfDevices(); devid++) {
            int group = devid % 100;
            for (int row = 0; row < SPEC.rowsPerDevice(); row++) {
                long ts = SPEC.timestamp(row);
                int t = g.temperature(devid, row);
                if (q.family() == QueryFamily.Q1_FULL_READ) {
                    if (group == q.group()) check.row(new double[] {ts, devid, t, g.humidityCenti(devid, row) / 100f});
                    continue;
                }
                if (group >= q.groupLimit()) continue;
                long key = switch (q.family()) {
                    case Q3_GROUP_BY_TAG -> group;
                    case Q4_GROUP_BY_MINUTE -> ts - Math.floorMod(ts, 60_000L);
                    default -> 0;
                };
                double[] a = acc.computeIfAbsent(key, k -> new double[] {0, 0, Double.MAX_VALUE, -Double.MAX_VALUE, 0});
                a[0]++;
                a[1] += t;
                a[2] = Math.min(a[2], t);
                a[3] = Math.max(a[3], t);
                a[4] += (double) t * t;
            }
        }
        acc.forEach((key, a) -> {
            double mean = a[1] / a[0];
            double v = switch (q.function()) {
                case COUNT -> a[0];
                case SUM -> a[1];
                case MIN -> a[2];
                case MAX -> a[3];
                case SPREAD -> a[3] - a[2];
                case AVG -> mean;
                case STDDEV -> Math.sqrt(a[4] / a[0] - mean * mean);
                case FIRST, LAST, PERCENTILE -> throw new IllegalStateException("not a q2..q4 function: " + q.id());
            };
            if (q.family() == QueryFamily.Q2_AGGREGATE) check.row(new double[] {v});
            else check.row(new double[] {key, v});
        });
    }

    /** q5 by brute force: the device's temperatures in row (time) order; the percentile by nearest rank. */
    private static void feedDeviceFunction(LogicalQuery q, DeviceGenerator g, Answer.Check check) {
        int n = SPEC.rowsPerDevice();
        double[] t = new double[n];
        for (int row = 0; row < n; row++) t[row] = g.temperature(q.device(), row);
        java.util.DoubleSummaryStatistics st = java.util.Arrays.stream(t).summaryStatistics();
        double mean = st.getAverage();
        double[] sorted = t.clone();
        java.util.Arrays.sort(sorted);
        double v = switch (q.function()) {
            case COUNT -> n;
            case SUM -> st.getSum();
            case MIN -> st.getMin();
            case MAX -> st.getMax();
            case AVG -> mean;
            case STDDEV -> Math.sqrt(java.util.Arrays.stream(t).map(x -> (x - mean) * (x - mean)).sum() / n);
            case FIRST -> t[0];
            case LAST -> t[n - 1];
            case PERCENTILE -> sorted[(int) Math.ceil(Aggregate.PERCENTILE_LEVEL / 100.0 * n) - 1];
            case SPREAD -> throw new IllegalStateException("q5 has no spread");
        };
        check.row(new double[] {v});
    }

    @Test
    void percentileAcceptsTheNeighbouringRanksOnlyAndFirstLastFollowTime() {
        ExpectedAnswers answers = ExpectedAnswers.of(SPEC);
        DeviceGenerator g = new DeviceGenerator(SPEC);
        Answer.Within p90 = (Answer.Within) answers.answer(LogicalQuery.deviceFunction(Aggregate.PERCENTILE, QueryCatalog.DEVICE));
        int[] sorted = java.util.stream.IntStream.range(0, 150).map(r -> g.temperature(1, r)).sorted().toArray();
        // 150 rows: 0.9 x 150 = 135, so ranks 134 .. 135 (0-based) are the ones accepted.
        assertEquals(sorted[134], p90.low());
        assertEquals(sorted[135], p90.high());
        Answer.Check median = p90.newCheck();
        median.row(new double[] {sorted[75]});
        org.junit.jupiter.api.Assertions.assertNotNull(sorted[75] < sorted[134] ? median.mismatch() : "equal values");
        Answer.Values last = (Answer.Values) answers.answer(LogicalQuery.parse("q5.last.d1"));
        assertEquals(g.temperature(1, 149), last.expected().get(0L));
        Answer.Check twoRows = last.newCheck();
        twoRows.row(new double[] {1});
        twoRows.row(new double[] {2});
        org.junit.jupiter.api.Assertions.assertNotNull(twoRows.mismatch());
    }

    /**
     * q2's first over many devices: every device holds a row at the data set's first instant, so
     * the temperature of any of them is right, and one no device holds there is wrong.
     */
    @Test
    void q2FirstAcceptsAnyDeviceAtTheEarliestInstantAndNoOtherTemperature() {
        ExpectedAnswers answers = ExpectedAnswers.of(SPEC);
        DeviceGenerator g = new DeviceGenerator(SPEC);
        Answer.OneOf first = (Answer.OneOf) answers.answer(LogicalQuery.parse("q2.first.p10"));
        assertEquals(SPEC.startTs(), first.ts());
        java.util.Set<Integer> atStart = new java.util.TreeSet<>();
        for (int devid = 1; devid <= SPEC.numOfDevices(); devid++) if (devid % 100 < 10) atStart.add(g.temperature(devid, 0));
        assertEquals(atStart, first.temperatures());
        for (int t : atStart) {
            Answer.Check check = first.newCheck();
            check.row(new double[] {t});
            assertNull(check.mismatch(), "temperature " + t + " is one of the rows at the first instant");
        }
        int absent = first.temperatures().last() + 1;
        Answer.Check wrong = first.newCheck();
        wrong.row(new double[] {absent});
        String mismatch = wrong.mismatch();
        assertTrue(mismatch != null && mismatch.startsWith("q2.first.p10: expected one of [") && mismatch.endsWith(", got " + absent),
                String.valueOf(mismatch));
        // The last instant of the whole data set, over every device.
        Answer.OneOf last = (Answer.OneOf) answers.answer(LogicalQuery.parse("q2.last.p100"));
        assertEquals(SPEC.timestamp(SPEC.rowsPerDevice() - 1), last.ts());
        assertTrue(last.temperatures().contains(g.temperature(SPEC.numOfDevices(), SPEC.rowsPerDevice() - 1)));
    }

    @Test
    void rangeAnswersComeFromTheGenerator() {
        DeviceGenerator g = new DeviceGenerator(SPEC);
        long t0 = SPEC.startTs();
        Answer.Rows r = (Answer.Rows) ExpectedAnswers.range(g, SPEC.rowsPerDevice(), LogicalQuery.range(7, t0 + 2_000, t0 + 5_000));
        assertEquals(3, r.expected().count());
        assertEquals(g.temperature(7, 2) + g.temperature(7, 3) + g.temperature(7, 4), r.expected().sumTemperature());
        // Past the data set's end there is nothing, until the volume test has written rows there.
        LogicalQuery past = LogicalQuery.range(0, SPEC.endTs(), SPEC.endTs() + 10_000);
        assertEquals(0, ((Answer.Rows) ExpectedAnswers.range(g, SPEC.rowsPerDevice(), past)).expected().count());
        assertEquals(6L * SPEC.numOfDevices(), ((Answer.Rows) ExpectedAnswers.range(g, SPEC.rowsPerDevice() + 6, past)).expected().count());
    }
}
