package org.tsdbbench.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.tsdbbench.common.contract.IotDiskGrowth;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Jdbc;
import org.tsdbbench.common.db.PreparedWrite;
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
 * The IoT trucks against the real server (MariaDB, started by scripts/servers/mysql.sh; MYSQL_HOST,
 * MYSQL_PORT and MYSQL_PASSWORD as for the shared contract): a generated data set (20 trucks over 36
 * hours, TSBS's gaps, late records and null tags and fields included) written by two clients at
 * once through the session, counted in both tables, and every catalog query's answer checked
 * against the generator's ({@link TagModel#RECORD}: a record's tags are its own tags row). A
 * request is stored whole or not at all; a tag set another client inserted is found, not doubled.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MySqlIotTest {

    private static final IotSpec SPEC = IotSpec.defaults();

    private final MySqlDatabase db = new MySqlDatabase();
    private final IotGenerator generator = new IotGenerator(SPEC);
    private List<IotQuery> queries;
    private IotAnswers answers;

    @BeforeAll
    void answers() throws Exception {
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

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }

    private static ConnectionOptions options() {
        return new ConnectionOptions(env("MYSQL_HOST", "127.0.0.1"), Integer.parseInt(env("MYSQL_PORT", "3306")), "bench", "bench",
                ConnectionOptions.Secret.fromEnv("MYSQL_PASSWORD"), Map.of());
    }

    private static Connection catalog() throws Exception {
        ConnectionOptions o = options();
        return DriverManager.getConnection("jdbc:mysql://" + o.addresses().get(0) + "/bench", MySqlDatabase.properties(o));
    }

    /** Two clients, each writing its half of the trucks in requests of up to 5,000 records; the records acknowledged. */
    private long load(ConnectionOptions o) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Long>> clients = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                int client = i;
                clients.add(pool.submit(() -> {
                    try (Session s = db.open(o); IotRowSource source = generator.client(client, 2, false)) {
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

    @Test
    void loadsEveryRecordAndAnswersEveryQuery() throws Exception {
        ConnectionOptions o = options();
        try (Session s = db.open(o)) {
            s.recreateSchema(SPEC);
            long acked = load(o);
            assertEquals(answers.records(), acked, "records acknowledged");
            assertEquals(answers.records(), s.countRows(SPEC), "records stored in readings and diagnostics");
            try (Connection c = catalog()) {
                assertEquals(answers.readings(), Jdbc.queryLong(c, "SELECT COUNT(*) FROM readings"), "readings");
                assertEquals(answers.diagnostics(), Jdbc.queryLong(c, "SELECT COUNT(*) FROM diagnostics"), "diagnostics");
                // Records that leave a tag null have tags rows of their own: the per-record tags the answers assume.
                assertTrue(Jdbc.queryLong(c, "SELECT COUNT(*) FROM tags") > SPEC.trucks(), "tags rows beyond one per truck");
                assertTrue(Jdbc.queryLong(c, "SELECT COUNT(*) FROM tags WHERE name IS NULL") > 0, "a tags row without a name");
                assertEquals(0, Jdbc.queryLong(c, "SELECT COUNT(*) FROM readings r LEFT JOIN tags t ON t.id = r.tags_id WHERE t.id IS NULL"),
                        "readings without their tags row");
                DiskUse disk = s.diskUse(SPEC);
                assertEquals(Jdbc.queryLong(c, "SELECT SUM(DATA_LENGTH + INDEX_LENGTH) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'bench'"
                        + " AND TABLE_NAME IN ('readings', 'diagnostics', 'tags')"), disk.bytes(), disk.method());
            }
            assertEquals(List.of(), mismatches(s));
        }
    }

    /** The IoT disk figure names its three tables with their bytes, and grows with the records ({@link IotDiskGrowth}). */
    @Test
    void theIotDiskFigureNamesItsTablesAndGrowsWithTheirRecords() throws Exception {
        try (Session s = db.open(options())) {
            DiskUse loaded = IotDiskGrowth.measure(s, "MySQL").loaded();
            assertTrue(loaded.method().matches("information_schema.TABLES data_length \\+ index_length of readings [0-9,]+ \\+ diagnostics [0-9,]+"
                    + " \\+ tags [0-9,]+ bytes after ANALYZE TABLE.*"), loaded.method());
            assertTrue(loaded.serverHeld() != null && !loaded.serverHeld().otherDatabases().contains("bench"), String.valueOf(loaded.serverHeld()));
        }
    }

    /** The rows of a request the server refuses in part: none of them stored, the other table's included; the session writes on. */
    @Test
    void aRefusedRequestStoresNone() throws Exception {
        try (Session s = db.open(options()); Connection c = catalog()) {
            s.recreateSchema(SPEC);
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

    /**
     * Requests prepared ahead ({@code --option prebuild=true}) from one batch refilled in between
     * store exactly their records when sent; a second session writing the same trucks finds the
     * tags rows the first inserted (ON DUPLICATE KEY UPDATE id = id, then read back) instead of adding its own.
     */
    @Test
    void preparedRequestsStoreTheirOwnRecordsAndTagSetsAreShared() throws Exception {
        try (Session first = db.open(options()); Session second = db.open(options()); Connection c = catalog()) {
            first.recreateSchema(SPEC);
            IotRowSource source = generator.all();
            TruckBatch batch = new TruckBatch(source.trucks(), 2_000);
            source.fill(batch, batch.capacity());
            PreparedWrite a = first.prepare(batch);
            TruckBatch copyOfA = batch.copy();
            source.fill(batch, batch.capacity());
            PreparedWrite b = first.prepare(batch);
            source.fill(batch, batch.capacity()); // never sent
            assertEquals(0, first.countRows(SPEC), "preparing sends no records");
            long tags = Jdbc.queryLong(c, "SELECT COUNT(*) FROM tags");
            assertTrue(tags > 0, "preparing inserts the tag sets");
            assertEquals(2_000, a.send());
            assertEquals(2_000, b.send());
            assertEquals(4_000, first.countRows(SPEC));
            assertEquals(copyOfA.size(), second.write(copyOfA), "the same records again, from another session");
            assertEquals(tags, Jdbc.queryLong(c, "SELECT COUNT(*) FROM tags"), "tags rows after another session wrote the same trucks");
            assertEquals(6_000, second.countRows(SPEC));
        }
    }
}
