package org.tsdbbench.common.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.data.DeviceDataSet;
import org.tsdbbench.common.workload.WrongAnswers;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.db.ServerFacts;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.Aggregate;
import org.tsdbbench.common.query.QueryFamily;
import org.tsdbbench.common.query.ResultSink;
import org.tsdbbench.common.workload.Workload;

/**
 * A query that answers right when the step checks it and wrong in a measured iteration (as the
 * Cassandra cluster's q4 did, issue 33): the benchmark fails that iteration and writes the wrong
 * answer, with the expected and the returned value, where the step reads it, since JMH keeps the
 * exception to its own output (and reported it as "Index 0 out of bounds for length 0", or not at all).
 */
class QueryBenchmarkWrongAnswerTest {

    static final WorkloadSpec SPEC = new WorkloadSpec(4, 10, WorkloadSpec.defaults().startTs(), 7);

    /** A stand-in for the harness's own test: it says only q2.count.p100, right the first time, one row too many after. */
    static final class WrongOnSecondRun extends Database {
        final AtomicInteger runs = new AtomicInteger();

        WrongOnSecondRun() {
            super(new DatabaseDescriptor("wrong", "Wrong", 1, "bench", "WRONG_PASSWORD"));
        }

        @Override
        public org.tsdbbench.common.query.DeviceDialect dialect() {
            return (q, spec) -> q.family() == QueryFamily.Q2_AGGREGATE && q.function() == Aggregate.COUNT && q.allDevices()
                    ? Optional.of("count") : Optional.empty();
        }

        @Override
        public Session open(ConnectionOptions options) {
            return new org.tsdbbench.common.data.DeviceSession() {
                @Override
                public void recreateSchema(WorkloadSpec spec) {
                }

                @Override
                public long write(RowBatch batch) {
                    return batch.size();
                }

                @Override
                public void query(String text, ResultSink sink) {
                    sink.row(new double[] {SPEC.totalRows() + (runs.getAndIncrement() == 0 ? 0 : 1)});
                }

                @Override
                public long countRows(WorkloadSpec spec) {
                    return SPEC.totalRows();
                }

                @Override
                public ServerFacts facts(Workload workload) {
                    return new ServerFacts("0", "none", Map.of(), List.of());
                }

                @Override
                public void close() {
                }
            };
        }
    }

    @Test
    void aWrongAnswerInAMeasuredRunIsWrittenWhereTheStepReadsIt(@TempDir Path dir) throws Exception {
        WrongOnSecondRun db = new WrongOnSecondRun();
        Path log = dir.resolve("wrong-query-verify.jsonl");
        BenchSettings settings = BenchSettings.defaults(db).withDataSet(DeviceDataSet.generated(SPEC)).withAnswersDir(dir).withDataChecked()
                .withVerifyLog(log);
        QueryBenchmark bench = new QueryBenchmark();
        bench.queryId = "q2.count.p100";
        bench.open(new RunSettings(db, settings), new QueryBenchmark.Prepared());
        try {
            assertEquals(1, bench.query(), "the first run answers right: one row");
            IllegalStateException e = assertThrows(IllegalStateException.class, bench::query);
            assertEquals("wrong answer: q2.count.p100: expected 40, got 41", e.getMessage());
        } finally {
            bench.close();
        }
        List<String> wrong = WrongAnswers.of(log, "q2.count.p100");
        assertEquals(List.of("q2.count.p100: expected 40, got 41"), wrong);
        assertTrue(WrongAnswers.of(log, "q2.count.p10").isEmpty(), "another query's answers are its own");
        assertTrue(WrongAnswers.of(dir.resolve("none.jsonl"), "q2.count.p100").isEmpty(), "no log: no wrong answer");
    }
}
