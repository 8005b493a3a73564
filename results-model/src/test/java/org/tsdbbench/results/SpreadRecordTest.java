package org.tsdbbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The 95% interval of a cell's iterations decides whether another run is needed and whether the cell is unstable. */
class SpreadRecordTest {

    @Test
    void theIntervalIsStudentsTOverTheIterations() {
        // mean 100, sample sd 10, n 4: t(3, 0.975) = 3.182, half-width 3.182 * 10 / 2 = 15.9
        SpreadRecord.Interval s = SpreadRecord.Interval.of(List.of(90.0, 100.0, 110.0, 100.0 + 0.0 * 1));
        assertEquals(100, s.mean(), 1e-9);
        assertEquals(3.1824 * Math.sqrt(200.0 / 3) / 2, s.halfWidth(), 1e-3);
        assertEquals(90, s.min());
        assertEquals(110, s.max());
        assertFalse(s.within(10), "+-13% is not within 10%");
        assertTrue(s.within(15));
    }

    @Test
    void moreIterationsOfTheSameSpreadNarrowTheInterval() {
        SpreadRecord.Interval three = SpreadRecord.Interval.of(List.of(95.0, 100.0, 105.0));
        SpreadRecord.Interval nine = SpreadRecord.Interval.of(List.of(95.0, 100.0, 105.0, 95.0, 100.0, 105.0, 95.0, 100.0, 105.0));
        assertTrue(nine.halfWidthPercent() < three.halfWidthPercent() / 3, three + " vs " + nine);
        assertTrue(nine.within(5) && !three.within(5), three + " vs " + nine);
    }

    @Test
    void oneIterationHasNoIntervalAndIsNeverStable() {
        SpreadRecord.Interval one = SpreadRecord.Interval.of(List.of(42.0));
        assertTrue(Double.isNaN(one.halfWidthPercent()));
        assertFalse(one.within(50));
        assertEquals(0, SpreadRecord.Interval.of(List.of()).n());
    }

    @Test
    void theRecordHoldsTheIntervalItsCellIsJudgedBy() {
        SpreadRecord r = SpreadRecord.of(List.of(90.0, 100.0, 110.0, 100.0));
        assertEquals(100 * 3.1824 * Math.sqrt(200.0 / 3) / 2 / 100, r.ci95Percent(), 1e-3);
        assertEquals(90.0, r.min());
        assertEquals(110.0, r.max());
        assertTrue(r.unstable(), "+-15.9% is wider than +-10%");
        assertFalse(SpreadRecord.of(List.of(99.0, 100.0, 101.0, 100.0)).unstable());
        SpreadRecord one = SpreadRecord.of(List.of(42.0));
        assertEquals(null, one.ci95Percent(), "no interval with one iteration: absent, never NaN");
        assertTrue(one.unstable());
        assertEquals(null, SpreadRecord.of(List.of()));
    }
}
