package org.tsdbbench.common.cli;

import java.util.ArrayList;
import java.util.List;
import org.tsdbbench.results.SpreadRecord;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * {@code --stable-within}: one write cell's JMH run repeated, each a new trial on an empty table,
 * until the 95% interval of all its iterations so far is within the asked share of their mean, a
 * run fails, or one more run would overrun the cell's budget (a run is taken to last as long as
 * the last one did). With no share asked, one run.
 */
final class StableCell {

    /** One JMH run of the cell. */
    @FunctionalInterface
    interface Run {
        WriteStep.Cell once() throws Exception;
    }

    private StableCell() {
    }

    /** The runs made, in order; {@code say} is told of each decision, {@code clock} gives nanoseconds. */
    static List<WriteStep.Cell> repeat(double stableWithin, long budgetNanos, Run run, LongSupplier clock, Consumer<String> say) throws Exception {
        long start = clock.getAsLong();
        List<WriteStep.Cell> runs = new ArrayList<>();
        while (true) {
            long runStart = clock.getAsLong();
            WriteStep.Cell cell = run.once();
            runs.add(cell);
            SpreadRecord.Interval s = SpreadRecord.Interval.of(runs.stream().flatMap(c -> c.iterations().stream()).toList());
            long now = clock.getAsLong();
            boolean timeForAnother = now - start + (now - runStart) <= budgetNanos;
            if (stableWithin == 0 || cell.failure() != null || s.within(stableWithin) || !timeForAnother) {
                if (stableWithin > 0) {
                    say.accept(String.format(Locale.ROOT, "%d run(s), %d iterations, 95%% interval +-%.1f%% of the mean: %s", runs.size(), s.n(),
                            s.halfWidthPercent(), s.within(stableWithin) ? "stable" : "NOT within +-" + stableWithin + "%"));
                }
                return runs;
            }
            say.accept(String.format(Locale.ROOT, "95%% interval +-%.1f%% of the mean after %d iterations, another run", s.halfWidthPercent(), s.n()));
        }
    }
}
