package org.tsdbbench.tdengine;

import java.time.Duration;

/**
 * Bounds a whole HTTP exchange, body included, by the request timeout. The JDK client's own request
 * timeout ends when the answer's headers arrive, so an answer that stalls mid-body would be read
 * forever; here a watchdog thread of the channel interrupts the reading thread once the deadline
 * passes, which makes the blocked send or read fail. A request pays two uncontended locks; the
 * watchdog wakes every 50 ms.
 */
final class AnswerDeadline implements AutoCloseable {

    private static final long CHECK_MILLIS = 50;

    private final long timeoutNanos;
    private final Object lock = new Object();
    private final Thread watchdog;
    private Thread reader;
    private long deadline;
    private boolean fired;
    private boolean closed;

    AnswerDeadline(Duration timeout) {
        this.timeoutNanos = timeout.toNanos();
        this.watchdog = new Thread(this::watch, "tdengine-rest-deadline");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    /** The calling thread's exchange begins: it is interrupted if it has not ended within the timeout. */
    void begin() {
        synchronized (lock) {
            reader = Thread.currentThread();
            deadline = System.nanoTime() + timeoutNanos;
            fired = false;
        }
    }

    /**
     * The exchange ended (answered or failed): true when the deadline had passed and the thread was
     * interrupted for it, its interrupt then cleared, so that the failure is reported as a timeout.
     */
    boolean end() {
        synchronized (lock) {
            reader = null;
            if (!fired) return false;
            Thread.interrupted();
            return true;
        }
    }

    long timeoutMillis() {
        return timeoutNanos / 1_000_000;
    }

    private void watch() {
        while (true) {
            synchronized (lock) {
                if (closed) return;
                if (reader != null && !fired && System.nanoTime() - deadline > 0) {
                    fired = true;
                    reader.interrupt();
                }
                try {
                    lock.wait(CHECK_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
            lock.notifyAll();
        }
    }
}
