package org.tsdbbench.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The query step's time left, from its answer checks: a query's JMH iterations each last their time
 * or one run of the query, whichever is longer, so a 17 s aggregate counts 17 s an iteration and a
 * 2 ms lookup the iteration's 100 ms.
 */
class QueryTimeLeftTest {

    @Test
    void aSlowQueryCountsOneRunAnIterationAFastOneTheIterationTime() {
        Duration slow = Duration.ofSeconds(17);
        Duration fast = Duration.ofMillis(2);
        Duration time = Duration.ofMillis(100);
        // One warm-up and three measured iterations each: 4 x 17 s + 4 x 100 ms.
        assertEquals(Duration.ofMillis(68_400), QueryStep.timeLeft(List.of(slow, fast), 1, time, 3, time));
        // Warm-up and measured iterations of their own lengths: 2 x 17 s (the run outlasts a 5 s warm-up) + 3 x 20 s (a 20 s iteration outlasts it).
        assertEquals(Duration.ofSeconds(94), QueryStep.timeLeft(List.of(slow), 2, Duration.ofSeconds(5), 3, Duration.ofSeconds(20)));
        assertEquals(Duration.ZERO, QueryStep.timeLeft(List.of(), 1, time, 3, time));
    }
}
