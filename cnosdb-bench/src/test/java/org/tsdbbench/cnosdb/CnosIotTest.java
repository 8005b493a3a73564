package org.tsdbbench.cnosdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.iot.IotAnswer;
import org.tsdbbench.common.iot.IotAnswers;
import org.tsdbbench.common.iot.IotCheck;
import org.tsdbbench.common.iot.IotGenerator;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryCatalog;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTag;
import org.tsdbbench.common.iot.TagModel;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.query.ResultSink;

/**
 * The IoT trucks against the real CnosDB started by scripts/servers/cnosdb.sh: a generated data
 * set (TSBS's gaps, late records, null tags and fields included) written through the session, every
 * record acknowledged and counted, and every query of the catalog run and its rows checked against
 * the answer the generator knows ({@link IotAnswers}, tags per record).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CnosIotTest {

    /** 10 trucks over 26 hours: more than a day, so that every query type, long-daily-sessions too, has a window. */
    private static final IotSpec SPEC = new IotSpec(10, IotSpec.DEFAULT_START_NS, IotSpec.DEFAULT_START_NS + Duration.ofHours(26).toNanos(),
            IotSpec.DEFAULT_INTERVAL_NS, IotSpec.DEFAULT_SEED);

    @BeforeAll
    void cnosdbIsInstalled() {
        assumeTrue(CnosServer.skipReason() == null, CnosServer.skipReason());
    }

    private static Session open() throws Exception {
        String password = System.getenv("CNOSDB_PASSWORD");
        assertTrue(password != null && !password.isBlank(), "CNOSDB_PASSWORD must hold root's password (scripts/servers/cnosdb.sh client gives it)");
        return new CnosDatabase().open(new ConnectionOptions(CnosServer.host(), Integer.parseInt(CnosServer.port()), "root", "bench_iot",
                ConnectionOptions.Secret.of(password), Map.of()));
    }

    @Test
    void loadsEveryRecordAndAnswersEveryQuery() throws Exception {
        IotGenerator generator = new IotGenerator(SPEC);
        List<IotQuery> queries = IotQueryCatalog.draw(SPEC, IotQueryCatalog.generatedFleets(), 42, 3);
        IotAnswers answers = IotAnswers.compute(generator.all(), SPEC, TagModel.RECORD, queries);
        Set<IotQueryType> drawn = EnumSet.noneOf(IotQueryType.class);
        queries.forEach(q -> drawn.add(q.type()));
        assertEquals(EnumSet.allOf(IotQueryType.class), drawn, "the data set is long enough for every query type");

        CnosDialect dialect = new CnosDialect();
        try (Session session = open()) {
            session.recreateSchema(SPEC);
            long acknowledged = 0;
            int requests = 0;
            // Two clients' disjoint trucks, 5000 records a request; every other request built ahead (prebuild).
            for (int client = 0; client < 2; client++) {
                IotRowSource source = generator.client(client, 2, false);
                TruckBatch batch = new TruckBatch(source.trucks(), 5000);
                while (source.fill(batch, batch.capacity()) > 0) {
                    acknowledged += requests++ % 2 == 0 ? session.write(batch) : session.prepare(batch).send();
                }
            }
            assertEquals(answers.records(), acknowledged, "records acknowledged");
            assertEquals(answers.records(), session.countRows(SPEC), "records stored (COUNT(time) of both tables)");

            List<String> mismatches = new ArrayList<>();
            long rows = 0;
            for (IotQuery q : queries) {
                String sql = dialect.render(q, SPEC).orElseThrow(() -> new AssertionError(q.id() + " is absent"));
                IotCheck check = answers.answer(q).newCheck();
                ResultSink shaped = dialect.shaper(q).shape(new ResultSink() {
                    @Override
                    public void row(double[] values) {
                        check.row(values, new String[0]);
                    }

                    @Override
                    public void row(double[] values, String[] texts) {
                        check.row(values, texts);
                    }
                });
                session.query(sql, shaped);
                shaped.end();
                rows += check.rows();
                if (check.mismatch() != null) mismatches.add(check.mismatch() + "\n  " + sql);
            }
            assertEquals(List.of(), mismatches, "every query's rows are its expected answer");
            long expectedRows = answers.all().stream().mapToLong(a -> a.rows().size()).sum();
            assertEquals(expectedRows, rows, "rows returned over the catalog");
            assertTrue(answers.all().stream().filter(a -> !a.rows().isEmpty()).count() >= 10,
                    "most queries have rows to check: " + answers.all().stream().map(IotAnswer::rows).map(List::size).toList());
        }
    }

    @Test
    void aRecordWithANullTagAndNullFieldsIsStoredWithoutThem() throws Exception {
        try (Session session = open()) {
            session.recreateSchema(SPEC);
            IotRowSource source = new IotGenerator(SPEC).all();
            TruckBatch batch = new TruckBatch(source.trucks(), 20_000);
            long written = 0;
            long withNullName = 0;
            while (source.fill(batch, batch.capacity()) > 0) {
                written += session.write(batch);
                for (int r = 0; r < batch.readings.size(); r++) {
                    if (batch.readings.tagCode(batch.trucks, r, IotTag.NAME) < 0) withNullName++;
                }
            }
            assertEquals(written, session.countRows(SPEC));
            assertTrue(withNullName > 0, "the data set has readings without a name");
            long[] stored = {-1};
            session.query("SELECT COUNT(time) FROM readings WHERE name IS NULL", new ResultSink() {
                @Override
                public void row(double[] values) {
                    stored[0] = (long) values[0];
                }
            });
            assertEquals(withNullName, stored[0], "readings stored without a name (their own series)");
        }
    }
}
