package org.tsdbbench.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The query step's time left, from its answer checks (then scaled by how long the queries measured so far
 * took against them): a query's JMH iterations each last their time
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

    @Test
    void beforeAnyQueryIsMeasuredSeveralClientsCountTwoTrialsOfRunsAsLongAsTheirNumber() {
        Duration toGo = Duration.ofMinutes(3);
        assertEquals(toGo, QueryStep.timeLeft(toGo, Duration.ZERO, Duration.ZERO, 1));
        // 8 clients: a queries/s and a latency trial, each run up to 8 checks long on a shared server.
        assertEquals(Duration.ofMinutes(48), QueryStep.timeLeft(toGo, Duration.ZERO, Duration.ZERO, 8));
    }

    @Test
    void onceQueriesAreMeasuredTheRestIsScaledByHowLongTheyTookAgainstTheirEstimate() {
        // The queries so far were estimated at 2 min and took 30: the 3 min to go are 45.
        assertEquals(Duration.ofMinutes(45), QueryStep.timeLeft(Duration.ofMinutes(3), Duration.ofMinutes(2), Duration.ofMinutes(30), 8));
        // Faster than estimated, with one client too.
        assertEquals(Duration.ofSeconds(90), QueryStep.timeLeft(Duration.ofMinutes(3), Duration.ofMinutes(2), Duration.ofMinutes(1), 1));
    }
}
