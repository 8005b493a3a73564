package org.tsdbbench.timescaledb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tsdbbench.common.contract.IotDiskGrowth;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Jdbc;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.iot.IotAnswers;
import org.tsdbbench.common.iot.IotCheck;
import org.tsdbbench.common.iot.IotGenerator;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryCatalog;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.TableRows;
import org.tsdbbench.common.iot.TagModel;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.query.ResultSink;

/**
 * The IoT trucks against the real server: a generated data set (20 trucks over 36 hours, TSBS's
 * gaps, late records and null tags and fields included) written by two clients at once through
 * the session, counted in both hypertables, and every catalog query's answer checked against the
 * generator's ({@link TagModel#RECORD}: a record's tags are its own tags row); in each write mode
 * that takes the workload and from the columnstore. A request is stored whole or not at all.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TimescaleIotTest {

    private static final IotSpec SPEC = IotSpec.defaults();
    /** Chunks of 3 hours, so that the 36 hours span 12 (report C's count) and every latest-record query crosses chunks. */
    private static final String CHUNK = "3 hours";

    private final TimescaleDatabase db = new TimescaleDatabase();
    private final IotGenerator generator = new IotGenerator(SPEC);
    private List<IotQuery> queries;
    private IotAnswers answers;

    @BeforeAll
    void serverAndAnswers() throws Exception {
        assumeTrue(TimescaleServer.skipReason() == null, TimescaleServer.skipReason());
        queries = new ArrayList<>(IotQueryCatalog.draw(SPEC, IotQueryCatalog.generatedFleets(), SPEC.seed(), 3));
        // The catalog's stationary-trucks windows find no truck standing still here (few do for a
        // whole window): every 10-minute window of every fleet is a candidate, and those with a
        // truck to find join the queries.
        List<IotQuery> stationary = new ArrayList<>();
        for (String fleet : IotQueryCatalog.generatedFleets()) {
            for (long start = SPEC.startNs() + SPEC.intervalNs() / 2; start + IotSpec.BUCKET_NS <= SPEC.endNs(); start += IotSpec.BUCKET_NS) {
                IotQuery q = IotQuery.window(IotQueryType.STATIONARY_TRUCKS, fleet, start / 1_000_000L);
                if (!queries.contains(q)) stationary.add(q);
            }
        }
        List<IotQuery> all = new ArrayList<>(queries);
        all.addAll(stationary);
        answers = IotAnswers.compute(generator.all(), SPEC, TagModel.RECORD, all);
        for (IotQuery q : stationary) if (!answers.answer(q).rows().isEmpty()) queries.add(q);
    }

    private static ConnectionOptions options(String writeMode, boolean compress) {
        return TimescaleServer.connection(Map.of(TimescaleDatabase.WRITE_MODE.name(), writeMode, TimescaleDatabase.COMPRESS.name(), String.valueOf(compress)));
    }

    private static Connection catalog() throws Exception {
        return DriverManager.getConnection("jdbc:postgresql://" + TimescaleServer.host() + ":" + TimescaleServer.port() + "/bench",
                TimescaleDatabase.properties(options("copy", false)));
    }

    /** Creates the tables through the session, with chunks of {@link #CHUNK}. */
    private void recreate(Session s) throws Exception {
        s.recreateSchema(SPEC);
        try (Connection c = catalog()) {
            for (String table : List.of("readings", "diagnostics")) Jdbc.queryLong(c, "SELECT count(*) FROM set_chunk_time_interval('" + table + "', INTERVAL '" + CHUNK + "')");
        }
    }

    /** Two clients, each writing its half of the trucks in requests of up to 5,000 records; the records acknowledged. */
    private long load(ConnectionOptions o) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Long>> clients = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                int client = i;
                clients.add(pool.submit(() -> {
                    try (Session s = db.open(o)) {
                        IotRowSource source = generator.client(client, 2, false);
                        TruckBatch batch = new TruckBatch(source.trucks(), 5_000);
                        long acked = 0;
                        while (source.fill(batch, batch.capacity()) > 0) acked += s.write(batch);
                        return acked;
                    }
                }));
            }
            long acked = 0;
            for (Future<Long> f : clients) acked += f.get();
            return acked;
        } finally {
            pool.shutdownNow();
        }
    }

    /** Every query rendered, run and checked; the mismatches, one line each. */
    private List<String> mismatches(Session s) throws Exception {
        List<String> problems = new ArrayList<>();
        Set<IotQueryType> withRows = EnumSet.noneOf(IotQueryType.class);
        for (IotQuery q : queries) {
            String sql = db.dialect().render(q, SPEC).orElseThrow(() -> new AssertionError(q.id() + " not rendered"));
            IotCheck check = answers.answer(q).newCheck();
            ResultSink sink = db.dialect().shaper(q).shape(new ResultSink() {
                @Override
                public void row(double[] values) {
                    throw new AssertionError("rows come with their texts");
                }

                @Override
                public void row(double[] values, String[] texts) {
                    check.row(values, texts);
                }
            });
            s.query(sql, sink);
            sink.end();
            String problem = check.mismatch();
            if (problem != null) problems.add(problem);
            if (check.rows() > 0) withRows.add(q.type());
        }
        // A check of no rows proves little: every type has rows to find here.
        if (problems.isEmpty()) assertEquals(EnumSet.allOf(IotQueryType.class), withRows, "query types that returned rows");
        return problems;
    }

    @ParameterizedTest(name = "writeMode={0} compress={1}")
    @CsvSource({"copy, false", "multirow, false", "copy, true"})
    void loadsEveryRecordAndAnswersEveryQuery(String writeMode, boolean compress) throws Exception {
        ConnectionOptions o = options(writeMode, compress);
        try (Session s = db.open(o)) {
            recreate(s);
            long acked = load(o);
            assertEquals(answers.records(), acked, "records acknowledged");
            assertEquals(answers.records(), s.countRows(SPEC), "records stored in readings and diagnostics");
            try (Connection c = catalog()) {
                assertEquals(answers.readings(), Jdbc.queryLong(c, "SELECT count(*) FROM readings"), "readings");
                assertTrue(Jdbc.queryLong(c, "SELECT count(*) FROM show_chunks('readings')") >= 12, "readings in 12 chunks or more");
                // Records that leave a tag null have tags rows of their own: the per-record tags the answers assume.
                assertTrue(Jdbc.queryLong(c, "SELECT count(*) FROM tags") > SPEC.trucks(), "tags rows beyond one per truck");
                assertTrue(Jdbc.queryLong(c, "SELECT count(*) FROM tags WHERE name IS NULL") > 0, "a tags row without a name");
                if (compress) {
                    assertEquals(0, Jdbc.queryLong(c, "SELECT count(*) FROM show_chunks('readings') ch"
                            + " WHERE _timescaledb_functions.chunk_status_text(ch) <> '{COMPRESSED}'"), "readings' chunks not converted");
                }
                DiskUse disk = s.diskUse(SPEC);
                assertEquals(Jdbc.queryLong(c, "SELECT hypertable_size('readings') + hypertable_size('diagnostics') + pg_total_relation_size('tags')"),
                        disk.bytes(), disk.method());
                assertTrue(disk.method().contains(compress ? "every chunk in the columnstore" : "every chunk in the row store as loaded"), disk.method());
            }
            assertEquals(List.of(), mismatches(s));
        }
    }

    /**
     * The IoT disk figure: both hypertables' hypertable_size and the tags table's
     * pg_total_relation_size, each named with its bytes; it grows with the records ({@link IotDiskGrowth}).
     */
    @Test
    void theIotDiskFigureNamesItsTablesAndGrowsWithTheirRecords() throws Exception {
        try (Session s = db.open(options("copy", false))) {
            DiskUse loaded = IotDiskGrowth.measure(s, "TimescaleDB").loaded();
            assertTrue(loaded.method().matches("hypertable_size\\('readings'\\) [0-9,]+ \\+ hypertable_size\\('diagnostics'\\) [0-9,]+"
                    + " \\+ pg_total_relation_size\\('tags'\\) [0-9,]+ bytes after ANALYZE.*"), loaded.method());
            assertTrue(loaded.serverHeld() != null && !loaded.serverHeld().otherDatabases().contains("bench"), String.valueOf(loaded.serverHeld()));
        }
    }

    /** The rows of a request the server refuses in part: none of them stored, the other table's included. */
    @ParameterizedTest(name = "writeMode={0}")
    @CsvSource({"copy", "multirow"})
    void aRefusedRequestStoresNone(String writeMode) throws Exception {
        ConnectionOptions o = options(writeMode, false);
        try (Session s = db.open(o); Connection c = catalog()) {
            recreate(s);
            Jdbc.execute(c, "ALTER TABLE diagnostics ADD CONSTRAINT refuse_marked CHECK (fuel_state <> 0.123456)");
            IotRowSource source = generator.all();
            TruckBatch batch = new TruckBatch(source.trucks(), 1_000);
            source.fill(batch, batch.capacity());
            TableRows d = batch.diagnostics;
            assertTrue(batch.readings.size() > 0 && d.size() > 0, "a batch of both tables");
            d.field[0][d.size() - 1] = 0.123456;
            DatabaseException e = assertThrows(DatabaseException.class, () -> s.write(batch));
            assertTrue(e.getMessage().contains("refuse_marked"), e.getMessage());
            assertEquals(0, s.countRows(SPEC), "records stored of the refused request");
            d.field[0][d.size() - 1] = 0.5;
            assertEquals(batch.size(), s.write(batch), "the same session writes the next request");
            assertEquals(batch.size(), s.countRows(SPEC));
        }
    }

    @Test
    void batchModeSaysItDoesNotTakeTheWorkload() throws Exception {
        try (Session s = db.open(options("batch", false))) {
            recreate(s);
            IotRowSource source = generator.all();
            TruckBatch batch = new TruckBatch(source.trucks(), 100);
            source.fill(batch, batch.capacity());
            DatabaseException e = assertThrows(DatabaseException.class, () -> s.write(batch));
            assertTrue(e.getMessage().contains("writeMode=batch does not take the iot workload"), e.getMessage());
        }
    }
}
