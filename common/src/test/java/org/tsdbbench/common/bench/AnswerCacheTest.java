package org.tsdbbench.common.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.data.DataFileWriter;
import org.tsdbbench.common.data.DataFiles;
import org.tsdbbench.common.data.DeviceDataSet;
import org.tsdbbench.common.data.DeviceGenerator;
import org.tsdbbench.common.data.DeviceRange;
import org.tsdbbench.common.data.GeneratedRows;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.RowSource;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.DeviceAnswers;
import org.tsdbbench.common.query.Dialect;
import org.tsdbbench.common.query.ExpectedAnswers;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.query.QueryCatalog;
import org.tsdbbench.common.query.QueryFamily;
import org.tsdbbench.common.query.SqlDialect;

/**
 * The expected answers are computed once per data set and reused by every query benchmark of a
 * run: by the query step, by each query's trial in the same JVM, and by a forked JVM through the
 * file in the results folder. Counted passes over the rows, not timed.
 */
class AnswerCacheTest {

    /** A database that only renders queries: a trial's setup needs no more of it (its session is never used). */
    static final Database DB = new Database(new DatabaseDescriptor("stub", "Stub", 1, "bench", "TSBENCH_STUB_PASSWORD")) {

        @Override
        public Dialect dialect() {
            return new SqlDialect() { };
        }

        @Override
        public Session open(ConnectionOptions options) {
            return (Session) java.lang.reflect.Proxy.newProxyInstance(Session.class.getClassLoader(), new Class<?>[] {Session.class},
                    (proxy, method, args) -> {
                        if (method.getName().equals("close")) return null;
                        throw new UnsupportedOperationException(method.getName() + ": the stub has no server");
                    });
        }
    };

    private static BenchSettings settings(DeviceDataSet data, Path answersDir) {
        return new BenchSettings(DB.name(), "127.0.0.1", 1, "bench", "bench", DB.descriptor().passwordEnv(), null, Map.of(), data, null, null,
                answersDir, false);
    }

    @Test
    void aQueryStepOverTenMillionRowsComputesTheAnswersOnce(@TempDir Path results) throws Exception {
        // 1,000 devices x 10,000 rows: the 10 M-row data set, generated (no files needed for the count)
        DeviceDataSet data = DeviceDataSet.generated(new WorkloadSpec(1_000, 10_000, WorkloadSpec.DEFAULT_START_TS, 17));
        BenchSettings settings = settings(data, results);
        AnswerCache.forgetInMemory();
        int before = AnswerCache.computed();
        // the query step: prepares the queries and their answers, then runs one JMH trial per query
        QuerySet step = QuerySet.prepare(DB, settings);
        assertEquals(10_000_000, step.storedRows());
        assertEquals(before + 1, AnswerCache.computed(), "the step's own pass");
        // each trial reads the settings as a fork does: from the file the step wrote, the data set checked
        Path file = results.resolve("settings.json");
        settings.withDataChecked().writeTo(file);
        RunSettings run = new RunSettings(DB, BenchSettings.read(file));
        int trials = 0;
        for (String id : step.all().keySet()) {
            trial(run, id);
            trials++;
        }
        assertTrue(trials > 100, "every catalog query the dialect says: " + trials);
        // a forked JVM starts without the in-memory copy: it reads the results folder's file
        AnswerCache.forgetInMemory();
        trial(run, "q4.count.p100");
        trial(run, "q1.g50");
        assertEquals(before + 1, AnswerCache.computed(), "one pass over the 10 M rows for the step and its " + (trials + 2) + " trials");
        assertTrue(Files.isRegularFile(AnswerCache.file(results, AnswerCache.key(data))));
        try (var files = Files.list(results)) {
            assertEquals(1, files.filter(f -> f.getFileName().toString().startsWith("expected-answers-")).count(), "one file per data set");
        }
    }

    /** One query benchmark's trial setup and teardown, as JMH runs them. */
    private static void trial(RunSettings run, String queryId) throws Exception {
        QueryBenchmark trial = new QueryBenchmark();
        trial.queryId = queryId;
        trial.open(run, new QueryBenchmark.Prepared());
        trial.close();
    }

    @Test
    void anotherDataSetHasItsOwnAnswers(@TempDir Path results) throws Exception {
        DeviceDataSet a = DeviceDataSet.generated(new WorkloadSpec(50, 100, WorkloadSpec.DEFAULT_START_TS, 1));
        DeviceDataSet b = DeviceDataSet.generated(new WorkloadSpec(50, 100, WorkloadSpec.DEFAULT_START_TS, 2));
        AnswerCache.forgetInMemory();
        int before = AnswerCache.computed();
        ExpectedAnswers first = ((DeviceAnswers) AnswerCache.answers(a, results)).expected();
        AnswerCache.answers(b, results);
        assertEquals(before + 2, AnswerCache.computed(), "another seed is another data set");
        AnswerCache.forgetInMemory();
        assertEquals(first.answer(LogicalQuery.parse("q2.sum.p100")),
                ((DeviceAnswers) AnswerCache.answers(a, results)).expected().answer(LogicalQuery.parse("q2.sum.p100")));
        assertEquals(before + 2, AnswerCache.computed(), "the first seed's answers came back from their file");
    }

    @Test
    void dataFilesAreKeyedByTheirSizeAndTime(@TempDir Path dir) throws Exception {
        WorkloadSpec spec = new WorkloadSpec(20, 50, WorkloadSpec.DEFAULT_START_TS, 3);
        Path data = Files.createDirectories(dir.resolve("data"));
        for (int i = 0; i < 2; i++) {
            try (DataFileWriter w = new DataFileWriter(DataFiles.file(data, i));
                 RowSource rows = new GeneratedRows(new DeviceGenerator(spec), DeviceRange.part(spec.numOfDevices(), i, 2), false)) {
                RowBatch batch = new RowBatch(1024);
                while (rows.fill(batch, batch.capacity()) > 0) w.write(batch);
            }
        }
        DeviceDataSet files = new DeviceDataSet(spec, data, 2);
        String before = AnswerCache.key(files);
        assertEquals(before, AnswerCache.key(files));
        Files.setLastModifiedTime(data.resolve("testdata1.csv"), java.nio.file.attribute.FileTime.fromMillis(0));
        assertTrue(!before.equals(AnswerCache.key(files)), "a file rewritten since is another data set");
        assertEquals(spec.totalRows(), AnswerCache.answers(files, dir).totalRows());
    }

    @Test
    void answersWrittenAndReadBackAnswerEveryQueryAlike() throws Exception {
        ExpectedAnswers answers = ExpectedAnswers.of(new WorkloadSpec(250, 150, WorkloadSpec.DEFAULT_START_TS, 99));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        answers.writeTo(new DataOutputStream(bytes));
        ExpectedAnswers back = ExpectedAnswers.readFrom(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertEquals(answers.totalRows(), back.totalRows());
        List<LogicalQuery> all = QueryCatalog.all();
        for (LogicalQuery q : all) {
            if (q.family() == QueryFamily.Q6_RANGE) continue;
            assertEquals(answers.answer(q), back.answer(q), q.id());
        }
    }
}
