package org.tsdbbench.common.bench;

/**
 * Measures a {@link WriteStall} while writers run: every writer reports each request's outcome as
 * it arrives, the fault is marked just before it is caused (an acknowledgement recorded before the
 * mark counts as one before the fault), and the end when writing stops. Keeps no
 * per-request history (the longest gaps so far only), so it can run for a whole write test.
 * Thread-safe. Times are {@link System#nanoTime()} values, passed in so that a test can give its own.
 */
public final class StallMeter {

    private long lastAck = Long.MIN_VALUE;
    private long normalGap;
    private long fault = Long.MIN_VALUE;
    private long longestAfter;
    private long firstAfter = -1;
    private long acked;
    private long failed;

    /** A request was acknowledged at {@code nanos}. */
    public synchronized void acknowledged(long nanos) {
        if (fault == Long.MIN_VALUE) {
            if (lastAck != Long.MIN_VALUE) normalGap = Math.max(normalGap, nanos - lastAck);
        } else {
            long from = Math.max(lastAck, fault);
            longestAfter = Math.max(longestAfter, nanos - from);
            if (firstAfter < 0) firstAfter = nanos - fault;
            acked++;
        }
        lastAck = Math.max(lastAck, nanos);
    }

    /** A request failed at {@code nanos} (counted from the fault on; a failure is no progress). */
    public synchronized void failed(long nanos) {
        if (fault != Long.MIN_VALUE && nanos >= fault) failed++;
    }

    /** The fault happened at {@code nanos}; only the first call counts. */
    public synchronized void fault(long nanos) {
        if (fault == Long.MIN_VALUE) fault = nanos;
    }

    /** The stall, with writing ended at {@code endNanos} (a gap still open then counts up to it). */
    public synchronized WriteStall result(long endNanos) {
        if (fault == Long.MIN_VALUE) throw new IllegalStateException("no fault was marked");
        long open = endNanos - Math.max(lastAck, fault);
        return new WriteStall(seconds(Math.max(longestAfter, open)), firstAfter < 0 ? -1 : seconds(firstAfter), seconds(normalGap),
                acked, failed);
    }

    private static double seconds(long nanos) {
        return Math.max(0, nanos) / 1e9;
    }
}
