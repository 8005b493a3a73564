package org.tsdbbench.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.iot.IotAnswers;
import org.tsdbbench.common.iot.IotCheck;
import org.tsdbbench.common.iot.IotGenerator;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryCatalog;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.TagModel;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.query.ResultSink;

/**
 * The IoT trucks against the real server (scripts/servers/cassandra.sh, as scripts/test.sh starts
 * it; CASSANDRA_HOST, CASSANDRA_PORT and CASSANDRA_PASSWORD as the contracts read them).
 */
class CassandraIotTest {

    private final CassandraDatabase db = new CassandraDatabase();

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }

    private ConnectionOptions options() {
        return new ConnectionOptions(env("CASSANDRA_HOST", "127.0.0.1"), Integer.parseInt(env("CASSANDRA_PORT", "9042")),
                db.descriptor().defaultUser(), db.descriptor().defaultDatabase(), ConnectionOptions.Secret.fromEnv(db.descriptor().passwordEnv()), Map.of());
    }

    /** A query's rows as numbers and texts (NULL as NaN and null). */
    private static List<Object[]> rows(Session s, String cql) throws Exception {
        List<Object[]> rows = new ArrayList<>();
        s.query(cql, new ResultSink() {
            @Override
            public void row(double[] values) {
                row(values, new String[values.length]);
            }

            @Override
            public void row(double[] values, String[] texts) {
                rows.add(new Object[] {values.clone(), texts.clone()});
            }
        });
        return rows;
    }

    private static double[] values(Object[] row) {
        return (double[]) row[0];
    }

    /**
     * What the shaper assumes of Cassandra, on the server itself: aggregates skip nulls; AVG over no
     * value is 0 (hence COUNT beside it), SUM 0, MAX null; a non-aggregated column of a GROUP BY
     * group is its first row's (latest with ts DESC), a null there staying null; floor(ts, 10m) groups
     * a DESC clustering column; arithmetic inside SUM counts the statuses not 0.
     */
    @Test
    void cassandrasOwnSemanticsAreWhatTheShaperAssumes() throws Exception {
        try (Session s = db.open(options())) {
            s.query("DROP TABLE IF EXISTS iot_semantics", r -> { });
            s.query("CREATE TABLE iot_semantics (k text, c text, ts timestamp, v double, st bigint, PRIMARY KEY ((k), c, ts))"
                    + " WITH CLUSTERING ORDER BY (c ASC, ts DESC)", r -> { });
            s.query("INSERT INTO iot_semantics (k, c, ts, v, st) VALUES ('a', '', 0, 1, 0)", r -> { });
            s.query("INSERT INTO iot_semantics (k, c, ts, st) VALUES ('a', '', 600000, 3)", r -> { });
            s.query("INSERT INTO iot_semantics (k, c, ts, v, st) VALUES ('a', '', 660000, 5, 1)", r -> { });
            s.query("INSERT INTO iot_semantics (k, c, ts) VALUES ('a', 'x', 1200000)", r -> { });
            s.query("INSERT INTO iot_semantics (k, c, ts, v, st) VALUES ('a', 'x', 0, 2, 0)", r -> { });
            // AVG, SUM, MAX over no value; COUNT(v) counts values, COUNT(*) rows.
            List<Object[]> none = rows(s, "SELECT AVG(v), SUM(v), MAX(v), COUNT(v), COUNT(*) FROM iot_semantics WHERE k = 'a' AND c = 'x'"
                    + " AND ts = 1200000");
            assertArrayEquals(new double[] {0, 0, Double.NaN, 0, 1}, values(none.get(0)));
            // The first row of a group: the latest (ts DESC), its null v null.
            List<Object[]> latest = rows(s, "SELECT c, ts, v, AVG(v), COUNT(v) FROM iot_semantics WHERE k = 'a' GROUP BY k, c");
            assertEquals(2, latest.size());
            assertArrayEquals(new double[] {Double.NaN, 660000, 5, 3, 2}, values(latest.get(0)));
            assertArrayEquals(new double[] {Double.NaN, 1200000, Double.NaN, 2, 1}, values(latest.get(1)));
            assertEquals("", ((String[]) latest.get(0)[1])[0]);
            // floor(ts, 10m) on a DESC column, and the statuses not 0 counted by Cassandra.
            List<Object[]> buckets = rows(s, "SELECT c, floor(ts, 10m), COUNT(st), SUM((abs(st) - abs(abs(st) - 1) + 1) / 2), SUM(v), COUNT(v)"
                    + " FROM iot_semantics WHERE k = 'a' AND c > '' GROUP BY k, c, floor(ts, 10m)");
            assertEquals(2, buckets.size(), "only c = 'x': '' is not > ''");
            for (Object[] b : buckets) {
                double[] v = values(b);
                if (v[1] == 0) assertArrayEquals(new double[] {Double.NaN, 0, 1, 0, 2, 1}, v);
                else assertArrayEquals(new double[] {Double.NaN, 1200000, 0, 0, 0, 0}, v);
            }
            List<Object[]> statuses = rows(s, "SELECT floor(ts, 10m), COUNT(st), SUM((abs(st) - abs(abs(st) - 1) + 1) / 2) FROM iot_semantics"
                    + " WHERE k = 'a' AND c = '' GROUP BY k, c, floor(ts, 10m)");
            assertEquals(2, statuses.size());
            assertArrayEquals(new double[] {600000, 2, 2}, values(statuses.get(0)), "ts DESC: the later bucket first");
            assertArrayEquals(new double[] {0, 1, 0}, values(statuses.get(1)));
            // A condition on a field drops its null values (ALLOW FILTERING), as a comparison with NULL is not true.
            assertEquals(1, rows(s, "SELECT ts FROM iot_semantics WHERE k = 'a' AND v > 1.5 AND v < 4 ALLOW FILTERING").size());
            s.query("DROP TABLE iot_semantics", r -> { });
        }
    }

    private static final IotSpec SPEC = IotSpec.defaults();

    /**
     * The default data set (20 trucks over 36 hours, TSBS's gaps, late records and null tags and
     * fields) written by two clients at once, every record acknowledged and counted back, then every
     * query type (12 draws of each that takes a fleet or window) checked against the generator's
     * answers; every type finds rows in at least one draw.
     */
    @Test
    void loadsEveryRecordAndAnswersEveryQuery() throws Exception {
        IotGenerator generator = new IotGenerator(SPEC);
        List<IotQuery> queries = IotQueryCatalog.draw(SPEC, IotQueryCatalog.generatedFleets(), SPEC.seed(), 12);
        // Stationary trucks are rare: every 10-minute window of every fleet, those with a truck to find kept.
        List<IotQuery> all = new ArrayList<>(queries);
        for (String fleet : IotQueryCatalog.generatedFleets()) {
            for (long start = SPEC.startNs() + SPEC.intervalNs() / 2; start + IotSpec.BUCKET_NS <= SPEC.endNs(); start += IotSpec.BUCKET_NS) {
                IotQuery q = IotQuery.window(IotQueryType.STATIONARY_TRUCKS, fleet, start / 1_000_000L);
                if (!all.contains(q)) all.add(q);
            }
        }
        IotAnswers answers = IotAnswers.compute(generator.all(), SPEC, TagModel.RECORD, all);
        for (IotQuery q : all) if (!queries.contains(q) && !answers.answer(q).rows().isEmpty()) queries.add(q);
        ConnectionOptions o = options();
        try (Session s = db.open(o)) {
            s.recreateSchema(SPEC);
            ExecutorService pool = Executors.newFixedThreadPool(2);
            long acked = 0;
            try {
                List<Future<Long>> clients = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    int client = i;
                    clients.add(pool.submit(() -> {
                        try (Session c = db.open(o)) {
                            IotRowSource source = generator.client(client, 2, false);
                            TruckBatch batch = new TruckBatch(source.trucks(), 5_000);
                            long n = 0;
                            while (source.fill(batch, batch.capacity()) > 0) n += c.write(batch);
                            return n;
                        }
                    }));
                }
                for (Future<Long> f : clients) acked += f.get();
            } finally {
                pool.shutdownNow();
            }
            assertEquals(answers.records(), acked, "records acknowledged");
            assertEquals(answers.records(), s.countRows(SPEC), "records stored in readings and diagnostics");
            List<String> problems = new ArrayList<>();
            Set<IotQueryType> withRows = EnumSet.noneOf(IotQueryType.class);
            for (IotQuery q : queries) {
                String cql = db.dialect().render(q, SPEC).orElseThrow(() -> new AssertionError(q.id() + " not rendered"));
                IotCheck check = answers.answer(q).newCheck();
                ResultSink sink = db.dialect().shaper(q).shape(check);
                s.query(cql, sink);
                sink.end();
                if (check.mismatch() != null) problems.add(check.mismatch() + "  [" + cql + "]");
                if (check.rows() > 0) withRows.add(q.type());
            }
            assertEquals(List.of(), problems);
            assertEquals(EnumSet.allOf(IotQueryType.class), withRows, "query types that returned rows");
            DiskUse disk = s.diskUse(SPEC);
            assertTrue(disk.bytes() > 0 && disk.method().contains("readings") && disk.method().contains("diagnostics"), disk.method());
        }
    }

    /**
     * {@code --option prebuild=true}: a prepared IoT request holds its statements bound ahead (one
     * UNLOGGED batch per table and fleet); preparing sends nothing, a later refill of the batch
     * leaves it alone, and sending it stores exactly its records.
     */
    @Test
    void aPreparedRequestHoldsItsStatementsBoundAhead() throws Exception {
        IotSpec small = new IotSpec(4, SPEC.startNs(), SPEC.startNs() + java.time.Duration.ofHours(1).toNanos(), SPEC.intervalNs(), SPEC.seed());
        try (CassandraSession s = (CassandraSession) db.open(options()); IotRowSource source = new IotGenerator(small).all()) {
            s.recreateSchema(small);
            TruckBatch batch = new TruckBatch(source.trucks(), 500);
            source.fill(batch, 500);
            CassandraSession.PreparedStatements p = s.prepare(batch);
            int fleets = (int) java.util.stream.IntStream.range(0, batch.readings.size())
                    .map(r -> batch.readings.tagCode(batch.trucks, r, org.tsdbbench.common.iot.IotTag.FLEET)).distinct().count()
                    + (int) java.util.stream.IntStream.range(0, batch.diagnostics.size())
                    .map(r -> batch.diagnostics.tagCode(batch.trucks, r, org.tsdbbench.common.iot.IotTag.FLEET)).distinct().count();
            assertEquals(fleets, p.statements.size(), "one batch per table and fleet");
            assertEquals(500, p.rows());
            source.fill(batch, 500);
            s.prepare(batch); // the next request
            assertEquals(0, s.countRows(small), "preparing sends nothing");
            assertEquals(500, p.send());
            assertEquals(500, s.countRows(small));
        }
    }
}
