package org.tsdbbench.clickhouse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
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
import org.tsdbbench.common.iot.IotWorkload;
import org.tsdbbench.common.iot.TagModel;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.query.ResultSink;

/**
 * The IoT trucks against the real server (scripts/servers/clickhouse.sh, as scripts/test.sh starts
 * it; CLICKHOUSE_HOST, CLICKHOUSE_PORT and CLICKHOUSE_PASSWORD as the contract reads them): a
 * generated data set (20 trucks over 36 hours, TSBS's gaps, late records and null tags and fields
 * included) written by two clients at once through the session, counted in both tables, and every
 * catalog query's answer checked against the generator's ({@link TagModel#RECORD}: each row keeps
 * its record's own tags); none is absent.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClickHouseIotTest {

    private static final IotSpec SPEC = IotSpec.defaults();

    private final ClickHouseDatabase db = new ClickHouseDatabase();
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

    private ConnectionOptions options() {
        return new ConnectionOptions(env("CLICKHOUSE_HOST", "127.0.0.1"), Integer.parseInt(env("CLICKHOUSE_PORT", "8123")),
                db.descriptor().defaultUser(), db.descriptor().defaultDatabase(), ConnectionOptions.Secret.fromEnv(db.descriptor().passwordEnv()), Map.of());
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

    /** A one-number query's answer, through the session. */
    private static double number(Session s, String sql) throws Exception {
        double[] value = {Double.NaN};
        s.query(sql, new ResultSink() {
            @Override
            public void row(double[] values) {
                value[0] = values[0];
            }
        });
        return value[0];
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
            assertEquals(answers.readings(), (long) number(s, "SELECT count() FROM bench.readings"), "readings");
            // Records that leave a tag null keep it NULL in their own row: the per-record tags the answers assume.
            assertTrue(number(s, "SELECT count() FROM bench.readings WHERE name IS NULL") > 0, "readings without a name");
            assertTrue(number(s, "SELECT count() FROM bench.diagnostics WHERE driver IS NULL AND name IS NOT NULL") > 0, "named diagnostics without a driver");
            assertTrue(number(s, "SELECT count() FROM bench.readings WHERE velocity IS NULL") > 0, "readings without a velocity");
            assertEquals(List.of(), mismatches(s));
            DiskUse disk = s.diskUse(SPEC);
            double parts = number(s, "SELECT sum(bytes_on_disk) FROM system.parts WHERE database = 'bench' AND table IN ('readings', 'diagnostics') AND active");
            assertEquals((long) parts, disk.bytes(), disk.method());
            assertTrue(disk.method().matches("system\\.parts bytes_on_disk of the active parts after OPTIMIZE TABLE FINAL: readings [0-9,]+"
                    + " \\+ diagnostics [0-9,]+ bytes .*"), disk.method());
            // After OPTIMIZE ... FINAL every query still answers the same.
            assertEquals(List.of(), mismatches(s));
        }
    }

    /** The IoT disk figure grows with the records ({@link IotDiskGrowth}) and names no table of another database. */
    @Test
    void theIotDiskFigureGrowsWithTheRecords() throws Exception {
        try (Session s = db.open(options())) {
            DiskUse loaded = IotDiskGrowth.measure(s, "ClickHouse").loaded();
            assertTrue(loaded.serverHeld() != null && !loaded.serverHeld().otherDatabases().contains("bench"), String.valueOf(loaded.serverHeld()));
        }
    }

    /**
     * The queries that take a fleet narrow it through the primary index: run with
     * {@code force_primary_key=1}, which makes 18.16 refuse a query whose condition the sort key
     * cannot use (as {@code fleet = 'South'} would be refused: the key holds {@code ifNull(fleet, '')}).
     */
    @Test
    void theFleetQueriesUseThePrimaryIndex() throws Exception {
        ConnectionOptions o = options();
        try (Session s = db.open(o)) {
            s.recreateSchema(SPEC);
            IotDiskGrowth.writeAll(s, SPEC, 5_000);
        }
        HttpClient http = HttpClient.newHttpClient();
        String auth = "Basic " + Base64.getEncoder().encodeToString((o.user() + ":" + o.password().reveal()).getBytes(StandardCharsets.UTF_8));
        URI uri = URI.create("http://" + o.host() + ":" + o.port() + "/?database=" + o.database() + "&force_primary_key=1");
        int fleetQueries = 0;
        for (IotQuery q : queries) {
            if (q.fleet() == null) continue;
            fleetQueries++;
            String sql = db.dialect().render(q, SPEC).orElseThrow();
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).header("Authorization", auth).POST(HttpRequest.BodyPublishers.ofString(sql)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), q.id() + ": " + r.body());
        }
        assertTrue(fleetQueries >= 5, "fleet queries: " + fleetQueries);
        HttpResponse<String> plain = http.send(HttpRequest.newBuilder(uri).header("Authorization", auth)
                .POST(HttpRequest.BodyPublishers.ofString("SELECT count() FROM readings WHERE fleet = 'South'")).build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(plain.statusCode() != 200 && plain.body().contains("force_primary_key"), plain.statusCode() + " " + plain.body());
    }

    /** The schema the manifest shows is the run's workload's. */
    @Test
    void theFactsShowTheTrucksTables() throws Exception {
        try (Session s = db.open(options())) {
            s.recreateSchema(SPEC);
            List<String> schema = s.facts(IotWorkload.INSTANCE).schema();
            assertEquals(2, schema.size(), schema.toString());
            assertTrue(schema.get(0).startsWith("CREATE TABLE bench.readings (ts Int64, name Nullable(String)"), schema.get(0));
        }
    }
}
