package org.tsdbbench.common.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TemperaturesAtTest {

    @Test
    void theEarliestInstantKeepsItsDistinctTemperaturesWhateverTheOrderOfTheRows() {
        TemperaturesAt first = TemperaturesAt.earliest();
        assertTrue(first.temperatures().isEmpty());
        first.offer(2_000, 7);
        first.offer(1_000, 30);
        first.offer(3_000, 1);
        first.offer(1_000, 20);
        first.offer(1_000, 30);
        assertEquals(1_000, first.ts());
        assertEquals(List.of(20, 30), List.copyOf(first.temperatures()));
    }

    @Test
    void theLatestInstantDropsTheTemperaturesOfEarlierOnes() {
        TemperaturesAt last = TemperaturesAt.latest();
        for (int i = 0; i < 100; i++) last.offer(i, i);
        last.offer(99, -5);
        last.offer(50, 1_000);
        assertEquals(99, last.ts());
        assertEquals(List.of(-5, 99), List.copyOf(last.temperatures()));
    }

    @Test
    void mergingTwoSetsKeepsTheMoreExtremeInstantOrBothAtATie() {
        TemperaturesAt a = TemperaturesAt.earliest();
        a.offer(5, 1);
        TemperaturesAt b = TemperaturesAt.earliest();
        b.offer(5, 2);
        b.offer(9, 3);
        a.offerAll(b);
        assertEquals(List.of(1, 2), List.copyOf(a.temperatures()));
        TemperaturesAt c = TemperaturesAt.earliest();
        c.offer(4, 8);
        a.offerAll(c);
        a.offerAll(TemperaturesAt.earliest());
        assertEquals(4, a.ts());
        assertEquals(List.of(8), List.copyOf(a.temperatures()));
    }
}
