package org.tsdbbench.common.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.data.DeviceDataSet;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.query.Dialect;
import org.tsdbbench.common.data.RowSource;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.ServerFacts;
import org.tsdbbench.common.data.DeviceSession;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.DeviceDialect;
import org.tsdbbench.common.query.ResultSink;
import org.tsdbbench.common.workload.Workload;

/** The one write client: every request counted, and each policy giving up exactly when it says. */
class WriteClientTest {

    /** A session that answers its writes from a script: a number acknowledges that many rows, -1 fails. */
    private static final class ScriptedSession implements DeviceSession {
        final Deque<Long> answers = new ArrayDeque<>();
        int writes;

        ScriptedSession(Long... answers) {
            this.answers.addAll(List.of(answers));
        }

        @Override
        public long write(RowBatch batch) throws DatabaseException {
            writes++;
            long a = answers.isEmpty() ? batch.size() : answers.poll();
            if (a < 0) throw new DatabaseException("refused #" + writes);
            return a == Long.MAX_VALUE ? batch.size() : a;
        }

        @Override
        public void recreateSchema(WorkloadSpec spec) {
        }

        @Override
        public void query(String text, ResultSink sink) {
        }

        @Override
        public long countRows(WorkloadSpec spec) {
            return 0;
        }

        @Override
        public ServerFacts facts(Workload workload) {
            return new ServerFacts("test", "test", Map.of(), List.of());
        }

        @Override
        public void close() {
        }
    }

    /** The devices' rows never share a key: any dialect. */
    private static final DeviceDialect DIALECT = (query, spec) -> java.util.Optional.empty();

    private static RowBatch batch(int rows) {
        RowBatch b = new RowBatch(rows);
        try (RowSource source = DeviceDataSet.generated(new WorkloadSpec(1, rows, WorkloadSpec.DEFAULT_START_TS, 1)).client(0, 1, false)) {
            source.fill(b, rows);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        return b;
    }

    @Test
    void theLoadGivesUpAfterThreeFailuresInARowAndCountsEachOne() throws Exception {
        ScriptedSession session = new ScriptedSession(-1L, -1L, Long.MAX_VALUE, -1L, -1L, -1L, Long.MAX_VALUE);
        WriteOutcome outcome = new WriteOutcome();
        try (RowSource rows = DeviceDataSet.generated(new WorkloadSpec(1, 100, WorkloadSpec.DEFAULT_START_TS, 1)).client(0, 1, false)) {
            new WriteClient(session, DIALECT, outcome, FailurePolicy.LOAD).sendAll(rows, 10, n -> { });
        }
        // Two failures, a success that resets the count, then three in a row: the client stops at the sixth request.
        assertEquals(6, session.writes);
        assertEquals(5, outcome.failedRequests());
        assertEquals(10, outcome.rowsAcked());
        assertEquals(60, outcome.rowsSent());
        assertEquals("refused #1", outcome.firstError());
    }

    @Test
    void theWriteTestGoesOnThroughFailuresUntilEveryRequestHasFailedForItsTime() throws Exception {
        ScriptedSession session = new ScriptedSession(-1L, -1L, -1L, -1L, -1L, -1L, -1L, -1L, -1L, -1L);
        WriteOutcome outcome = new WriteOutcome();
        WriteClient client = new WriteClient(session, DIALECT, outcome, new FailurePolicy(Integer.MAX_VALUE, Duration.ofMillis(50)));
        RowBatch b = batch(5);
        assertEquals(0, client.send(b));
        assertEquals(0, client.send(b));
        Thread.sleep(60);
        WriteClient.GaveUp gaveUp = assertThrows(WriteClient.GaveUp.class, () -> client.send(b));
        assertTrue(gaveUp.getMessage().startsWith("every request failed for 0 s (refused #3)"), gaveUp.getMessage());
        assertEquals(3, outcome.failedRequests());
    }

    @Test
    void aRequestAcknowledgedInPartIsAFailureTheFirstFailurePolicyStopsAt() throws Exception {
        ScriptedSession session = new ScriptedSession(5L, 3L);
        WriteOutcome outcome = new WriteOutcome();
        WriteClient client = new WriteClient(session, DIALECT, outcome, FailurePolicy.FIRST_FAILURE);
        assertEquals(5, client.send(batch(5)));
        WriteClient.GaveUp gaveUp = assertThrows(WriteClient.GaveUp.class, () -> client.send(batch(5)));
        assertEquals("a write failed (a request acknowledged 3 of 5 rows)", gaveUp.getMessage());
        assertEquals(8, outcome.rowsAcked());
        assertEquals(1, outcome.failedRequests());
    }
}
