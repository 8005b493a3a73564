package org.tsdbbench.orchestrator;

import java.io.IOException;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The order of one database's steps in a comparison run, written once for the single node
 * ({@link CompareCommand}) and the cluster ({@link ClusterRun}): each runs the phases it has in
 * this order, and those that read the data set the load stored only after a load that passed.
 */
enum Phase {
    LOAD, VERIFY, DISK, QUERY, RANGE, MIXED, WRITE, VOLUME, FIXED_RATE, MERGE, FAULT;

    /** One phase of a database's run; whether it passed. */
    interface Runner {
        boolean run(Phase phase) throws IOException, InterruptedException;
    }

    /** Whether the phase reads the data set the load stored, and so is skipped when the load failed. */
    boolean readsLoad() {
        return this == VERIFY || this == DISK || this == QUERY || this == RANGE || this == MIXED;
    }

    /**
     * Runs the given phases in order; when the load fails {@code loadFailed} is told, and the phases
     * that read the load are skipped. Stops before a phase {@code stopBefore} names (the run was
     * interrupted): false then, true when every phase had its turn.
     */
    static boolean runInOrder(Set<Phase> phases, Runner runner, Predicate<Phase> stopBefore, Runnable loadFailed)
            throws IOException, InterruptedException {
        boolean loaded = true;
        for (Phase p : values()) {
            if (!phases.contains(p) || p.readsLoad() && !loaded) continue;
            if (stopBefore.test(p)) return false;
            if (!runner.run(p) && p == LOAD) {
                loaded = false;
                loadFailed.run();
            }
        }
        return true;
    }
}
