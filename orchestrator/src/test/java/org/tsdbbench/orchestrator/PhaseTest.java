package org.tsdbbench.orchestrator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The one step order of a database's run: its phases in order, those that read the load skipped after a failed one, a stop. */
class PhaseTest {

    private final List<Phase> ran = new ArrayList<>();
    private final List<String> told = new ArrayList<>();

    private boolean run(Set<Phase> phases, Set<Phase> failing, Phase stopAt) throws Exception {
        return Phase.runInOrder(phases, p -> ran.add(p) && !failing.contains(p), p -> p == stopAt, () -> told.add("load failed"));
    }

    @Test
    void runsTheGivenPhasesInTheOneOrder() throws Exception {
        assertTrue(run(EnumSet.of(Phase.FAULT, Phase.WRITE, Phase.QUERY, Phase.LOAD, Phase.VERIFY, Phase.MERGE), Set.of(), null));
        assertEquals(List.of(Phase.LOAD, Phase.VERIFY, Phase.QUERY, Phase.WRITE, Phase.MERGE, Phase.FAULT), ran);
        assertEquals(List.of(), told);
    }

    @Test
    void aFailedLoadSkipsWhatReadsItAndNothingElse() throws Exception {
        assertTrue(run(EnumSet.allOf(Phase.class), Set.of(Phase.LOAD), null));
        assertEquals(List.of(Phase.LOAD, Phase.WRITE, Phase.VOLUME, Phase.FIXED_RATE, Phase.MERGE, Phase.FAULT), ran);
        assertEquals(List.of("load failed"), told);
    }

    @Test
    void anotherFailedPhaseStopsNothing() throws Exception {
        assertTrue(run(EnumSet.of(Phase.LOAD, Phase.DISK, Phase.QUERY, Phase.WRITE), Set.of(Phase.DISK, Phase.QUERY), null));
        assertEquals(List.of(Phase.LOAD, Phase.DISK, Phase.QUERY, Phase.WRITE), ran);
        assertEquals(List.of(), told);
    }

    @Test
    void stopsBeforeThePhaseNamed() throws Exception {
        assertFalse(run(EnumSet.of(Phase.LOAD, Phase.QUERY, Phase.WRITE, Phase.MERGE, Phase.FAULT), Set.of(), Phase.MERGE));
        assertEquals(List.of(Phase.LOAD, Phase.QUERY, Phase.WRITE), ran);
    }
}
