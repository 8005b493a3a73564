package org.tsdbbench.report;

import java.util.List;

/**
 * What a run says of one published ratio. Ratios are the lead of the first database (TDengine's,
 * or CnosDB's in report D; above 1, it is ahead), so the rules read the same for rows/s, latency
 * and disk; smaller and larger are said of the lead of whoever led in the report. A row that is
 * not like for like ({@link LikeForLike}) gets no verdict: it is indicative, with its reasons.
 */
enum Verdict {
    /** The measured lead (of whoever led in the report) is between half and twice the published one. */
    HOLDS("holds within 2x"),
    /** Same side ahead, but its measured lead is under half its published one. */
    SMALLER("smaller"),
    /** Same side ahead, and its measured lead is over twice its published one. */
    LARGER("larger"),
    /** The other side is ahead: the published lead is above 1 and the measured below 1, or the other way round. */
    REVERSED("reversed"),
    /** This run has no figure of one of the two databases for the test. */
    NOT_MEASURED("not measured"),
    /** Both measured, but not like for like with the published test: a ratio, no verdict. */
    INDICATIVE("indicative");

    /** How far a measured ratio may be from the published one and still hold: a factor of 2 either way. */
    static final double TOLERANCE = 2;

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    /** The verdict on a measured ratio against the published one; NaN (or not positive) measured is "not measured". */
    static Verdict of(double published, double measured) {
        if (!(published > 0)) throw new IllegalArgumentException("published ratio " + published + ": must be positive");
        if (Double.isNaN(measured) || !(measured > 0) || Double.isInfinite(measured)) return NOT_MEASURED;
        if ((published > 1 && measured < 1) || (published < 1 && measured > 1)) return REVERSED;
        // The leader's lead: TDengine's when it led, else the other's (1 / ratio); a grown lead of the other is larger.
        double factor = published >= 1 ? measured / published : published / measured;
        if (factor < 1 / TOLERANCE) return SMALLER;
        if (factor > TOLERANCE) return LARGER;
        return HOLDS;
    }

    /** The verdict on a published upper bound ("at most 3.3x"): a smaller lead of the same side is within it. */
    static Verdict atMost(double published, double measured) {
        Verdict v = of(published, measured);
        return v == SMALLER ? HOLDS : v;
    }

    /**
     * The verdict on a published claim of who led, with no figure: any lead of the first (above 1)
     * holds it; an even or reversed ratio is reversed (the claim was the first's lead).
     */
    static Verdict lead(double measured) {
        if (!(measured > 0) || Double.isInfinite(measured)) return NOT_MEASURED;
        return measured > 1 ? HOLDS : REVERSED;
    }

    /**
     * The verdict as a row says it: indicative with its reasons ("indicative: under a tenth of the
     * published rows: ..."); holds, smaller and larger of the other's lead when the other database
     * led in the report ({@code otherLed} names it, null when the first led).
     */
    String text(List<String> reasons, String otherLed) {
        return switch (this) {
            case INDICATIVE -> text + ": " + String.join("; ", reasons);
            case HOLDS, SMALLER, LARGER -> text + (otherLed == null ? "" : " (" + otherLed + "'s lead)");
            default -> text;
        };
    }

    @Override
    public String toString() {
        return text;
    }
}
