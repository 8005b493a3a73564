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

    /**
     * The other database led in the report (ratio below 1: InfluxDB's disk in report A's 3.5, 184,900 KB
     * against TDengine's 245,868, ratio 0.75): a lead of the other that grew is larger, one that shrank smaller.
     */
    @Test
    void whenTheOtherLedSmallerAndLargerSpeakOfItsLead() {
        assertEquals(Verdict.LARGER, Verdict.of(0.75, 0.3), "the other's lead went from 1.33x to 3.3x: larger");
        assertEquals(Verdict.SMALLER, Verdict.of(0.25, 0.9), "the other's lead went from 4x to 1.1x: smaller");
        assertEquals(Verdict.HOLDS, Verdict.of(0.75, 0.6));
        assertEquals(Verdict.REVERSED, Verdict.of(0.75, 1.5));
    }

    @Test
    void aRunMoreThanTenTimesSmallerIsIndicative() {
        assertEquals(Verdict.INDICATIVE, Verdict.of(24, 24, 1000));
        assertEquals(Verdict.HOLDS, Verdict.of(24, 24, 10), "ten times smaller still gives a verdict");
        assertEquals(Verdict.NOT_MEASURED, Verdict.of(24, Double.NaN, 1000));
    }
}
