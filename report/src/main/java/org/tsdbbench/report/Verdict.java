package org.tsdbbench.report;

/**
 * What a run says of one published ratio. Ratios are TDengine's lead (how many times better its
 * figure is; above 1, TDengine ahead), so the rules read the same for rows/s, latency and disk.
 */
enum Verdict {
    /** The measured lead is between half and twice the published one. */
    HOLDS("holds within 2x"),
    /** Same side ahead, but the measured lead is under half the published one. */
    SMALLER("smaller"),
    /** Same side ahead, and the measured lead is over twice the published one. */
    LARGER("larger"),
    /** The other side is ahead: the published lead is above 1 and the measured below 1, or the other way round. */
    REVERSED("reversed"),
    /** This run has no figure of TDengine or of the other database for the test. */
    NOT_MEASURED("not measured");

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
        double factor = measured / published;
        if (factor < 1 / TOLERANCE) return SMALLER;
        if (factor > TOLERANCE) return LARGER;
        return HOLDS;
    }

    @Override
    public String toString() {
        return text;
    }
}
