package org.tsdbbench.common.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.data.DeviceDataSet;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.RowSource;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.db.ServerFacts;
import org.tsdbbench.common.data.DeviceSession;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.iot.IotDataSet;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotWorkload;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.query.DeviceAnswers;
import org.tsdbbench.common.query.DeviceDialect;
import org.tsdbbench.common.query.ExpectedAnswers;
import org.tsdbbench.common.query.QueryCatalog;
import org.tsdbbench.common.query.QueryFamily;
import org.tsdbbench.common.query.ResultSink;

/**
 * The harness holds the abstract types, and each reaches the session's or dialect's overload for
 * its own workload: a batch, a spec, a catalog. The devices' batches are refilled in place.
 */
class DispatchTest {

    private static final WorkloadSpec SPEC = new WorkloadSpec(4, 25, WorkloadSpec.DEFAULT_START_TS, 3);

    /** A session that records which of its overloads was called, with what. */
    static final class RecordingSession implements DeviceSession {
        final List<Object> calls = new ArrayList<>();

        @Override
        public void recreateSchema(WorkloadSpec spec) {
            calls.add(spec);
        }

        @Override
        public long write(RowBatch batch) {
            calls.add(batch);
            return batch.size();
        }

        @Override
        public PreparedWrite prepare(RowBatch batch) {
            calls.add(batch);
            return PreparedWrite.of(batch.size(), 0, () -> 0);
        }

        @Override
        public void query(String text, ResultSink rows) {
            throw new UnsupportedOperationException();
        }

        @Override
        public long countRows(WorkloadSpec spec) {
            calls.add(spec);
            return 42;
        }

        @Override
        public ServerFacts facts(Workload workload) {
            return new ServerFacts("0", "none", Map.of(), List.of());
        }

        @Override
        public void close() {
        }
    }

    @Test
    void aBatchAndASpecReachTheSessionsOverloadForTheirWorkload() throws Exception {
        RecordingSession session = new RecordingSession();
        DataSet data = DeviceDataSet.generated(SPEC);
        DataSpec spec = data.spec();
        spec.recreateSchema(session);
        assertEquals(42, spec.countRows(session));
        Batch batch;
        try (BatchSource rows = data.client(0, 2, false)) {
            batch = rows.next(10);
            assertEquals(10, batch.write(session));
            assertEquals(10, batch.prepare(session).rows());
        }
        assertEquals(List.of(SPEC, SPEC, batch, batch), session.calls);
    }

    /**
     * A session that implements only the devices' interface takes the devices alone: a truck's spec or batch
     * reaching it is a DatabaseException naming it, and the workloads say which of them it implements.
     */
    @Test
    void aSessionWithoutAWorkloadsInterfaceRefusesItsTypesByName() throws Exception {
        RecordingSession session = new RecordingSession();
        IotSpec trucks = IotSpec.defaults();
        DatabaseException refused = assertThrows(DatabaseException.class, () -> trucks.recreateSchema(session));
        assertEquals("RecordingSession does not take the iot workload", refused.getMessage());
        try (BatchSource rows = IotDataSet.generated(trucks).client(0, 1, false)) {
            Batch batch = rows.next(5);
            assertThrows(DatabaseException.class, () -> batch.write(session));
        }
        assertEquals(List.of(), session.calls, "nothing reached the session");
        DeviceDialect dialect = (query, spec) -> Optional.empty();
        assertTrue(DevicesWorkload.INSTANCE.implementedBy(session, dialect));
        assertFalse(IotWorkload.INSTANCE.implementedBy(session, dialect));
    }

    /** A source refills its one batch (no batch, let alone an object, per request), and the rows are the generator's. */
    @Test
    void aSourceRefillsItsOwnBatchWithTheGeneratorsRows() throws Exception {
        DeviceDataSet data = DeviceDataSet.generated(SPEC);
        RowBatch expected = new RowBatch(SPEC.numOfDevices() * SPEC.rowsPerDevice());
        try (RowSource all = data.all()) {
            all.fill(expected, expected.capacity());
        }
        int at = 0;
        try (RowSource rows = data.all()) {
            RowBatch first = rows.next(30);
            for (RowBatch b = first; !b.isEmpty(); b = rows.next(30)) {
                assertSame(first, b, "the same batch, refilled");
                for (int i = 0; i < b.size(); i++, at++) {
                    assertEquals(expected.devid[at], b.devid[i]);
                    assertEquals(expected.ts[at], b.ts[i]);
                    assertEquals(expected.temperature[at], b.temperature[i]);
                    assertEquals(expected.humidity[at], b.humidity[i]);
                }
            }
        }
        assertEquals(expected.size(), at, "every row once");
    }

    /** The devices' answers list the catalog in the dialect's words; what it cannot say is absent, by id. */
    @Test
    void theCatalogIsPreparedThroughTheDialectsOverloadAndWhatItCannotSayIsAbsent() {
        List<Object> asked = new ArrayList<>();
        DeviceDialect onlyQ2 = (query, spec) -> {
            asked.add(spec);
            return query.family() == QueryFamily.Q2_AGGREGATE ? Optional.of("q2 " + query.id()) : Optional.empty();
        };
        Answers answers = new DeviceAnswers(SPEC, ExpectedAnswers.of(SPEC));
        PreparedCatalog catalog = answers.prepare(onlyQ2);
        assertEquals(QueryCatalog.family(QueryFamily.Q2_AGGREGATE).size(), catalog.queries().size());
        assertEquals(QueryCatalog.all().size(), catalog.queries().size() + catalog.absent().size());
        assertTrue(asked.stream().allMatch(s -> s == SPEC), "rendered for the data set's spec");
        for (PreparedQuery q : catalog.queries()) assertEquals("q2 " + q.id(), q.text());
        assertTrue(catalog.absent().contains("q1.g0") && catalog.absent().contains("q4.avg.p100"), catalog.absent().toString());
        PreparedQuery fromFile = answers.prepare("q3.sum.p50", "SELECT 1", onlyQ2);
        assertEquals("q3.sum.p50", fromFile.id());
        assertEquals("SELECT 1", fromFile.text());
        assertEquals(SPEC.totalRows(), answers.totalRows());
    }

    /** A sink that reads numbers only gets a row with texts as its numbers: every devices check is such a sink. */
    @Test
    void aSinkOfNumbersIgnoresTheTexts() {
        List<double[]> rows = new ArrayList<>();
        ResultSink numbers = v -> rows.add(v.clone());
        numbers.row(new double[] {1, Double.NaN}, new String[] {null, "truck_7"});
        assertArrayEquals(new double[] {1, Double.NaN}, rows.get(0));
    }
}
