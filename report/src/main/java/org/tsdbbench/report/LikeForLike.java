package org.tsdbbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * The one rule every row of "Published vs measured" follows before it gets a verdict: the same
 * cell (or each side's best at its published client count), each side holding no fewer than a
 * tenth of the rows its published figure stood on, on a setting the report states. Each way a row
 * misses it is a reason; a row with a reason is {@link Verdict#INDICATIVE}: its ratio, no verdict.
 */
final class LikeForLike {

    /** A side may hold down to 1/SCALE_LIMIT of its published rows, no fewer, and still get a verdict. */
    static final int SCALE_LIMIT = 10;

    private final List<String> reasons = new ArrayList<>();
    private final List<String> shortSides = new ArrayList<>();

    /**
     * One side's rows here against the rows its published figure stood on: under a tenth of them
     * (or not recorded here) is a reason, said once for all such sides.
     */
    LikeForLike rows(String side, long here, long published) {
        if (here <= 0) {
            shortSides.add(side + " rows not recorded");
        } else if (here * SCALE_LIMIT < published) {
            shortSides.add(String.format(Locale.ROOT, "%s %,d of %,d", side, here, published));
        }
        return this;
    }

    /** A reason of its own (the cells differ; a setting the report does not state, and where from); null is none. */
    LikeForLike unless(String reason) {
        if (reason != null) reasons.add(reason);
        return this;
    }

    /** Why the row is not like for like, in order; empty when it is. */
    List<String> reasons() {
        List<String> all = new ArrayList<>(reasons);
        if (!shortSides.isEmpty()) all.add("under a tenth of the published rows: " + String.join(", ", shortSides));
        return all;
    }

    /**
     * The row's verdict: not measured without a measured ratio, indicative when the row has a
     * reason, else what {@code judge} makes of the measured ratio.
     */
    Verdict verdict(double measured, DoubleFunction<Verdict> judge) {
        if (!(measured > 0) || Double.isInfinite(measured)) return Verdict.NOT_MEASURED;
        return reasons().isEmpty() ? judge.apply(measured) : Verdict.INDICATIVE;
    }
}
