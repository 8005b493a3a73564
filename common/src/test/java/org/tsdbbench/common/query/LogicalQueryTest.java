package org.tsdbbench.common.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LogicalQueryTest {

    @Test
    void everyCatalogIdParsesBackToItsQuery() {
        Set<String> ids = new HashSet<>();
        for (LogicalQuery q : QueryCatalog.all()) {
            assertEquals(q, LogicalQuery.parse(q.id()));
            ids.add(q.id());
        }
        // q1: 10 groups; q2: 9 functions x 10; q3, q4: 3 functions x 10; q5: 9 functions of one device.
        assertEquals(10 + 90 + 30 + 30 + 9, ids.size());
        LogicalQuery range = LogicalQuery.range(7, 1_000, 6_000);
        assertEquals("q6.d7.1000-6000", range.id());
        assertEquals(range, LogicalQuery.parse(range.id()));
        assertEquals(LogicalQuery.range(0, 5, 9), LogicalQuery.parse("q6.all.5-9"));
    }

    @Test
    void badIdsAreRejected() {
        for (String bad : new String[] {"q5.avg.p10", "q5.spread.d1", "q5.avg.d0", "q3.first.p10", "q4.last.p10", "q2.percentile.p10", "q6.d1.9-9", "q2.avg", "q2.median.p10", "q1.g100", "q2.avg.p0", "q2.avg.p101", "Q2.avg.p10"}) {
            assertThrows(IllegalArgumentException.class, () -> LogicalQuery.parse(bad), bad);
        }
    }
}
