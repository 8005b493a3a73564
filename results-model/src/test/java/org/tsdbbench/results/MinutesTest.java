package org.tsdbbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MinutesTest {

    @Test
    void roundsUpToTheMinuteAndSaysHoursPastAnHour() {
        assertEquals("0 min", Minutes.text(0));
        assertEquals("1 min", Minutes.text(1));
        assertEquals("2 min", Minutes.text(61));
        assertEquals("59 min", Minutes.text(3540));
        assertEquals("1 h 00 min", Minutes.text(3541));
        assertEquals("1 h 05 min", Minutes.text(3900));
    }
}
