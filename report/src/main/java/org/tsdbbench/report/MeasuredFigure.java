package org.tsdbbench.report;

import java.util.Optional;

/**
 * A figure of this run in a published row's unit, with the text the row shows (for a write, the cell
 * it came from): the measured side of the trucks' and the hosts' Published vs measured rows.
 */
record MeasuredFigure(double value, String text) {

    /** The row's measured column: each side's text, or "not measured", as "first / second". */
    static String pair(Optional<MeasuredFigure> first, Optional<MeasuredFigure> second) {
        return first.map(MeasuredFigure::text).orElse("not measured") + " / "
                + second.map(MeasuredFigure::text).orElse("not measured");
    }

    /** The row's measured ratio as the report writes it, "not measured" when a side has no figure. */
    static String ratioText(double ratio) {
        return Double.isNaN(ratio) ? "not measured" : PublishedComparison.ratio(ratio);
    }
}
