package org.tsdbbench.common.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.workload.Batch;
import org.tsdbbench.common.workload.BatchSource;

/**
 * Writers that each send one request on a fixed schedule through a fault, feeding a
 * {@link StallMeter}: a steady feed whose gaps show how long the fault stalled writes. They go on
 * through failures and give up only when every request has failed for {@code recovery}. The fault
 * step and the cluster contract test write through them.
 */
public final class PacedWriters {

    private final StallMeter meter = new StallMeter();
    private final WriteOutcome outcome = new WriteOutcome();
    private static final long NOT_HALTED = Long.MIN_VALUE;

    private final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicLong haltedAt = new AtomicLong(NOT_HALTED);
    private final AtomicBoolean restarted = new AtomicBoolean();
    private final AtomicLong ackedAfterRestart = new AtomicLong();
    private final AtomicReference<Exception> broken = new AtomicReference<>();
    private final List<Thread> threads = new ArrayList<>();
    private final Duration recovery;

    /** One writer a row source (each closed when its writer ends), {@code rowsPerRequest} rows a request, one request every {@code everyNanos} at most. */
    public PacedWriters(Database db, ConnectionOptions connection, List<? extends BatchSource> sources, int rowsPerRequest, long everyNanos,
                        Duration recovery, String threadName) {
        this.recovery = recovery;
        FailurePolicy ridesOut = new FailurePolicy(Integer.MAX_VALUE, recovery);
        for (int w = 0; w < sources.size(); w++) {
            BatchSource rows = sources.get(w);
            threads.add(new Thread(() -> {
                try (WriteClient client = new WriteClient(db.open(connection), db.dialect(connection), outcome, ridesOut); rows) {
                    long next = System.nanoTime();
                    while (!stop.get()) {
                        Batch batch = rows.next(rowsPerRequest);
                        if (batch.isEmpty()) break;
                        long n = client.send(batch);
                        long now = System.nanoTime();
                        if (n > 0) {
                            meter.acknowledged(now);
                            if (restarted.get()) ackedAfterRestart.addAndGet(n);
                        } else {
                            meter.failed(now);
                        }
                        // The next request on schedule, or at once when this one took longer (no backlog is caught up).
                        next = Math.max(next + everyNanos, now);
                        if (next > now) TimeUnit.NANOSECONDS.sleep(next - now);
                    }
                } catch (Exception e) {
                    broken.set(e);
                }
            }, threadName + "-" + w));
        }
    }

    public void start() {
        threads.forEach(Thread::start);
    }

    /** The fault happens now: marked before the signal, so an acknowledgement arriving while it is under way comes after it. */
    public void faultNow() {
        meter.fault(System.nanoTime());
    }

    /** The node is back: rows acknowledged from now on are counted apart. */
    public void restarted() {
        restarted.set(true);
    }

    /**
     * Tells the writers to send no further request and returns at once with the time writing ended;
     * a request under way still gets its answer ({@link #stop()} waits for it). A single server's
     * fault cell halts its writer at the kill, so that nothing it sends reaches the restarted server.
     */
    public long halt() {
        haltedAt.compareAndSet(NOT_HALTED, System.nanoTime());
        stop.set(true);
        return haltedAt.get();
    }

    /** Stops the writers and waits for them (the recovery time at most each); returns the time writing ended (the first halt's). */
    public long stop() throws InterruptedException {
        long end = halt();
        for (Thread t : threads) t.join(recovery.toMillis());
        return end;
    }

    /** The writers still running after {@link #stop()}: hung in a request. */
    public List<String> hanging() {
        return threads.stream().filter(Thread::isAlive).map(Thread::getName).toList();
    }

    public WriteOutcome outcome() {
        return outcome;
    }

    public StallMeter meter() {
        return meter;
    }

    public long ackedAfterRestart() {
        return ackedAfterRestart.get();
    }

    /** The exception that ended a writer (not a failed request: those are counted), or null. */
    public Exception broken() {
        return broken.get();
    }
}
