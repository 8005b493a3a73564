package org.tsdbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class VerdictTest {

    @Test
    void withinAFactorOfTwoEitherWayHolds() {
        assertEquals(Verdict.HOLDS, Verdict.of(24, 24));
        assertEquals(Verdict.HOLDS, Verdict.of(24, 12));
        assertEquals(Verdict.HOLDS, Verdict.of(24, 48));
        assertEquals(Verdict.HOLDS, Verdict.of(4400, 3000));
        assertEquals("holds within 2x", Verdict.HOLDS.toString());
    }

    @Test
    void aLeadUnderHalfThePublishedIsSmallerAndOverTwiceIsLarger() {
        assertEquals(Verdict.SMALLER, Verdict.of(24, 11.9));
        assertEquals(Verdict.SMALLER, Verdict.of(4400, 3));
        assertEquals(Verdict.LARGER, Verdict.of(24, 48.1));
        assertEquals(Verdict.LARGER, Verdict.of(1.5, 40));
    }

    @Test
    void theOtherSideAheadIsReversed() {
        assertEquals(Verdict.REVERSED, Verdict.of(24, 0.8));
        assertEquals(Verdict.REVERSED, Verdict.of(1.2, 0.9), "even within a factor of two, the other database is ahead");
        assertEquals(Verdict.REVERSED, Verdict.of(0.5, 3));
        assertEquals(Verdict.HOLDS, Verdict.of(24, 24), "same side");
    }

    @Test
    void noMeasuredRatioIsNotMeasured() {
        assertEquals(Verdict.NOT_MEASURED, Verdict.of(24, Double.NaN));
        assertEquals(Verdict.NOT_MEASURED, Verdict.of(24, 0));
        assertEquals(Verdict.NOT_MEASURED, Verdict.of(24, Double.POSITIVE_INFINITY));
        assertEquals("not measured", Verdict.NOT_MEASURED.toString());
        assertThrows(IllegalArgumentException.class, () -> Verdict.of(Double.NaN, 2));
    }
}
