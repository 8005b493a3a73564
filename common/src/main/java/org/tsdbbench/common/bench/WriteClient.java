package org.tsdbbench.common.bench;

import java.io.IOException;
import java.util.function.LongConsumer;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.Dialect;
import org.tsdbbench.common.workload.Batch;
import org.tsdbbench.common.workload.BatchSource;

/**
 * One client's writes over its own session, for the load, the write test, the mixed load and the
 * volume test alike: each request's rows counted as sent and as acknowledged in an outcome the
 * clients of a run share, each failure counted with its message, and a {@link FailurePolicy}
 * deciding when the client gives up. One per client thread, like one YCSB DB instance per thread.
 */
public final class WriteClient implements AutoCloseable {

    /** The policy gave up on this client: the last failure is the cause, the outcome holds them all. */
    public static final class GaveUp extends DatabaseException {
        GaveUp(String message, DatabaseException last) {
            super(message, last);
        }
    }

    private final Session session;
    private final Dialect dialect;
    private final WriteOutcome outcome;
    private final FailurePolicy policy;
    private int failuresInRow;
    private long failingSince;

    /** A client of the session, whose database speaks {@code dialect} (which says which rows supersede others). */
    public WriteClient(Session session, Dialect dialect, WriteOutcome outcome, FailurePolicy policy) {
        this.session = session;
        this.dialect = dialect;
        this.outcome = outcome;
        this.policy = policy;
    }

    public Session session() {
        return session;
    }

    /** Sends one request of the batch's rows; the rows acknowledged, 0 when it failed and the client goes on. */
    public long send(Batch batch) throws GaveUp {
        return send(batch.size(), batch.superseded(dialect), () -> batch.write(session));
    }

    /** The rows of {@code batch} its database keeps in place of earlier ones ({@link Batch#superseded}), for a request built ahead. */
    public long superseded(Batch batch) {
        return batch.superseded(dialect);
    }

    /** Sends a request built ahead ({@link Batch#prepare}) of a batch with {@code superseded} rows ({@link #superseded}); as {@link #send(Batch)}. */
    public long send(PreparedWrite request, long superseded) throws GaveUp {
        return send(request.rows(), superseded, request::send);
    }

    /**
     * Writes every row of the source in requests of {@code rowsPerRequest}, telling {@code progress}
     * of each request's acknowledged rows (and the outcome of the metrics of each acknowledged whole);
     * ends when the source is empty or the policy gives up.
     */
    public void sendAll(BatchSource rows, int rowsPerRequest, LongConsumer progress) throws IOException {
        try {
            for (Batch batch = rows.next(rowsPerRequest); !batch.isEmpty(); batch = rows.next(rowsPerRequest)) {
                long acked = send(batch);
                if (acked == batch.size()) outcome.metricsAcked(batch.metrics());
                progress.accept(acked);
            }
        } catch (GaveUp e) {
            // Counted in the outcome: the load reports it and what was acknowledged before it.
        }
    }

    private long send(int rows, long superseded, PreparedWrite.Send request) throws GaveUp {
        long start = System.nanoTime();
        DatabaseException failure;
        long acked = 0;
        try {
            acked = request.send();
            outcome.succeeded(rows, acked);
            if (acked == rows) {
                outcome.superseded(superseded);
                failuresInRow = 0;
                failingSince = 0;
                return acked;
            }
            failure = new DatabaseException("a request acknowledged " + acked + " of " + rows + " rows");
        } catch (DatabaseException e) {
            outcome.failed(rows, e.getMessage());
            failure = e;
        }
        failuresInRow++;
        if (failingSince == 0) failingSince = start;
        if (policy.givesUp(failuresInRow, start - failingSince)) {
            throw new GaveUp(policy.describe(failuresInRow) + " (" + failure.getMessage() + ")", failure);
        }
        return acked;
    }

    @Override
    public void close() {
        session.close();
    }
}
