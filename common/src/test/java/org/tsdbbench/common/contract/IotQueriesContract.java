package org.tsdbbench.common.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.tsdbbench.common.bench.StoredRows;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.iot.IotAnswers;
import org.tsdbbench.common.workload.ResultCheck;
import org.tsdbbench.common.iot.IotDataSet;
import org.tsdbbench.common.iot.IotDialect;
import org.tsdbbench.common.iot.IotGenerator;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryCatalog;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotSession;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.query.ResultSink;

/**
 * The IoT trucks against a module's real server, written once: the default data set (20 trucks over
 * 36 hours, TSBS's gaps, late records and null tags and fields included) written by two clients at
 * once through the session (every other request built ahead) and counted; then every catalog query the dialect renders checked against
 * the generator's exact answer under the dialect's tag model, before and after the disk measure
 * settles the data (compaction, OPTIMIZE, the columnstore). The queries the dialect leaves out are
 * exactly the ones the module names absent, and every other query type returns rows here (a check
 * of no rows proves little). A module's test extends this, names what its database cannot say, and
 * checks what its own layout stores.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class IotQueriesContract {

    protected static final IotSpec SPEC = IotSpec.defaults();
    /** Records in one request of the load: a size every module takes. */
    private static final int REQUEST_RECORDS = 5_000;

    private final IotGenerator generator = new IotGenerator(SPEC);
    private List<IotQuery> queries;
    private IotAnswers answers;

    /** The module's database. */
    protected abstract Database db();

    /** The query types the module's dialect cannot say with the catalog's meaning (its README says why); none by default. */
    protected Set<IotQueryType> absent() {
        return EnumSet.noneOf(IotQueryType.class);
    }

    /** The prefix of the environment variables that point the tests at another server, as {@link DatabaseContract#envPrefix()}. */
    protected String envPrefix() {
        return db().descriptor().passwordEnv().replace("PASSWORD", "");
    }

    /** The server under test with these module options: the local one the project's scripts start, unless the environment says otherwise. */
    protected ConnectionOptions connection(Map<String, String> moduleOptions) {
        return new ConnectionOptions(DatabaseContract.env(envPrefix() + "HOST", "127.0.0.1"),
                Integer.parseInt(DatabaseContract.env(envPrefix() + "PORT", String.valueOf(db().descriptor().defaultPort()))),
                db().descriptor().defaultUser(), db().descriptor().defaultDatabase(),
                ConnectionOptions.Secret.fromEnv(db().descriptor().passwordEnv()), moduleOptions);
    }

    /** The server under test with the module's default options. */
    protected final ConnectionOptions connection() {
        return connection(Map.of());
    }

    /**
     * The ways of reaching the server the load-and-query check runs through, by name (write modes,
     * settings worth a run of their own); the module's defaults by default.
     */
    protected Map<String, ConnectionOptions> variants() {
        return Map.of("default options", connection());
    }

    /** Creates the session's IoT tables empty for a data set; a module that shapes them further (chunk sizes) overrides it. */
    protected void recreate(Session s, String variant, IotSpec spec) throws Exception {
        IotSession.of(s).recreateSchema(spec);
    }

    /** After the load is counted, before the queries: what the module's layout stores (tables, tags kept null, ...). Nothing by default. */
    protected void checkStored(Session s, String variant) throws Exception {
    }

    /** What the module's IoT disk figure says it counted, against the database's own catalog. By default: a figure, and positive. */
    protected void checkDisk(Session s, DiskUse disk, String variant) throws Exception {
        assertTrue(disk != null && disk.measured() && disk.bytes() > 0, String.valueOf(disk));
    }

    /** The catalog's queries (three of each type) and, where the catalog's windows find no stationary truck, the windows that do. */
    @BeforeAll
    void drawQueriesAndComputeAnswers() throws Exception {
        queries = new ArrayList<>(IotQueryCatalog.draw(SPEC, IotQueryCatalog.generatedFleets(), SPEC.seed(), 3));
        // Few trucks stand still for a whole 10-minute window: every window of every fleet is a
        // candidate, and those with a truck to find join the queries.
        List<IotQuery> stationary = new ArrayList<>();
        for (String fleet : IotQueryCatalog.generatedFleets()) {
            for (long start = SPEC.startNs() + SPEC.intervalNs() / 2; start + IotSpec.BUCKET_NS <= SPEC.endNs(); start += IotSpec.BUCKET_NS) {
                IotQuery q = IotQuery.window(IotQueryType.STATIONARY_TRUCKS, fleet, start / 1_000_000L);
                if (!queries.contains(q)) stationary.add(q);
            }
        }
        List<IotQuery> all = new ArrayList<>(queries);
        all.addAll(stationary);
        answers = IotAnswers.compute(generator.all(), SPEC, IotDialect.of(db().dialect()).tagModel(), all);
        for (IotQuery q : stationary) if (!answers.answer(q).rows().isEmpty()) queries.add(q);
    }

    /** The exact answers of the data set, under the dialect's tag model. */
    protected final IotAnswers answers() {
        return answers;
    }

    /** The data set's generator (a module's own tests take batches of it). */
    protected final IotGenerator generator() {
        return generator;
    }

    Stream<Arguments> namedVariants() {
        return variants().entrySet().stream().map(v -> Arguments.of(v.getKey(), v.getValue()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("namedVariants")
    void loadsEveryRecordAndAnswersEveryQuery(String variant, ConnectionOptions o) throws Exception {
        try (Session s = db().open(o)) {
            recreate(s, variant, SPEC);
            // Records without a name that share the database's key (TDengine's no-name row of a time) are acknowledged, one of each stored.
            assertEquals(answers.records() + answers.superseded(), load(o), "records acknowledged");
            // Counted as the harness counts: again until it settles, for a database that makes acknowledged records countable a moment later.
            assertEquals(answers.records(), StoredRows.settled(db(), s, SPEC, answers.records()), "records stored in readings and diagnostics");
            checkStored(s, variant);
            // The disk measure settles the data its database's way and must change no answer: checked
            // once, on the first variant; every variant's data answers every query after it.
            boolean first = variant.equals(variants().keySet().iterator().next());
            if (first) assertEquals(List.of(), mismatches(s, SPEC, queries, answers, true), "before the disk measure");
            checkDisk(s, IotSession.of(s).diskUse(SPEC), variant);
            assertEquals(List.of(), mismatches(s, SPEC, queries, answers, true), "after the disk measure");
        }
    }

    /** A TSBS file whose records without a name share keys, kept as the dialect's model says ({@link SharedKeysFixture}). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("namedVariants")
    void aTsbsFileWithRecordsSharingAKeyIsKeptAsTheModelSays(String variant, ConnectionOptions o, @TempDir Path dir) throws Exception {
        try (Session s = db().open(o)) {
            assertEquals(List.of(), SharedKeysFixture.loadAndCheck(db(), s, db().dialect(), (session, spec) -> recreate(session, variant, spec), dir));
        }
    }

    @Test
    void theDialectLeavesOutExactlyTheQueriesNamedAbsent() {
        Map<IotQueryType, Boolean> rendered = new LinkedHashMap<>();
        for (IotQuery q : queries) rendered.merge(q.type(), IotDialect.of(db().dialect()).render(q, SPEC).isPresent(), Boolean::logicalAnd);
        assertEquals(EnumSet.allOf(IotQueryType.class), rendered.keySet(), "query types drawn");
        Set<IotQueryType> leftOut = EnumSet.noneOf(IotQueryType.class);
        rendered.forEach((type, all) -> {
            if (!all) leftOut.add(type);
        });
        assertEquals(absent(), leftOut, "query types the dialect does not render");
    }

    /**
     * Two clients, each writing its half of the trucks in requests of up to 5,000 records, every
     * other request built ahead ({@code prepare}, as {@code --option prebuild=true}) and sent; the
     * records acknowledged.
     */
    protected final long load(ConnectionOptions o) throws Exception {
        return Clients.sum(2, client -> () -> {
            try (IotSession s = IotSession.of(db().open(o)); IotRowSource source = generator.client(client, 2, false)) {
                TruckBatch batch = new TruckBatch(source.trucks(), REQUEST_RECORDS);
                long acked = 0;
                for (int request = 0; source.fill(batch, batch.capacity()) > 0; request++) {
                    acked += request % 2 == 0 ? s.write(batch) : s.prepare(batch).send();
                }
                return acked;
            }
        });
    }

    /** Every query of the default data set the dialect renders, run through the session and checked; the mismatches, one line each. */
    protected final List<String> mismatches(Session s) throws Exception {
        return mismatches(s, SPEC, queries, answers, true);
    }

    /**
     * Every query the dialect renders of a data set, run through the session and checked; the
     * mismatches, one line each; with {@code everyTypeFinds}, each type the dialect says must return rows.
     */
    private List<String> mismatches(Session s, IotSpec spec, List<IotQuery> queries, IotAnswers answers, boolean everyTypeFinds) {
        IotQueryChecks.Outcome outcome = IotQueryChecks.run(s, db().dialect(), spec, queries, answers);
        // A check of no rows proves little: every type the dialect says has rows to find here.
        Set<IotQueryType> expected = EnumSet.allOf(IotQueryType.class);
        expected.removeAll(absent());
        if (outcome.mismatches().isEmpty() && everyTypeFinds) assertEquals(expected, outcome.withRows(), "query types that returned rows");
        return outcome.mismatches();
    }
}
