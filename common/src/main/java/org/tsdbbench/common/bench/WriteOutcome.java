package org.tsdbbench.common.bench;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What the writes of a load or a write trial achieved, counted from the database's
 * acknowledgements: rows sent, rows acknowledged, requests that failed (with the first error), and
 * the acknowledged rows the database keeps in place of an earlier row of the same key (superseded:
 * see {@link org.tsdbbench.common.workload.Batch#superseded}), so that what it stores is
 * {@link #rowsExpectedStored()}. Thread-safe; shared by all client threads of one run.
 */
public final class WriteOutcome {
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong acked = new AtomicLong();
    private final AtomicLong metrics = new AtomicLong();
    private final AtomicLong superseded = new AtomicLong();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicReference<String> firstError = new AtomicReference<>();

    public void succeeded(long rowsSent, long rowsAcked) {
        requests.incrementAndGet();
        sent.addAndGet(rowsSent);
        acked.addAndGet(rowsAcked);
        if (rowsAcked != rowsSent) failed(0, "request acknowledged " + rowsAcked + " of " + rowsSent + " rows", false);
    }

    /** A request acknowledged whole carried these metrics ({@link org.tsdbbench.common.workload.Batch#metrics}). */
    public void metricsAcked(long n) {
        metrics.addAndGet(n);
    }

    /** Rows of a request acknowledged whole that take the place of rows written before under the same key. */
    public void superseded(long rows) {
        superseded.addAndGet(rows);
    }

    public void failed(long rowsSent, String error) {
        failed(rowsSent, error, true);
    }

    private void failed(long rowsSent, String error, boolean newRequest) {
        if (newRequest) {
            requests.incrementAndGet();
            sent.addAndGet(rowsSent);
        }
        failed.incrementAndGet();
        firstError.compareAndSet(null, error);
    }

    public long rowsSent() {
        return sent.get();
    }

    public long rowsAcked() {
        return acked.get();
    }

    /** Acknowledged rows that took the place of an earlier row of the same key. */
    public long rowsSuperseded() {
        return superseded.get();
    }

    /** What the database must store of what it acknowledged: every acknowledged row less those superseded. */
    public long rowsExpectedStored() {
        return acked.get() - superseded.get();
    }

    /** The metrics of the requests acknowledged whole. */
    public long metricsAcked() {
        return metrics.get();
    }

    public long requests() {
        return requests.get();
    }

    public long failedRequests() {
        return failed.get();
    }

    /** The first failure's message, or null. */
    public String firstError() {
        return firstError.get();
    }
}
