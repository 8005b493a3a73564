package org.tsdbbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class IntListTest {

    @Test
    void expandsListsAndRanges() {
        assertEquals(List.of(1000), IntList.parse("1000").values());
        assertEquals(List.of(1, 100, 500, 1000, 2000), IntList.parse("1,100,500,1000,2000").values());
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7), IntList.parse("1-7").values());
        assertEquals(List.of(1, 2, 3, 5, 7), IntList.parse("1-3, 5,7,3").values());
    }

    @Test
    void rejectsWhatIsNotAList() {
        for (String bad : new String[] {"", "a", "1,,2", "7-1", "1-", "1.5"}) {
            assertThrows(IllegalArgumentException.class, () -> IntList.parse(bad), bad);
        }
    }
}
