package org.tsdbbench.common.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.data.DeviceGenerator;
import org.tsdbbench.common.data.WorkloadSpec;

class AnswerCheckTest {

    /** Exact values by key. */
    private static Answer.Values values(String id, double... keyValue) {
        TreeMap<Long, Double> m = new TreeMap<>();
        for (int i = 0; i < keyValue.length; i += 2) m.put((long) keyValue[i], keyValue[i + 1]);
        return new Answer.Values(LogicalQuery.parse(id), m, new TreeMap<>());
    }

    @Test
    void exactFunctionsMustMatchExactly() {
        Answer.Check c = values("q2.sum.p10", 0, 1234).newCheck();
        c.row(new double[] {1235});
        assertEquals("q2.sum.p10: expected 1234, got 1235", c.mismatch());
        Answer.Check ok = values("q2.sum.p10", 0, 1234).newCheck();
        ok.row(new double[] {1234});
        assertNull(ok.mismatch());
    }

    @Test
    void averagesWithinTheirTolerance() {
        Answer.Values avg = new Answer.Values(LogicalQuery.parse("q2.avg.p10"), new TreeMap<>(Map.of(0L, 10.123456)),
                new TreeMap<>(Map.of(0L, 1e-4)));
        Answer.Check c = avg.newCheck();
        c.row(new double[] {10.1235});
        assertNull(c.mismatch());
        Answer.Check off = avg.newCheck();
        off.row(new double[] {10.13});
        assertEquals("q2.avg.p10: expected 10.123456 (+- 0.000100), got 10.13", off.mismatch());
    }

    @Test
    void missingExtraAndDuplicateKeysAreNamed() {
        Answer.Check missing = values("q3.count.p20", 0, 5, 1, 6).newCheck();
        missing.row(new double[] {0, 5});
        assertTrue(missing.mismatch().contains("devgroup 1: missing (expected 6); 1 of 2 rows returned"), missing.mismatch());

        Answer.Check extra = values("q3.count.p20", 0, 5).newCheck();
        extra.row(new double[] {0, 5});
        extra.row(new double[] {7, 1});
        assertTrue(extra.mismatch().contains("unexpected devgroup 7"), extra.mismatch());

        Answer.Check twice = values("q4.count.p10", 1_563_249_660_000L, 5).newCheck();
        twice.row(new double[] {1_563_249_660_000L, 5});
        twice.row(new double[] {1_563_249_660_000L, 5});
        assertTrue(twice.mismatch().contains("minute 2019-07-16T04:01:00Z: returned twice"), twice.mismatch());
    }

    @Test
    void fullReadChecksum() {
        Answer.Rows rows = rowsAnswer(new double[][] {{1000, 100, 10, 50.25}, {2000, 100, 20, 50.25}});
        Answer.Check c = rows.newCheck();
        c.row(new double[] {1000, 100, 10, 50.25});
        c.row(new double[] {2000, 100, 20, 50.25});
        assertNull(c.mismatch());
        Answer.Check short1 = rows.newCheck();
        short1.row(new double[] {1000, 100, 10, 50.25});
        assertTrue(short1.mismatch().startsWith("q1.g0: expected rows=2"), short1.mismatch());
    }

    /**
     * Temperature is an integer column: a database that returns 20.7 where 20 was written has not
     * returned the row, though the old cast to long read it as 20 (issue 31). A whole number sent
     * as a double (20.0) is the same value.
     */
    @Test
    void aTemperatureThatIsNotAWholeNumberFails() {
        Answer.Rows rows = rowsAnswer(new double[][] {{1000, 100, 20, 50.25}, {2000, 100, 21, 50.25}});
        Answer.Check fraction = rows.newCheck();
        fraction.row(new double[] {1000, 100, 20.7, 50.25});
        fraction.row(new double[] {2000, 100, 21, 50.25});
        assertEquals("q1.g0: the row at ts 1000 of device 100 has temperature 20.7, not a whole number", fraction.mismatch());
        Answer.Check missing = rows.newCheck();
        missing.row(new double[] {1000, 100, Double.NaN, 50.25});
        missing.row(new double[] {2000, 100, 21, 50.25});
        assertEquals("q1.g0: the row at ts 1000 of device 100 has temperature NaN, not a whole number", missing.mismatch());
        Answer.Check whole = rows.newCheck();
        whole.row(new double[] {1000.0, 100.0, 20.0, 50.25});
        whole.row(new double[] {2000, 100, 21, 50.25});
        assertNull(whole.mismatch());
    }

