package org.tsdbbench.common.db;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The one way the suite waits for what a database does a moment later (rows that become
 * countable, a flush that settles, a server that comes back): read, pause, read again until the
 * reading is the one wanted or the time is up. Each wait states its limit and pause once, here.
 */
public final class Poll {

    /** One reading of what is waited for. */
    @FunctionalInterface
    public interface Probe<T, E extends Exception> {
        T read() throws E;
    }

    private final Duration pause;
    private final Duration timeout;

    private Poll(Duration pause, Duration timeout) {
        this.pause = pause;
        this.timeout = timeout;
    }

    /** Reads every {@code pause} for at most {@code timeout} (a first reading is always taken). */
    public static Poll every(Duration pause, Duration timeout) {
        return new Poll(pause, timeout);
    }

    public Duration timeout() {
        return timeout;
    }

    /**
     * Reads until {@code done} accepts a reading or the time is up; returns the last reading, accepted
     * or not (the caller says what a reading that was never accepted means).
     */
    public <T, E extends Exception> T until(Probe<T, E> probe, Predicate<? super T> done) throws E, DatabaseException {
        long deadline = System.nanoTime() + timeout.toNanos();
        T reading = probe.read();
        while (!done.test(reading) && System.nanoTime() < deadline) {
            sleep();
            reading = probe.read();
        }
        return reading;
    }

    /**
     * Reads until {@code sameReadings} readings in a row are equal and {@code ready} accepts them:
     * a figure that has settled. At the deadline it fails with {@code timedOut} of the last reading.
     */
    public <T, E extends Exception> T steady(Probe<T, E> probe, Predicate<? super T> ready, int sameReadings,
                                              Function<? super T, String> timedOut) throws E, DatabaseException {
        long deadline = System.nanoTime() + timeout.toNanos();
        T previous = null;
        int same = 0;
        while (true) {
            T reading = probe.read();
            same = ready.test(reading) && Objects.equals(reading, previous) ? same + 1 : ready.test(reading) ? 1 : 0;
            if (same >= sameReadings) return reading;
            if (System.nanoTime() >= deadline) throw new DatabaseException(timedOut.apply(reading));
            previous = reading;
            sleep();
        }
    }

    private void sleep() throws DatabaseException {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DatabaseException("interrupted while waiting (" + timeout.toSeconds() + " s at most)", e);
        }
    }
}
