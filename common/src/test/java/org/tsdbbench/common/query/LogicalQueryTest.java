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
        // q1: 10 groups; q2: 7 functions x 10; q3, q4: 3 functions x 10.
        assertEquals(10 + 70 + 30 + 30, ids.size());
    }

    @Test
    void badIdsAreRejected() {
        for (String bad : new String[] {"q5.avg.p10", "q2.avg", "q2.median.p10", "q1.g100", "q2.avg.p0", "q2.avg.p101", "Q2.avg.p10"}) {
            assertThrows(IllegalArgumentException.class, () -> LogicalQuery.parse(bad), bad);
        }
    }
}
