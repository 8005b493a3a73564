package org.tsdbbench.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.tsdbbench.results.SpreadRecord;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** --stable-within: when a cell is run again, when it stops, and what the runs add up to. No server: the runs are given. */
class StableCellTest {

    /** A fake clock: each run takes 10 s. */
    private long now;

    private static WriteStep.Cell cell(String failure, double cpu, double... iterations) {
        List<Double> values = new ArrayList<>();
        for (double v : iterations) values.add(v);
        SpreadRecord.Interval s = SpreadRecord.Interval.of(values);
        return new WriteStep.Cell(s.mean(), s.halfWidth(), List.of(), null, failure, Map.of("client.cpu", cpu, "server.cpu", 2 * cpu), values, Double.NaN);
    }

    private List<WriteStep.Cell> repeat(double within, long budgetSeconds, WriteStep.Cell... cells) throws Exception {
        Iterator<WriteStep.Cell> next = List.of(cells).iterator();
        List<String> said = new ArrayList<>();
        return StableCell.repeat(within, TimeUnit.SECONDS.toNanos(budgetSeconds), () -> {
            now += TimeUnit.SECONDS.toNanos(10);
            return next.next();
        }, () -> now, said::add);
    }

    @Test
    void withoutAShareAskedOneRunIsTheCell() throws Exception {
        assertEquals(1, repeat(0, 0, cell(null, 50, 100, 200, 300), cell(null, 50, 100)).size());
    }

    @Test
    void aWideCellRunsAgainUntilItsIntervalIsWithinTheShare() throws Exception {
        // 95% interval +-124% of the mean after the first run, +-33% after the second, +-19% after the third.
        List<WriteStep.Cell> runs = repeat(20, 600, cell(null, 40, 100, 200, 300), cell(null, 60, 199, 201, 200), cell(null, 80, 200, 201, 199),
                cell(null, 10, 200));
        assertEquals(3, runs.size());
        assertTrue(SpreadRecord.Interval.of(List.of(100.0, 200.0, 300.0, 199.0, 201.0, 200.0, 200.0, 201.0, 199.0)).within(20));
        assertTrue(!SpreadRecord.Interval.of(List.of(100.0, 200.0, 300.0, 199.0, 201.0, 200.0)).within(20));
    }

    @Test
    void itStopsWhenOneMoreRunWouldOverrunTheBudget() throws Exception {
        // Each run takes 10 s: after two (20 s) a third would end at 30 s, past a 25 s budget.
        assertEquals(2, repeat(1, 25, cell(null, 1, 100, 300), cell(null, 1, 100, 300), cell(null, 1, 100, 300)).size());
    }

    @Test
    void aFailedRunEndsTheCell() throws Exception {
        assertEquals(1, repeat(1, 600, cell("stored 9 rows, but 10 were acknowledged", 1, 100, 300), cell(null, 1, 200, 200)).size());
    }

    @Test
    void combinedRunsKeepEveryIterationAndAverageTheirCpu() {
        WriteStep.Cell c = WriteStep.Cell.combine(List.of(cell(null, 40, 100, 200), cell(null, 80, 300), cell("late failure", 60, 400)));
        assertEquals(List.of(100.0, 200.0, 300.0, 400.0), c.iterations());
        assertEquals(250, c.score(), 1e-9);
        assertEquals(60, c.cpu().get("client.cpu"), 1e-9, "the mean of the runs' client CPU, not the last run's");
        assertEquals(120, c.cpu().get("server.cpu"), 1e-9);
        assertEquals("late failure", c.failure());
    }
}
