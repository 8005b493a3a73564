package org.tsdbbench.common.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class AnswerCheckTest {

    private static Answer.Values values(String id, double... keyValue) {
        TreeMap<Long, Double> m = new TreeMap<>();
        for (int i = 0; i < keyValue.length; i += 2) m.put((long) keyValue[i], keyValue[i + 1]);
        return new Answer.Values(LogicalQuery.parse(id), m);
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
    void averagesWithinTolerance() {
        Answer.Check c = values("q2.avg.p10", 0, 10.123456).newCheck();
        c.row(new double[] {10.1235}); // MySQL's four decimals
        assertNull(c.mismatch());
        Answer.Check off = values("q2.avg.p10", 0, 10.123456).newCheck();
        off.row(new double[] {10.13});
        assertTrue(off.mismatch().startsWith("q2.avg.p10: expected 10.123456, got 10.130000"), off.mismatch());
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
        Answer.Rows rows = new Answer.Rows(LogicalQuery.fullRead(0), new Answer.Checksum(2, 30, 3000, 200, 100.5));
        Answer.Check c = rows.newCheck();
        c.row(new double[] {1000, 100, 10, 50.25});
        c.row(new double[] {2000, 100, 20, 50.25});
        assertNull(c.mismatch());
        Answer.Check short1 = rows.newCheck();
        short1.row(new double[] {1000, 100, 10, 50.25});
        assertTrue(short1.mismatch().startsWith("q1.g0: expected rows=2"), short1.mismatch());
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
