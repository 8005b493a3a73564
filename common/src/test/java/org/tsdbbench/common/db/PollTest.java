package org.tsdbbench.common.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one waiting loop: what it returns when the reading comes, when it does not, and when a figure settles. */
class PollTest {

    private static Poll.Probe<Integer, RuntimeException> readings(Integer... values) {
        Iterator<Integer> it = List.of(values).iterator();
        return () -> it.hasNext() ? it.next() : values[values.length - 1];
    }

    @Test
    void untilReturnsTheFirstAcceptedReading() throws DatabaseException {
        assertEquals(3, Poll.every(Duration.ofMillis(1), Duration.ofSeconds(5)).until(readings(1, 2, 3, 4), n -> n >= 3));
    }

    @Test
    void untilReturnsTheLastReadingWhenTheTimeIsUp() throws DatabaseException {
        assertEquals(7, Poll.every(Duration.ofMillis(5), Duration.ofMillis(30)).until(readings(7), n -> n == 0));
    }

    @Test
    void aFirstReadingIsTakenEvenWithNoTimeToWait() throws DatabaseException {
        assertEquals(1, Poll.every(Duration.ofMillis(5), Duration.ZERO).until(readings(1, 2), n -> true));
    }

    @Test
    void steadyWaitsForTheSameReadyReadingSeveralTimesInARow() throws DatabaseException {
        // 0 is not ready; 5 changes to 6; then 6 three times.
        assertEquals(6, Poll.every(Duration.ofMillis(1), Duration.ofSeconds(5)).steady(readings(0, 0, 5, 6, 6, 6, 9), n -> n > 0, 3, n -> "late"));
    }

    @Test
    void steadyFailsNamingTheLastReadingWhenItNeverSettles() {
        int[] next = {0};
        DatabaseException e = assertThrows(DatabaseException.class, () -> Poll.every(Duration.ofMillis(2), Duration.ofMillis(30))
                .steady(() -> next[0]++, n -> true, 2, n -> "still moving at " + n));
        assertEquals(true, e.getMessage().startsWith("still moving at "), e.getMessage());
    }
}
