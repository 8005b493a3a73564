package org.tsdbbench.common.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.bench.DataSetGuard;
import org.tsdbbench.common.bench.Loader;
import org.tsdbbench.common.bench.RunSettings;
import org.tsdbbench.common.bench.StoredRows;
import org.tsdbbench.common.cli.BenchCli;
import org.tsdbbench.common.data.DeviceDataSet;
import org.tsdbbench.common.data.DeviceGenerator;
import org.tsdbbench.common.data.DeviceRange;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.data.GeneratedRows;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.iot.IotGenerator;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotWorkload;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DatabaseLookup;
import org.tsdbbench.common.db.ModuleOption;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.DeviceDialect;
import org.tsdbbench.common.query.Answer;
import org.tsdbbench.common.query.Dialect;
import org.tsdbbench.common.query.ExpectedAnswers;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.query.QueryCatalog;
import org.tsdbbench.common.query.QueryFamily;
import org.tsdbbench.common.workload.PreparedQuery;
import org.tsdbbench.common.workload.ResultCheck;
import org.tsdbbench.common.workload.Workload;
import org.tsdbbench.common.workload.Workloads;
import org.tsdbbench.results.StepFlags;

/**
 * What every database module must do against its real server, written once: write and count,
 * load a small data set with a verified count, answer every catalog query correctly, name an
 * unreachable server, and run its CLI's load, query and write steps end to end. A module's test
 * extends this and says how to reach its server.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class DatabaseContract {

    /** Small enough for CI, big enough for every group and several minutes: 200 devices x 150 rows. */
    protected static final WorkloadSpec SMALL = new WorkloadSpec(200, 150, WorkloadSpec.DEFAULT_START_TS, 11);

    @TempDir
    protected Path tmp;

    /** The module's database, as its jar's main finds it ({@link #theModuleIsRegisteredOnceAndItsOptionsDeclared} checks that). */
    protected abstract Database db();

    /**
     * The prefix of the environment variables that point the tests at another server: the
     * database's password variable without PASSWORD (MYSQL_HOST, MYSQL_PORT, MYSQL_PASSWORD).
     */
    protected String envPrefix() {
        return db().descriptor().passwordEnv().replace("PASSWORD", "");
    }

    /** The server under test: the local one the project's scripts start, unless the environment says otherwise. */
    protected ConnectionOptions connection() throws IOException {
        return new ConnectionOptions(host(), port(), db().descriptor().defaultUser(), db().descriptor().defaultDatabase(),
                ConnectionOptions.Secret.fromEnv(db().descriptor().passwordEnv()), Map.of());
    }

    /** The CLI arguments that reach the same server. */
    protected List<String> cliConnectionArgs() {
        return List.of("-host", host(), "-port", String.valueOf(port()));
    }

    private String host() {
        return env(envPrefix() + "HOST", "127.0.0.1");
    }

    private int port() {
        return Integer.parseInt(env(envPrefix() + "PORT", String.valueOf(db().descriptor().defaultPort())));
    }

    /** Whether the module measures its database's disk use (the disk step); a module without a way says so. */
    protected boolean measuresDisk() {
        return true;
    }

    /** The module registers its database once (META-INF/services): on its class path the lookup of the jars' one main finds it. */
    @Test
    void theJarsMainFindsThisDatabase() {
        assertEquals(db().getClass(), DatabaseLookup.find(null).getClass());
        assertEquals(db().getClass(), DatabaseLookup.find(db().name()).getClass());
    }

    /**
     * The workloads the descriptor says the module takes (checked before any work) are exactly those
     * whose session and dialect interfaces the module's session and dialect implement.
     */
    @Test
    void theDescriptorTakesExactlyTheWorkloadsTheSessionAndDialectImplement() throws Exception {
        try (Session s = db().open(connection())) {
            for (Workload w : Workloads.all()) {
                assertEquals(db().descriptor().takes(w), w.implementedBy(s, db().dialect(connection())), w.name());
            }
        }
    }

    @Test
    void writeReturnsRowsAcknowledgedAndCountSeesThem() throws Exception {
        try (Session s = db().open(connection())) {
            SMALL.recreateSchema(s);
            assertEquals(0, SMALL.countRows(s));
            RowBatch batch = new RowBatch(250);
            new GeneratedRows(new DeviceGenerator(SMALL), new DeviceRange(1, 2), false).fill(batch, 250);
            assertEquals(250, batch.write(s));
            assertEquals(250, StoredRows.settled(db(), s, SMALL, 250));
            assertFalse(s.facts(DevicesWorkload.INSTANCE).serverVersion().isBlank());
        }
    }

    @Test
    void loadIsVerifiedAndEveryCatalogQueryIsAnsweredCorrectly() throws Exception {
        DeviceDataSet data = DeviceDataSet.generated(SMALL);
        Loader.Result r = Loader.load(db(), connection(), data, SMALL.totalRows(), 3, 500, n -> { });
        assertTrue(r.verified(), r.describe());
        assertEquals(SMALL.totalRows(), r.rowsStored());

        Checked answers = check(db(), connection(), SMALL, QueryCatalog.all());
        assertTrue(answers.wrong().isEmpty(), "wrong answers:\n" + String.join("\n", answers.wrong()));
        assertTrue(answers.checked() >= 100, "only " + answers.checked() + " catalog queries rendered");
    }

    /** How many queries were rendered and run, and a line for each wrong answer. */
    record Checked(int checked, List<String> wrong) {
    }

    /**
     * Runs each query the database's dialect renders (one it cannot render is skipped) on one
     * session and checks its answer against the generator's: a catalog query against the data
     * set's expected answers, a q6 range against the rows the data set stores.
     */
    static Checked check(Database db, ConnectionOptions connection, WorkloadSpec spec, List<LogicalQuery> queries) throws Exception {
        ExpectedAnswers answers = queries.stream().anyMatch(q -> q.family() != QueryFamily.Q6_RANGE) ? ExpectedAnswers.of(spec) : null;
        DeviceGenerator generator = new DeviceGenerator(spec);
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        try (Session s = db.open(connection)) {
            DeviceDialect dialect = DeviceDialect.of(db.dialect(connection));
            for (LogicalQuery q : queries) {
                var text = dialect.render(q, spec);
                if (text.isEmpty()) continue;
                Answer expected = q.family() == QueryFamily.Q6_RANGE ? ExpectedAnswers.range(generator, spec.rowsPerDevice(), q) : answers.answer(q);
                ResultCheck check = new PreparedQuery(q, text.get(), dialect.shaper(q), expected).run(s);
                if (check.mismatch() != null) wrong.add(check.mismatch() + "  [" + text.get() + "]");
                checked++;
            }
        }
        return new Checked(checked, wrong);
    }

    /**
     * The guard of the steps that read a loaded data set takes the server's rows for the data set only
     * when their count and its fingerprint query's answer agree: another seed's data set of as many rows
     * is loaded over, the same one is not.
     */
    @Test
    void theDataSetGuardTellsAnotherSeedsRowsApart() throws Exception {
        DeviceDataSet data = DeviceDataSet.generated(SMALL);
        WorkloadSpec otherSeed = new WorkloadSpec(SMALL.numOfDevices(), SMALL.rowsPerDevice(), SMALL.startTs(), SMALL.seed() + 1);
        try (Session s = db().open(connection())) {
            if (SMALL.countRows(s) != SMALL.totalRows()) {
                assertTrue(Loader.load(db(), connection(), data, SMALL.totalRows(), 3, 500, n -> { }).verified());
            }
        }
        Dialect dialect = db().dialect(connection());
        assertTrue(data.answers().fingerprint(dialect).isPresent(), "every module says one of the devices' fingerprints");
        List<String> said = new ArrayList<>();
        AtomicLong loads = new AtomicLong();
        DataSetGuard.Load load = () -> loads.incrementAndGet() > 0;
        assertTrue(DataSetGuard.ensure(db(), connection(), SMALL, SMALL.totalRows(), () -> data.answers().fingerprint(dialect),
                said::add, load));
        assertEquals(0, loads.get(), "the data set it holds is not loaded again: " + said);
        DeviceDataSet other = DeviceDataSet.generated(otherSeed);
        assertTrue(DataSetGuard.ensure(db(), connection(), otherSeed, otherSeed.totalRows(), () -> other.answers().fingerprint(dialect),
                said::add, load));
        assertEquals(1, loads.get(), "another seed's rows are loaded over");
        assertEquals(1, said.size(), said.toString());
        assertTrue(said.get(0).contains("holds the data set's " + SMALL.totalRows() + " rows but not its values"), said.get(0));
    }

    /** Runs after the catalog test's load (or loads itself): q6 ranges of one device and of all devices, checked. */
    @Test
    void rangeQueriesOfOneDeviceAndOfAllDevicesAreAnsweredCorrectly() throws Exception {
        DeviceDataSet data = DeviceDataSet.generated(SMALL);
        try (Session s = db().open(connection())) {
            if (SMALL.countRows(s) != SMALL.totalRows()) {
                assertTrue(Loader.load(db(), connection(), data, SMALL.totalRows(), 3, 500, n -> { }).verified());
            }
        }
        long t0 = SMALL.startTs();
        List<LogicalQuery> ranges = List.of(
                LogicalQuery.range(1, t0, t0 + 5_000),
                LogicalQuery.range(SMALL.numOfDevices(), t0 + 40_000, SMALL.endTs()),
                LogicalQuery.range(77, t0 + 10_500, t0 + 20_500),
                LogicalQuery.range(0, t0 + 100_000, t0 + 103_000),
                // Past the data: no rows, and none must come back.
                LogicalQuery.range(5, SMALL.endTs(), SMALL.endTs() + 60_000));
        Checked answers = check(db(), connection(), SMALL, ranges);
        assertEquals(ranges.size(), answers.checked(), "every range renders");
        assertTrue(answers.wrong().isEmpty(), "wrong answers:\n" + String.join("\n", answers.wrong()));
    }

    @Test
    void unreachableServerNamesHostAndPort() throws Exception {
        ConnectionOptions c = connection();
        ConnectionOptions closed = new ConnectionOptions("127.0.0.1", 1, c.user(), c.database(), c.password(), c.extra());
        DatabaseException e = assertThrows(DatabaseException.class, () -> SMALL.countRows(db().open(closed)));
        assertTrue(e.getMessage().contains("127.0.0.1:1"), e.getMessage());
    }

    /**
     * The IoT trucks through the jar's steps, for a module that takes them: a small fleet loaded
     * (acknowledged = stored), every catalog query the dialect says answered and checked against
     * the generator's, one write cell; the manifest names the trucks' data set.
     */
    @Test
    void cliIotLoadQueryAndWriteStepsEndToEnd() throws Exception {
        assumeTrue(takesIot(), db().displayName() + " does not take the iot workload" + (db().descriptor().takes(IotWorkload.INSTANCE)
                ? " on this server" : ""));
        Path results = tmp.resolve("iot");
        List<String> trucks = List.of("--workload", "iot", "-trucks", "4", "-hours", "3", "-seed", "11", "-results", results.toString());
        List<String> fast = List.of("-f", "0", "-wi", "0", "-i", "1", "-r", "100ms");
        Run load = cli("load", trucks, List.of(StepFlags.WRITE_CLIENTS, "2", StepFlags.ROWS_PER_REQUEST, "500"));
        assertEquals(BenchCli.OK, load.exit, load.output);
        assertTrue(load.output.contains("load verified"), load.output);
        Run query = cli("query", trucks, fast);
        assertEquals(BenchCli.OK, query.exit, query.output);
        JsonNode manifest = new ObjectMapper().readTree(results.resolve(db().name() + "-manifest.json").toFile());
        assertEquals("iot", manifest.get("workload").get("name").asText(), manifest.get("workload").toString());
        // The schema recorded is the trucks' tables, as the module lays them out, not the devices'.
        String schema = manifest.get("server").get("schema").toString();
        assertTrue(schema.contains("readings") && schema.contains("diagnostics") && !schema.contains("devices"), schema);
        // The load's metrics are TSBS's: every field value of the data set's lines, once (the load verified every record).
        JsonNode loaded = manifest.get("load");
        assertEquals(metricsOf(new IotSpec(4, IotSpec.DEFAULT_START_NS, IotSpec.DEFAULT_START_NS + Duration.ofHours(3).toNanos(),
                IotSpec.DEFAULT_INTERVAL_NS, 11)), loaded.get("metricsAcknowledged").asLong(), loaded.toString());
        JsonNode checked = manifest.get("query").get("checked");
        assertTrue(checked.size() >= 12, "the catalog's queries, drawn: " + checked);
        for (JsonNode c : checked) assertTrue(c.get("correct").asBoolean(), c.toString());
        Run write = cli("write", trucks, fast, List.of(StepFlags.WRITE_CLIENTS, "2", StepFlags.ROWS_PER_REQUEST, "500"));
        assertEquals(BenchCli.OK, write.exit, write.output);
        JsonNode cell = new ObjectMapper().readTree(results.resolve(db().name() + "-manifest.json").toFile()).get("write").get(0);
        assertEquals(cell.get("verified").get("rowsAcked").asLong(), cell.get("verified").get("rowsStored").asLong(), cell.toString());
        // A record carries 5 to 10 field values (diagnostics 6, readings 10, a null one left out): metrics/s must agree with rows/s.
        double perRow = cell.get("metricsPerSecond").asDouble() / cell.get("rowsPerSecond").asDouble();
        assertTrue(perRow >= 5 && perRow <= 10, perRow + " metrics a record: " + cell);
        assertNoSecret(results);
    }

    /**
     * A TSBS file whose records share keys ({@link SharedKeysFixture}): the load keeps fewer rows than the file's
     * records where the database's key model says so, and the query step queries what it stored, loading nothing
     * again (it compared the stored rows with the records and loaded the file twice, three minutes at iot-1).
     */
    @Test
    void cliIotQueryStepOnATsbsFileWithSharedKeysQueriesWhatTheLoadStored() throws Exception {
        assumeTrue(takesIot(), db().displayName() + " does not take the iot workload");
        Path results = tmp.resolve("iot-shared-keys");
        Files.createDirectories(results);
        List<String> file = List.of("--workload", "iot", StepFlags.TSBS_FILE, SharedKeysFixture.file(results).toString(),
                "-results", results.toString());
        Run load = cli("load", file, List.of(StepFlags.WRITE_CLIENTS, "2", StepFlags.ROWS_PER_REQUEST, "500"));
        assertEquals(BenchCli.OK, load.exit, load.output);
        assertTrue(load.output.contains("load verified"), load.output);
        Run query = cli("query", file, List.of("-f", "0", "-wi", "0", "-i", "1", "-r", "100ms", StepFlags.QUERIES, "iot\\.last-loc(\\..*)?"));
        assertEquals(BenchCli.OK, query.exit, query.output);
        assertFalse(query.output.contains("loading it first"), query.output);
        JsonNode q = new ObjectMapper().readTree(results.resolve(db().name() + "-manifest.json").toFile()).get("query");
        assertTrue(q.get("checked").size() > 0, q.toString());
        for (JsonNode c : q.get("checked")) assertTrue(c.get("correct").asBoolean(), c.toString());
    }

    /**
     * The query step with concurrent clients (report C's runs had 8 workers): each query's two trials
     * at 3 clients, every answer checked; the manifest records the clients, each query's queries/s
     * and latency percentiles, and the queries/s within the range step's bound of clients / mean
     * latency (2x, {@code LatencyBound.SEPARATE_TRIALS}); the JMH JSON holds both trials at 3 threads.
     */
    @Test
    void cliIotQueryStepWithConcurrentClientsRecordsQueriesPerSecondAndPercentiles() throws Exception {
        assumeTrue(takesIot(), db().displayName() + " does not take the iot workload");
        int clients = 3;
        Path results = tmp.resolve("iot-clients");
        List<String> trucks = List.of("--workload", "iot", "-trucks", "4", "-hours", "3", "-seed", "11", "-results", results.toString());
        Run load = cli("load", trucks, List.of(StepFlags.WRITE_CLIENTS, "2", StepFlags.ROWS_PER_REQUEST, "500"));
        assertEquals(BenchCli.OK, load.exit, load.output);
        Run query = cli("query", trucks, List.of("-f", "0", "-wi", "1", "-w", "200ms", "-i", "2", "-r", "300ms",
                StepFlags.QUERIES, "iot\\.(last-loc|high-load|avg-load)(\\..*)?", StepFlags.QUERY_CLIENTS, String.valueOf(clients)));
        assertEquals(BenchCli.OK, query.exit, query.output);
        assertTrue(query.output.contains(clients + " clients at once"), query.output);
        JsonNode q = new ObjectMapper().readTree(results.resolve(db().name() + "-manifest.json").toFile()).get("query");
        assertEquals(clients, q.get("clients").asInt(), q.toString());
        for (JsonNode c : q.get("checked")) assertTrue(c.get("correct").asBoolean(), c.toString());
        JsonNode latency = q.get("latency");
        assertEquals(q.get("checked").size(), latency.size(), "every checked query measured: " + q);
        for (JsonNode l : latency) {
            double qps = l.get("queriesPerSecond").asDouble();
            double mean = l.get("meanMs").asDouble();
            assertTrue(qps > 0 && mean > 0 && l.get("samples").asLong() > 0, l.toString());
            assertTrue(l.get("p50Ms").asDouble() <= l.get("p90Ms").asDouble() && l.get("p90Ms").asDouble() <= l.get("p99Ms").asDouble()
                    && l.get("p99Ms").asDouble() <= l.get("maxMs").asDouble(), l.toString());
            double bound = clients / (mean / 1000);
            assertTrue(qps <= 2.0 * bound, qps + " queries/s over twice " + clients + " clients / " + mean + " ms mean: " + l);
        }
        JsonNode jmh = new ObjectMapper().readTree(results.resolve(db().name() + "-query.json").toFile());
        assertEquals(2 * latency.size(), jmh.size(), "a throughput and a sample-time trial per query");
        long thrpt = 0;
        for (JsonNode e : jmh) {
            assertEquals(clients, e.get("threads").asInt(), e.toString());
            if (e.get("mode").asText().equals("thrpt")) thrpt++;
        }
        assertEquals(latency.size(), thrpt, "one queries/s trial per query");
    }

    /** TSBS's metrics of a generated data set: the field values of all its records. */
    private static long metricsOf(IotSpec spec) throws IOException {
        long metrics = 0;
        try (IotRowSource all = new IotGenerator(spec).all()) {
            TruckBatch batch = new TruckBatch(all.trucks(), 10_000);
            while (all.fill(batch, batch.capacity()) > 0) metrics += batch.metrics();
        }
        return metrics;
    }

    @Test
    void cliLoadQueryAndWriteStepsEndToEnd() throws Exception {
        Path results = tmp.resolve("results");
        List<String> scale = List.of("-numOfDevices", "100", "-rowsPerDevice", "120", "-seed", "5", "-results", results.toString());
        List<String> fast = List.of("-f", "0", "-wi", "0", "-i", "1", "-r", "300ms");

        Run load = cli("load", scale, List.of(StepFlags.WRITE_CLIENTS, "2", StepFlags.ROWS_PER_REQUEST, "100"));
        assertEquals(BenchCli.OK, load.exit, load.output);
        assertTrue(load.output.contains("load verified"), load.output);

        Run disk = cli("disk", scale);
        assertEquals(BenchCli.OK, disk.exit, disk.output);
        JsonNode diskUse = new ObjectMapper().readTree(results.resolve(db().name() + "-manifest.json").toFile()).get("disk");
        assertEquals(12_000, diskUse.get("rows").asLong(), diskUse.toString());
        assertTrue(diskUse.get("rawTextBytes").asLong() > 12_000 * 20, diskUse.toString());
        if (measuresDisk()) {
            // Two values and a timestamp per row: under a byte a row would mean the figure missed the data.
            assertTrue(diskUse.get("bytes").asLong() >= 12_000, diskUse.toString());
            assertFalse(diskUse.get("method").asText().isBlank());
            assertServerHeldIsSaid(diskUse);
            if (!diskFigureHoldsStill()) {
                assertTrue(diskUse.get("serverHeld").path("leftoversCounted").asBoolean(), "a figure that may count earlier runs' data says so: " + diskUse);
            }
        } else {
            assertFalse(diskUse.has("bytes"), diskUse.toString());
            assertTrue(diskUse.get("method").asText().contains("not measured"), diskUse.toString());
        }

        Run query = cli("query", scale, fast, List.of("-queries", "q1\\.g0|q2\\.(count|avg)\\.p(10|100)|q3\\.sum\\.p50|q4\\.count\\.p20"));
        assertEquals(BenchCli.OK, query.exit, query.output);
        JsonNode queryJson = new ObjectMapper().readTree(results.resolve(db().name() + "-query.json").toFile());
        assertEquals(7, queryJson.size(), query.output);
        assertEquals("sample", queryJson.get(0).get("mode").asText());

        Run write = cli("write", scale, fast, List.of(StepFlags.WRITE_CLIENTS, "1,2", StepFlags.ROWS_PER_REQUEST, "10,50"));
        assertEquals(BenchCli.OK, write.exit, write.output);
        JsonNode writeJson = new ObjectMapper().readTree(results.resolve(db().name() + "-write.json").toFile());
        assertEquals(4, writeJson.size(), "one JMH result per cell");
        JsonNode sampled = new ObjectMapper().readTree(results.resolve(db().name() + "-manifest.json").toFile()).get("serverResources");
        // A server on this machine is found by its port; its process is sampled while each cell runs.
        boolean local = host().equals("127.0.0.1") || host().equals("localhost");
        assertEquals(local, sampled.get("pids").size() > 0, sampled.toString());
        for (JsonNode cell : writeJson) {
            assertTrue(cell.get("primaryMetric").get("score").asDouble() > 0);
            assertTrue(cell.get("secondaryMetrics").has("rowsAcked"));
            if (local) {
                assertTrue(cell.get("secondaryMetrics").get("server.rss").get("score").asDouble() > 1, cell.toString());
                assertTrue(cell.get("secondaryMetrics").has("server.cpu"), cell.toString());
            }
        }
        assertTrue(write.output.contains("R/R"), write.output);
        JsonNode manifest = new ObjectMapper().readTree(results.resolve(db().name() + "-manifest.json").toFile());
        assertEquals(4, manifest.get("write").size());
        for (JsonNode cell : manifest.get("write")) {
            // The client's own cost is measured in every cell, local server or not.
            assertTrue(cell.get("clientCpuMicrosPerRow").asDouble() > 0, cell.toString());
            JsonNode v = cell.get("verified");
            assertEquals(v.get("rowsAcked").asLong(), v.get("rowsStored").asLong(), cell.toString());
            assertEquals(0, v.get("failedRequests").asLong());
            // Second by second, the rows acknowledged add up to the rows measured in the window.
            long eachSecond = 0;
            for (JsonNode n : v.get("ackedEachSecond")) eachSecond += n.asLong();
            assertEquals(cell.get("rowsAcked").asLong(), eachSecond, cell.toString());
            // Each cell's latencies in HdrHistogram's percentile format beside the JSON.
            String hgrm = "-" + cell.get("rowsPerRequest").asInt() + "x" + cell.get("clients").asInt() + ".hgrm";
            try (var files = Files.list(results)) {
                assertTrue(files.map(f -> f.getFileName().toString()).anyMatch(n -> n.startsWith(db().name() + "-write") && n.endsWith(hgrm)),
                        "no " + db().name() + "-write*" + hgrm + " in " + results);
            }
        }
        assertTrue(manifest.get("load").get("verified").asBoolean());
        assertFalse(manifest.get("server").get("serverVersion").asText().isBlank());
        assertNoSecret(results);
        // The in-process runs (-f 0) set one property for their length only, and their settings file is gone.
        assertNull(System.getProperty(RunSettings.PROPERTY), "an in-process run left " + RunSettings.PROPERTY + " behind");
        assertFalse(Files.exists(results.resolve(db().name() + "-jmh-settings.json")), "a run's settings file was left behind");
    }

    /**
     * The disk figure is the data set's, whatever the server held before: the same data loaded and
     * measured twice by the load and disk steps, with four times its rows written, settled into the
     * database's files and dropped in between (as the tests and the write matrix leave a server),
     * measures the same within 10%. A module whose figure may count earlier runs' data has nothing
     * to compare: its record must say so, and what else the server held.
     */
    @Test
    void theDiskFigureOfTheSameDataHoldsWhateverTheServerHeldBefore() throws Exception {
        assumeTrue(measuresDisk(), db().displayName() + ": the module does not measure its disk use");
        assumeTrue(diskFigureHoldsStill(), db().displayName() + ": its disk figure may count earlier runs' deleted data, and its record"
                + " says so (checked in cliLoadQueryAndWriteStepsEndToEnd)");
        List<String> scale = List.of("-numOfDevices", "100", "-rowsPerDevice", "120", "-seed", "5");
        JsonNode first = loadAndMeasureDisk(scale, tmp.resolve("disk-first"));
        WorkloadSpec other = new WorkloadSpec(200, 240, WorkloadSpec.DEFAULT_START_TS, 77);
        assertTrue(Loader.load(db(), connection(), DeviceDataSet.generated(other), other.totalRows(), 2, 500, n -> { }).verified());
        try (Session s = db().open(connection())) {
            SMALL.diskUse(s); // settled into the database's files first, as after the write matrix's cells
            other.recreateSchema(s);
        }
        JsonNode second = loadAndMeasureDisk(scale, tmp.resolve("disk-second"));
        long a = first.get("bytes").asLong();
        long b = second.get("bytes").asLong();
        System.out.println("[disk] " + db().name() + ": " + a + " bytes, then " + b + " after " + other.totalRows() + " other rows written and dropped"
                + (second.has("serverHeld") ? "; server held " + second.get("serverHeld") : ""));
        assertServerHeldIsSaid(second);
        assertTrue(Math.abs(b - a) <= 0.10 * a, "the same 12,000 rows measured " + a + " bytes, then " + b + " after other rows were written and"
                + " dropped:\n" + first + "\n" + second);
    }

    /** The disk record names what else the server held, never the benchmark's own database. */
    private void assertServerHeldIsSaid(JsonNode disk) throws Exception {
        JsonNode held = disk.get("serverHeld");
        assertTrue(held != null && held.has("otherDatabases"), "the disk record says what else the server held: " + disk);
        for (JsonNode name : held.get("otherDatabases")) assertNotEquals(connection().database(), name.asText(), held.toString());
    }

    /**
     * Whether the module's disk figure is the data set's alone, whatever the server held before. A
     * module whose database keeps earlier runs' deleted data in its figure until something the
     * module cannot start (HBase's major compaction under OpenTSDB) says no: its disk record must
     * then say that the figure may count that data.
     */
    protected boolean diskFigureHoldsStill() {
        return true;
    }

    /** Whether the server under test takes the IoT trucks: the module's descriptor says, unless a server version refuses them. */
    protected boolean takesIot() {
        return db().descriptor().takes(IotWorkload.INSTANCE);
    }

    /** The load and disk steps of one small data set into their own results folder; the manifest's disk record. */
    protected JsonNode loadAndMeasureDisk(List<String> scale, Path results) throws Exception {
        List<String> into = List.of("-results", results.toString());
        Run load = cli("load", scale, into, List.of(StepFlags.WRITE_CLIENTS, "2", StepFlags.ROWS_PER_REQUEST, "100"));
        assertEquals(BenchCli.OK, load.exit, load.output);
        Run disk = cli("disk", scale, into);
        assertEquals(BenchCli.OK, disk.exit, disk.output);
        JsonNode record = new ObjectMapper().readTree(results.resolve(db().name() + "-manifest.json").toFile()).get("disk");
        assertTrue(record.has("bytes"), record.toString());
        return record;
    }

    /**
     * {@code --option prebuild=true}: the requests are built before each iteration and sent in
     * order, every row still counted and stored once.
     */
    @Test
    void prebuiltRequestsAreSentInOrderAndEveryRowCounted() throws Exception {
        Path results = tmp.resolve("prebuild");
        Run write = cli("write", List.of("-numOfDevices", "100", "-rowsPerDevice", "120", "-seed", "9", "-results", results.toString(),
                "-f", "0", "-wi", "1", "-w", "200ms", "-i", "1", "-r", "300ms", StepFlags.WRITE_CLIENTS, "2", StepFlags.ROWS_PER_REQUEST, "50",
                "--option", "prebuild=true"));
        assertEquals(BenchCli.OK, write.exit, write.output);
        JsonNode cell = new ObjectMapper().readTree(results.resolve(db().name() + "-manifest.json").toFile()).get("write").get(0);
        JsonNode v = cell.get("verified");
        assertEquals(v.get("rowsAcked").asLong(), v.get("rowsStored").asLong(), cell.toString());
        assertTrue(v.get("counters").get("requestsPrebuilt").asLong() > 0, cell.toString());
        assertNoSecret(results);
    }

    /** Every write mode of the module, as the options that select it: the default mode alone unless the module overrides this. */
    protected List<ConnectionOptions> everyWriteMode() throws IOException {
        return List.of(connection());
    }

    /** Whether the catalog's queries read the layout a session with these options writes (a schemaless layout may not be). */
    protected boolean queriesReadWhatIsWritten(ConnectionOptions writer) {
        return true;
    }

    /**
     * {@code --option prebuild=true}, in every write mode: requests prepared from one batch refilled
     * in between store exactly their own rows when sent later, preparing sends nothing, and the
     * rows each send acknowledges are the rows stored.
     */
    @Test
    void preparedWritesStoreExactlyTheirRowsInEveryWriteMode() throws Exception {
        int perDevice = SMALL.rowsPerDevice();
        for (ConnectionOptions o : everyWriteMode()) {
            String mode = db().name() + " " + o.extra();
            try (Session s = db().open(o)) {
                // The default only copies the rows and leaves building the request to the measured send.
                assertNotEquals(Session.class, s.getClass().getMethod("prepare", RowBatch.class).getDeclaringClass(),
                        mode + ": the session builds its requests ahead (overrides Session.prepare)");
                SMALL.recreateSchema(s);
                GeneratedRows devices = new GeneratedRows(new DeviceGenerator(SMALL), new DeviceRange(1, 3), false);
                RowBatch batch = new RowBatch(perDevice);
                devices.fill(batch, perDevice);
                PreparedWrite first = batch.prepare(s);
                devices.fill(batch, perDevice);
                PreparedWrite second = batch.prepare(s);
                devices.fill(batch, perDevice); // device 3's rows, never sent
                assertEquals(perDevice, first.rows(), mode);
                assertTrue(first.bytes() >= 20L * perDevice, mode + ": " + first.bytes() + " bytes for " + perDevice + " rows");
                assertEquals(0, SMALL.countRows(s), mode + ": preparing sends nothing");
                assertEquals(perDevice, first.send(), mode + ": rows acknowledged");
                assertEquals(perDevice, second.send(), mode + ": rows acknowledged");
                assertEquals(2L * perDevice, StoredRows.settled(db(), s, SMALL, 2L * perDevice), mode + ": rows stored");
            }
            if (!queriesReadWhatIsWritten(o)) continue;
            // Devices 1 and 2 whole, and 2 devices' rows in all: exactly the rows prepared, device 3's absent.
            List<LogicalQuery> whole = List.of(LogicalQuery.range(1, SMALL.startTs(), SMALL.endTs()),
                    LogicalQuery.range(2, SMALL.startTs(), SMALL.endTs()));
            Checked answers = check(db(), connection(), SMALL, whole);
            assertEquals(2, answers.checked(), mode);
            assertTrue(answers.wrong().isEmpty(), mode + ": wrong rows stored:\n" + String.join("\n", answers.wrong()));
        }
    }

    /** The further tests' steps, end to end at a tiny scale: every figure comes with its answers checked and its rows counted. */
    @Test
    void cliFurtherTestsEndToEnd() throws Exception {
        Path results = tmp.resolve("further");
        List<String> scale = List.of("-numOfDevices", "100", "-rowsPerDevice", "120", "-seed", "7", "-results", results.toString());
        List<String> fast = List.of("-f", "0", "-wi", "1", "-w", "200ms", "-i", "1", "-r", "300ms");
        ObjectMapper json = new ObjectMapper();

        Run range = cli("range", scale, fast, List.of("--clients", "1,2", "--result-rows", "5,100"));
        assertEquals(BenchCli.OK, range.exit, range.output);
        JsonNode rangeJson = json.readTree(results.resolve(db().name() + "-range.json").toFile());
        assertEquals(8, rangeJson.size(), "queries/s and latency for 2 client counts x 2 result sizes");
        for (JsonNode cell : json.readTree(results.resolve(db().name() + "-manifest.json").toFile()).get("range")) {
            assertTrue(cell.get("queriesPerSecond").asDouble() > 0, cell.toString());
            assertTrue(cell.get("p99Ms").asDouble() >= cell.get("p50Ms").asDouble(), cell.toString());
        }

        Run mixed = cli("mixed", scale, fast, List.of(StepFlags.ROWS_PER_REQUEST, "50", "--result-rows", "20"));
        assertEquals(BenchCli.OK, mixed.exit, mixed.output);
        JsonNode mixedRuns = json.readTree(results.resolve(db().name() + "-manifest.json").toFile()).get("mixed");
        assertEquals(List.of("readers alone", "writers + readers", "writers alone"),
                List.of(mixedRuns.get(0).get("run").asText(), mixedRuns.get(1).get("run").asText(), mixedRuns.get(2).get("run").asText()));
        assertTrue(mixedRuns.get(0).has("queryP50Ms") && !mixedRuns.get(0).has("writeRowsPerSecond"), mixedRuns.toString());
        assertTrue(mixedRuns.get(1).get("writeRowsPerSecond").asDouble() > 0 && mixedRuns.get(1).has("queryP99Ms"), mixedRuns.toString());
        assertTrue(mixedRuns.get(2).get("writeRowsPerSecond").asDouble() > 0 && !mixedRuns.get(2).has("queryP50Ms"), mixedRuns.toString());

        Run volume = cli("volume", scale, List.of("-f", "0", "--blocks", "2", "--block-rows", "1000", StepFlags.ROWS_PER_REQUEST, "100"));
        assertEquals(BenchCli.OK, volume.exit, volume.output);
        JsonNode blocks = json.readTree(results.resolve(db().name() + "-manifest.json").toFile()).get("volume");
        assertEquals(2, blocks.size(), volume.output);
        assertEquals(0, blocks.get(0).get("storedRowsBefore").asLong());
        assertEquals(1000, blocks.get(1).get("storedRowsBefore").asLong());
        for (JsonNode b : blocks) assertTrue(b.get("writeRowsPerSecond").asDouble() > 0 && b.get("readRowsPerSecond").asDouble() > 0, b.toString());
        try (Session s = db().open(connection())) {
            assertEquals(2000, StoredRows.settled(db(), s, SMALL, 2000), "the volume test stores exactly its blocks");
        }

        long target = 1000;
        Run rate = cli("write", scale, List.of("-f", "0", "-wi", "1", "-w", "500ms", "-i", "1", "-r", "2s"),
                List.of("--rate", String.valueOf(target), StepFlags.WRITE_CLIENTS, "2", StepFlags.ROWS_PER_REQUEST, "20"));
        assertEquals(BenchCli.OK, rate.exit, rate.output);
        JsonNode cell = json.readTree(results.resolve(db().name() + "-manifest.json").toFile()).get("fixedRate").get(0);
        double achieved = cell.get("achievedRowsPerSecond").asDouble();
        // The schedule holds the clients back: never much above the target, whatever the database could take.
        assertTrue(achieved > 0.5 * target && achieved < 1.05 * target, cell.toString());
        assertEquals(achieved >= 0.99 * target, cell.get("keptUp").asBoolean(), cell.toString());
        assertTrue(cell.get("latencyFromIntendedStartMs").get("p50").asDouble() > 0, cell.toString());
        assertTrue(rate.output.contains(cell.get("keptUp").asBoolean() ? "KEPT UP" : "FELL BEHIND"), rate.output);
        assertTrue(Files.exists(results.resolve(db().name() + "-fixedrate.json")));
        assertNoSecret(results);
    }

    @Test
    void cliRejectsBadInputWithOneLineAndExitTwo() throws Exception {
        Path results = tmp.resolve("bad");
        List<String> base = List.of("-results", results.toString());
        assertUsage(cli("write", base, List.of("-rowsPerRequest", "0")), "-rowsPerRequest 0");
        assertUsage(cli("write", base, List.of("--no-such-flag")), "--no-such-flag");
        assertUsage(cli("write", base, List.of("-dataDir", tmp.resolve("nothing").toString(), "-numOfFiles", "2")), "data directory does not exist");
        assertUsage(cli("load", List.of("-results", results.toString(), "-port", "1")), "127.0.0.1:1");
        Path files = Files.createDirectories(tmp.resolve("files"));
        Files.writeString(files.resolve("testdata0.csv"), "1 dev_1 1 1563249700000 12 57.25\n1 dev_1 1 1563249701000 12\n");
        for (String step : List.of("write", "load", "query")) {
            assertUsage(cli(step, base, List.of("-dataDir", files.toString(), "-numOfFiles", "1")), "testdata0.csv:2: expected 6 columns");
        }
        Path badSql = tmp.resolve("q.txt");
        Files.writeString(badSql, "q2.avg.p10\n");
        assertUsage(cli("query", base, List.of("-sql", badSql.toString())), "q.txt:1:");
    }

    @Test
    void cliNamesEachBadFlagAndValue() throws Exception {
        List<String> base = List.of("-results", tmp.resolve("bad-flags").toString());
        assertUsage(cli("write", base, List.of("-rowsPerRequest", "1000001")), "-rowsPerRequest 1000001: must be 1..1000000");
        assertUsage(cli("write", base, List.of("-writeClients", "0")), "-writeClients 0: must be 1..");
        assertUsage(cli("write", base, List.of("-writeClients", "1-x")), "'x' in '1-x' is not a whole number");
        assertUsage(cli("load", base, List.of("-writeClients", "0")), "-writeClients 0: must be 1..");
        assertUsage(cli("write", base, List.of("-numOfDevices", "0")), "-numOfDevices 0: must be at least 1");
        assertUsage(cli("write", base, List.of("-numOfDevices", "many")), "'many'");
        assertUsage(cli("write", base, List.of("-rowsPerDevice", "-5")), "-rowsPerDevice -5: must be at least 1");
        assertUsage(cli("write", base, List.of("-port", "70000")), "-port 70000: must be 1..65535");
        assertUsage(cli("write", base, List.of("-i", "0")), "-i 0: must be at least 1");
        assertUsage(cli("write", base, List.of("-r", "0s")), "-r 0s: must be more than 0");
        assertUsage(cli("write", base, List.of("-r", "soon")), "-r soon: not a time");
        assertUsage(cli("write", base, List.of("--rate", "-5")), "--rate -5: rows per second must be 0");
        assertUsage(cli("write", base, List.of("--stable-within", "100")), "--stable-within 100.0: a percent of the mean");
        assertUsage(cli("write", base, List.of("--stable-within", "5", "--cell-budget", "soon")), "--cell-budget soon: not a time");
        assertUsage(cli("range", base, List.of("-rowsPerDevice", "120", "--result-rows", "5,500")), "--result-rows 500: must be 1..120");
        assertUsage(cli("volume", base, List.of("-numOfDevices", "100", "--block-rows", "1050")), "--block-rows 1050: must be a multiple of the 100 devices");
        assertUsage(cli("mixed", base, List.of("-numOfDevices", "3", "--writers", "4")), "--writers 4: must be 1..3");
        assertUsage(cli("write", base, List.of("-f", "-1")), "-f -1: forks must be 0 or more");
        assertUsage(cli("write", base, List.of("-wi", "-1")), "-wi -1: must be 0 or more");
        assertUsage(cli("query", base, List.of("-queries", "(")), "-queries (: not a regular expression");
        assertUsage(cli("write", base, List.of("--option", "requestTimeoutMs=0")), "--option requestTimeoutMs=0: must be a whole number of milliseconds");
        assertUsage(cli("write", base, List.of("--option", "connectTimeoutMs=soon")), "--option connectTimeoutMs=soon");
        assertUsage(cli("write", base, List.of("--password-file", tmp.resolve("no-such-file").toString())),
                "--password-file " + tmp.resolve("no-such-file") + ": no such readable file");
        assertUsage(cli("write", base, List.of("-conf", tmp.resolve("no-such.conf").toString())), "-conf " + tmp.resolve("no-such.conf"));
        assertUsage(cli("load", base, List.of("--shard", "3/3")), "--shard 3/3: need 0 <= i < N");
        assertUsage(cli("load", base, List.of("--shard", "1of3")), "--shard 1of3: not i/N");
        assertUsage(cli("load", base, List.of("--shard", "0/5", "-numOfDevices", "4")), "--shard 0/5: 5 shards for 4 devices");
        assertUsage(cli("write", base, List.of("--shard", "0/2", "-rowsPerRequest", "10,100")), "a sharded write runs one cell");
        assertUsage(cli("write", base, List.of("-host", "a,,b")), "-host a,,b: an empty address in the list");
    }

    /**
     * The module's {@code --option}s are checked before any work (the closed port would be the
     * error otherwise): an unknown key names the keys the module takes, and every option it
     * declares refuses a value outside its type (a misspelt boolean, a number out of range, a word
     * it does not know, a missing file) naming key, value and rule.
     */
    @Test
    void cliChecksEveryModuleOptionBeforeAnyWork() throws Exception {
        List<String> base = List.of("-results", tmp.resolve("bad-options").toString(), "-port", "1");
        List<ModuleOption<?>> options = db().descriptor().allOptions();
        assertUsage(cli("load", base, List.of("--option", "noSuchOption=1")), "--option noSuchOption=1: " + db().displayName()
                + " has no option noSuchOption; it takes " + String.join(", ", options.stream().map(ModuleOption::name).toList()));
        assertUsage(cli("write", base, List.of("--option", "prebuild=ture")), "--option prebuild=ture: must be true or false");
        int checked = 0;
        for (ModuleOption<?> o : options) {
            String bad = outsideItsType(o);
            if (bad == null) continue;
            for (String step : List.of("load", "write", "query")) {
                assertUsage(cli(step, base, List.of("--option", o.name() + "=" + bad)), "--option " + o.name() + "=" + bad + ": ");
            }
            checked++;
        }
        assertEquals(options.size(), checked, "an option whose type takes any value: " + options);
        assertFalse(Files.exists(tmp.resolve("bad-options")), "no work before the check: the results folder is not made");
    }

    /** A value the option's type refuses. */
    private String outsideItsType(ModuleOption<?> o) {
        String type = o.type();
        if (type.equals("boolean")) return "ture";
        if (type.equals("milliseconds")) return "0";
        if (type.equals("text")) return "";
        if (type.equals("file")) return tmp.resolve("no-such-file").toString();
        if (type.startsWith("integer ")) return String.valueOf(Long.parseLong(type.substring(type.indexOf("..") + 2)) + 1);
        if (type.contains("|")) return "noSuchValue";
        return null;
    }

    @Test
    void passwordIsNeverACommandLineValue() throws Exception {
        List<String> base = List.of("-results", tmp.resolve("argv").toString());
        for (String flag : List.of("-password", "--password", "-p")) {
            Run run = cli("write", base, List.of(flag, "not-a-real-secret-value"));
            assertUsage(run, "'" + flag + "'");
            assertFalse(run.output.contains("not-a-real-secret-value"), "the value after " + flag + " is echoed:\n" + run.output);
        }
    }

    @Test
    void unreachableServerAndUnwritableResultsAreNamed() throws Exception {
        Path results = tmp.resolve("unreachable");
        long start = System.nanoTime();
        assertUsage(cli("load", List.of("-results", results.toString(), "-host", "127.0.0.1", "-port", "1", "--option", "connectTimeoutMs=2000")),
                "@127.0.0.1:1: ");
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(2).plus(FAULT_MARGIN).toNanos(), "not within the connect timeout");
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        assertUsage(cli("write", List.of("-results", file.resolve("sub").toString())), "results folder " + file.resolve("sub") + " cannot be written");
        Path missingSql = tmp.resolve("none.txt");
        assertUsage(cli("query", List.of("-results", results.toString(), "-sql", missingSql.toString())), missingSql + ": no such query file");
        Path sql = tmp.resolve("q-empty.txt");
        Files.writeString(sql, "# queries\n\nq2.count.p100 " + DeviceDialect.of(db().dialect()).render(QueryCatalog.all().get(0), SMALL).orElse("x") + "\n");
        assertUsage(cli("query", List.of("-results", results.toString(), "-sql", sql.toString())), sql + ":2: empty line");
    }

    /** The request timeout of the fault tests: short, so a stalled network fails a request within seconds. */
    protected static final Duration FAULT_REQUEST_TIMEOUT = Duration.ofSeconds(2);

    /** How long past the request timeout a failure may take to arrive (driver and thread scheduling). */
    protected static final Duration FAULT_MARGIN = Duration.ofSeconds(4);

    /**
     * Why this module's traffic cannot be made to pass through {@link TcpProxy}, or null when it can:
     * a client that talks to the server's own advertised address after the first contact (TDengine's
     * native client) goes around the proxy, so the stall and cut tests would test nothing. The
     * reason is the skip message; the module's README says what covers those faults instead.
     */
    protected String proxyUntestableBecause() {
        return null;
    }

    /** The server under test reached through {@code proxy}, with the short request timeout. */
    protected ConnectionOptions through(TcpProxy proxy) throws IOException {
        return connection().at(proxy.host(), proxy.port()).withExtra(Map.of(
                ModuleOption.REQUEST_TIMEOUT_MS.name(), String.valueOf(FAULT_REQUEST_TIMEOUT.toMillis()),
                ModuleOption.CONNECT_TIMEOUT_MS.name(), String.valueOf(FAULT_REQUEST_TIMEOUT.toMillis())));
    }

    private TcpProxy proxy() throws IOException {
        ConnectionOptions direct = connection();
        return new TcpProxy(direct.host(), direct.port());
    }

    /** One device's rows of the small data set: one request. */
    private static RowBatch deviceRows(int devid) throws IOException {
        RowBatch batch = new RowBatch(SMALL.rowsPerDevice());
        new GeneratedRows(new DeviceGenerator(SMALL), new DeviceRange(devid, devid), false).fill(batch, batch.capacity());
        return batch;
    }

    private void recreateSchema() throws Exception {
        try (Session admin = db().open(connection())) {
            SMALL.recreateSchema(admin);
        }
    }

    /**
     * A write through a stalled network fails within the request timeout and nothing hangs; the
     * held bytes are then dropped (cut), a session cannot be opened while the network is down or
     * silent (the error names the address, within the timeouts), and once it is back a new session
     * works. The table then holds the
     * rows of the two acknowledged writes only: the stalled write was not applied late.
     */
    @Test
    void stalledNetworkFailsAWriteWithinTheRequestTimeoutAndANewSessionWorksOnceBack() throws Exception {
        assumeTrue(proxyUntestableBecause() == null, proxyUntestableBecause());
        recreateSchema();
        try (TcpProxy proxy = proxy()) {
            Session s = db().open(through(proxy));
            try {
                assertEquals(SMALL.rowsPerDevice(), deviceRows(1).write(s), "a write through the proxy works");
                proxy.stall();
                RowBatch next = deviceRows(2);
                long start = System.nanoTime();
                DatabaseException e = assertTimeoutPreemptively(FAULT_REQUEST_TIMEOUT.plus(FAULT_MARGIN),
                        () -> assertThrows(DatabaseException.class, () -> next.write(s)),
                        "a write through a stalled network must fail within the request timeout, not hang");
                long ms = (System.nanoTime() - start) / 1_000_000;
                assertFalse(e.getMessage().isBlank());
                System.out.println("[faults] " + db().name() + ": stalled write failed after " + ms + " ms: " + e.getMessage());
            } finally {
                proxy.cut(); // the held bytes are dropped, never delivered late
                assertTimeoutPreemptively(FAULT_MARGIN, s::close, "closing a session on a dead network must not hang");
            }
            DatabaseException down = assertTimeoutPreemptively(FAULT_REQUEST_TIMEOUT.plus(FAULT_MARGIN),
                    () -> assertThrows(DatabaseException.class, () -> SMALL.countRows(db().open(through(proxy)))));
            assertTrue(down.getMessage().contains(proxy.host() + ":" + proxy.port()), down.getMessage());
            // A server that accepts the connection but never answers: the login fails within the timeouts too.
            proxy.stall();
            DatabaseException silent = assertTimeoutPreemptively(FAULT_REQUEST_TIMEOUT.plus(FAULT_MARGIN),
                    () -> assertThrows(DatabaseException.class, () -> SMALL.countRows(db().open(through(proxy)))),
                    "opening a session to a server that never answers must fail within the timeouts");
            assertTrue(silent.getMessage().contains(proxy.host() + ":" + proxy.port()), silent.getMessage());
            proxy.cut();
            proxy.resume();
            try (Session again = db().open(through(proxy))) {
                assertEquals(SMALL.rowsPerDevice(), deviceRows(3).write(again), "a new session works once the network is back");
                assertEquals(2L * SMALL.rowsPerDevice(), StoredRows.settled(db(), again, SMALL, 2L * SMALL.rowsPerDevice()));
            }
        }
    }

    /**
     * A client writes one device per request through the proxy; the proxy cuts every connection
     * mid-run. The failure must be reported, and afterwards the server holds every row the client
     * counted as acknowledged and no row it did not send: at most the rows of the request in flight
     * at the cut (sent, answer lost) come on top. A driver that silently re-sent a request would
     * show as more rows (or, where a duplicate key overwrites, as nothing extra).
     */
    @Test
    void cutConnectionIsReportedAndAcknowledgedRowsAreWhatIsStored() throws Exception {
        assumeTrue(proxyUntestableBecause() == null, proxyUntestableBecause());
        recreateSchema();
        AtomicLong acked = new AtomicLong();
        AtomicLong inFlight = new AtomicLong();
        AtomicReference<Exception> failure = new AtomicReference<>();
        try (TcpProxy proxy = proxy()) {
            ConnectionOptions viaProxy = through(proxy);
            Thread writer = new Thread(() -> {
                try (Session s = db().open(viaProxy)) {
                    for (int devid = 1; devid <= SMALL.numOfDevices(); devid++) {
                        RowBatch batch = deviceRows(devid);
                        inFlight.set(batch.size());
                        acked.addAndGet(batch.write(s));
                        inFlight.set(0);
                    }
                } catch (DatabaseException | IOException e) {
                    failure.set(e);
                }
            }, "contract-writer");
            writer.start();
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (acked.get() < 3L * SMALL.rowsPerDevice() && writer.isAlive() && System.nanoTime() < deadline) Thread.sleep(2);
            assertTrue(writer.isAlive(), "the writer ended before the cut: " + failure.get());
            proxy.cut();
            writer.join(FAULT_REQUEST_TIMEOUT.plus(FAULT_MARGIN).toMillis());
            assertFalse(writer.isAlive(), "the writer still hangs after the cut");
            assertNotNull(failure.get(), "the cut connection was not reported: every request claims success");
            System.out.println("[faults] " + db().name() + ": cut after " + acked.get() + " acknowledged rows: " + failure.get().getMessage());
        }
        try (Session s = db().open(connection())) {
            long stored = StoredRows.settled(db(), s, SMALL, acked.get());
            assertTrue(stored >= acked.get() && stored <= acked.get() + inFlight.get(),
                    "stored " + stored + " rows, acknowledged " + acked.get() + ", in flight at the cut " + inFlight.get());
        }
    }

    /** The password must not appear in anything the run wrote. */
    protected void assertNoSecret(Path results) throws IOException {
        String secret = connection().password().reveal();
        if (secret.isEmpty()) return;
        try (var files = Files.walk(results)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                // Read as bytes: a results folder also holds binary files (the expected answers).
                String text = new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1);
                assertFalse(text.contains(new String(secret.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                        java.nio.charset.StandardCharsets.ISO_8859_1)), "password found in " + f);
            }
        }
    }

    /** Exit 2 and exactly one error line, naming {@code expected}; no stack trace. */
    private static void assertUsage(Run run, String expected) {
        assertEquals(BenchCli.USAGE, run.exit, run.output);
        List<String> errorLines = run.output.lines().filter(l -> l.startsWith("error: ")).toList();
        assertEquals(1, errorLines.size(), "one error line:\n" + run.output);
        assertTrue(errorLines.get(0).contains(expected), "expected an error line with '" + expected + "', got:\n" + run.output);
        assertFalse(run.output.contains("\tat "), "a stack trace:\n" + run.output);
    }

    protected record Run(int exit, String output) {
    }

    /** Runs the module's CLI in this JVM, capturing what it prints. */
    @SafeVarargs
    protected final Run cli(String step, List<String>... argLists) throws IOException {
        List<String> args = new ArrayList<>();
        args.add(step);
        for (List<String> l : argLists) args.addAll(l);
        List<String> conn = cliConnectionArgs();
        for (int i = 0; i + 1 < conn.size(); i += 2) {
            // A test that sets a connection flag itself (e.g. a closed port) keeps its own value;
            // --option is one flag per key.
            String key = conn.get(i).equals("--option") ? conn.get(i + 1).substring(0, conn.get(i + 1).indexOf('=') + 1) : null;
            boolean given = key != null ? args.stream().anyMatch(a -> a.startsWith(key)) : args.contains(conn.get(i));
            if (!given) {
                args.add(conn.get(i));
                args.add(conn.get(i + 1));
            }
        }
        CliCapture.Result r = CliCapture.run(db(), args);
        return new Run(r.exit(), r.output());
    }

    /** Reads settings the way the project's scripts hand them over: environment, with defaults. */
    protected static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }

}
