package org.tsdbbench.report;

/**
 * What a run says of one published ratio. Ratios are TDengine's lead (how many times better its
 * figure is; above 1, TDengine ahead), so the rules read the same for rows/s, latency and disk;
 * smaller and larger are said of the lead of whoever led in the report (the other database's when
 * the published ratio is below 1), and a run far smaller than the published one gives no verdict.
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
    /** This run has no figure of TDengine or of the other database for the test. */
    NOT_MEASURED("not measured"),
    /** Both measured, but on a data set more than {@link #SCALE_LIMIT} times smaller than the published one: a ratio, no verdict. */
    INDICATIVE("indicative");

    /** A run more than this many times smaller than the published one gives an indicative ratio, never a verdict. */
    static final double SCALE_LIMIT = 10;

    /** How far a measured ratio may be from the published one and still hold: a factor of 2 either way. */
    static final double TOLERANCE = 2;

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    /** The verdict at a scale this many times smaller than the published one (1 or less: the same or larger); above the limit, indicative. */
    static Verdict of(double published, double measured, double scaleDown) {
        Verdict v = of(published, measured);
        return v != NOT_MEASURED && scaleDown > SCALE_LIMIT ? INDICATIVE : v;
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

    @Override
    public String toString() {
        return text;
    }
}