    @Test
    void aTimestampOrDeviceThatIsNotAWholeNumberFails() {
        Answer.Rows rows = rowsAnswer(new double[][] {{1000, 100, 20, 50.25}});
        Answer.Check ts = rows.newCheck();
        ts.row(new double[] {1000.5, 100, 20, 50.25});
        assertEquals("q1.g0: a row has ts 1000.5, not a whole number", ts.mismatch());
        Answer.Check devid = rows.newCheck();
        devid.row(new double[] {1000, 100.25, 20, 50.25});
        assertEquals("q1.g0: the row at ts 1000 has devid 100.25, not a whole number", devid.mismatch());
    }

    /** The rows of a q6 range straight from the generator, as a database returns them: {@code ts, devid, temperature, humidity}. */
    private static double[][] generatedRows(DeviceGenerator g, int devid, int n) {
        double[][] rows = new double[n][];
        for (int row = 0; row < n; row++) {
            rows[row] = new double[] {g.spec().timestamp(row), devid, g.temperature(devid, row), g.humidityCenti(devid, row) / 100f};
        }
        return rows;
    }

    private static final WorkloadSpec SPEC = new WorkloadSpec(10, 50, 1_563_249_700_000L, 7);

    private static Answer rangeOfDevice7(DeviceGenerator g) {
        return ExpectedAnswers.range(g, SPEC.rowsPerDevice(), LogicalQuery.range(7, SPEC.startTs(), SPEC.endTs()));
    }

    private static String check(Answer answer, double[][] rows) {
        Answer.Check c = answer.newCheck();
        for (double[] r : rows) c.row(r.clone());
        return c.mismatch();
    }

    @Test
    void rowsInAnyOrderPass() {
        DeviceGenerator g = new DeviceGenerator(SPEC);
        double[][] rows = generatedRows(g, 7, SPEC.rowsPerDevice());
        assertNull(check(rangeOfDevice7(g), rows));
        List<double[]> shuffled = new ArrayList<>(Arrays.asList(rows));
        Collections.shuffle(shuffled, new Random(1));
        assertNull(check(rangeOfDevice7(g), shuffled.toArray(double[][]::new)));
    }

    @Test
    void twoRowsWithSwappedTemperaturesFailThoughEverySumIsTheSame() {
        DeviceGenerator g = new DeviceGenerator(SPEC);
        double[][] rows = generatedRows(g, 7, SPEC.rowsPerDevice());
        int other = 1;
        while (rows[other][2] == rows[0][2]) other++;
        double t = rows[0][2];
        rows[0][2] = rows[other][2];
        rows[other][2] = t;
        String mismatch = check(rangeOfDevice7(g), rows);
        assertNotNull(mismatch, "swapped temperatures passed");
        assertTrue(mismatch.contains("fingerprint="), mismatch);
    }

    @Test
    void humidityMovedBetweenRowsFailsAndHumidityAsADatabasePrintsItPasses() {
        DeviceGenerator g = new DeviceGenerator(SPEC);
        double[][] rows = generatedRows(g, 7, SPEC.rowsPerDevice());
        // A FLOAT column read as double (57.27f is 57.27000045776367), or its text parsed: the same hundredths.
        double[][] printed = new double[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            printed[i] = rows[i].clone();
            printed[i][3] = Double.parseDouble(Float.toString((float) rows[i][3]));
        }
        assertNull(check(rangeOfDevice7(g), printed));
        rows[0][3] += 0.01;
        rows[1][3] -= 0.01;
        assertNotNull(check(rangeOfDevice7(g), rows), "0.01 moved from one row's humidity to another's passed");
    }

    @Test
    void aRowReturnedTwiceInPlaceOfAnotherFails() {
        DeviceGenerator g = new DeviceGenerator(SPEC);
        double[][] rows = generatedRows(g, 7, SPEC.rowsPerDevice());
        rows[1] = rows[0].clone();
        assertNotNull(check(rangeOfDevice7(g), rows));
    }

    private static Answer.Rows rowsAnswer(double[][] rows) {
        GroupStats s = new GroupStats();
        for (double[] r : rows) s.add((int) r[1], (long) r[0], (int) r[2], (float) r[3]);
        return new Answer.Rows(LogicalQuery.fullRead(0),
                new Answer.Checksum(s.count, s.sum, s.sumTs, s.sumDevid, s.sumHumidityCenti, s.fingerprint));
    }

    @Test
    void nullMatchesOnlyAnEmptySelection() {
        Answer.Check c = values("q2.avg.p10", 0, Double.NaN).newCheck();
        c.row(new double[] {Double.NaN});
        assertNull(c.mismatch());
        Answer.Check d = values("q2.avg.p10", 0, 3).newCheck();
        d.row(new double[] {Double.NaN});
        assertTrue(d.mismatch() != null);
    }
}
