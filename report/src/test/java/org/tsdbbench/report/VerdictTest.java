package org.tsdbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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

    /**
     * Exactly a tenth of the published rows on each side gives a verdict; a row fewer, or a side
     * whose rows were not recorded, does not.
     */
    @Test
    void eachSideNeedsATenthOfItsPublishedRows() {
        LikeForLike tenth = new LikeForLike().rows("TDengine", 10_000_000, 100_000_000)
                .rows("Cassandra", 10_000_000, 100_000_000);
        assertTrue(tenth.reasons().isEmpty());
        LikeForLike fewer = new LikeForLike().rows("TDengine", 9_999_999, 100_000_000)
                .rows("Cassandra", 10_000_000, 100_000_000);
        assertEquals(List.of("under a tenth of the published rows: TDengine 9,999,999 of 100,000,000"),
                fewer.reasons());
        assertEquals(Verdict.INDICATIVE, fewer.verdict(17.7, m -> Verdict.of(17.3, m)));
        // 9.6 M of 100 M rounds to "1/10" but is under a tenth
        LikeForLike rounded = new LikeForLike().rows("TDengine", 9_600_000, 100_000_000);
        assertEquals(Verdict.INDICATIVE, rounded.verdict(17.7, m -> Verdict.of(17.3, m)));
        assertEquals(List.of("under a tenth of the published rows: MySQL rows not recorded"),
                new LikeForLike().rows("MySQL", 0, 20_000).reasons());
    }

    /**
     * Every reason is said, in order, the rows last; without a measured ratio the row is not
     * measured whatever its reasons.
     */
    @Test
    void aRowWithAReasonIsIndicativeAndSaysItsReasons() {
        LikeForLike basis = new LikeForLike().unless("the cells differ").unless(null).rows("TDengine", 100, 200_000)
                .unless("a setting from elsewhere");
        assertEquals(List.of("the cells differ", "a setting from elsewhere",
                "under a tenth of the published rows: TDengine 100 of 200,000"), basis.reasons());
        assertEquals(Verdict.INDICATIVE, basis.verdict(5, m -> Verdict.HOLDS));
        assertEquals(Verdict.NOT_MEASURED, basis.verdict(Double.NaN, m -> Verdict.HOLDS));
        assertEquals("indicative: the cells differ; a setting from elsewhere; under a tenth of the published rows: "
                + "TDengine 100 of 200,000", Verdict.INDICATIVE.text(basis.reasons(), null));
        assertEquals(Verdict.LARGER, new LikeForLike().verdict(48.1, m -> Verdict.of(24, m)),
                "like for like: the verdict on the ratio");
    }

    @Test
    void aVerdictSaysWhoseLeadItSpeaksOf() {
        assertEquals("holds within 2x (InfluxDB's lead)", Verdict.HOLDS.text(List.of(), "InfluxDB"));
        assertEquals("larger", Verdict.LARGER.text(List.of(), null));
        assertEquals("reversed", Verdict.REVERSED.text(List.of(), "InfluxDB"));
    }

    /**
     * Report C's bounds: "at most 3.3x" holds any smaller lead of TDengine; a claim of who led
     * holds while it leads.
     */
    @Test
    void anUpperBoundHoldsASmallerLeadAndAClaimOfWhoLedHoldsWhileItLeads() {
        assertEquals(Verdict.HOLDS, Verdict.atMost(3.3, 1.2));
        assertEquals(Verdict.LARGER, Verdict.atMost(3.3, 8));
        assertEquals(Verdict.REVERSED, Verdict.atMost(3.3, 0.5));
        assertEquals(Verdict.HOLDS, Verdict.lead(1.5));
        assertEquals(Verdict.REVERSED, Verdict.lead(0.9));
        assertEquals(Verdict.NOT_MEASURED, Verdict.lead(Double.NaN));
    }
}
