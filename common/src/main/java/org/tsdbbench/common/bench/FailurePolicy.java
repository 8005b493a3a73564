package org.tsdbbench.common.bench;

import java.time.Duration;

/**
 * When a write client gives up: every failed request is counted either way; the policy only says
 * how many failures in a row, or how long failing without a success, mean the server is gone (or
 * the test is void) and the client should stop instead of running on.
 */
public record FailurePolicy(int failuresInRow, Duration failingFor) {

    /** The load: a client gives up after three failures in a row (the server is likely gone). */
    public static final FailurePolicy LOAD = new FailurePolicy(3, null);

    /** The write test: failures are counted and the client goes on, unless every request has failed for 5 s. */
    public static final FailurePolicy WRITE_TEST = new FailurePolicy(Integer.MAX_VALUE, Duration.ofSeconds(5));

    /** Mixed load and volume growth: the first failed request (or one acknowledged in part) voids the trial. */
    public static final FailurePolicy FIRST_FAILURE = new FailurePolicy(1, null);

    /** Whether a client that has failed {@code inRow} times in a row, for {@code failingNanos}, gives up. */
    boolean givesUp(int inRow, long failingNanos) {
        return inRow >= failuresInRow || failingFor != null && failingNanos > failingFor.toNanos();
    }

    /** Says why the client gave up, for its error message. */
    String describe(int inRow) {
        return failingFor != null && inRow < failuresInRow ? "every request failed for " + failingFor.toSeconds() + " s"
                : inRow == 1 ? "a write failed" : inRow + " writes failed in a row";
    }
}
