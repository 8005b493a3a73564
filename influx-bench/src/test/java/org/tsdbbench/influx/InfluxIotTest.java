package org.tsdbbench.influx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.DatabaseException;
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
 * TSBS's IoT trucks against the real InfluxDB that scripts/servers/influxdb.sh starts: a generated
 * data set (TSBS's missing, late and null records included) written through the session, counted
 * back, and every catalog query the dialect renders answered as {@link IotAnswers} computes from
 * the same records (TagModel.RECORD: InfluxDB keeps each point's own tags). Its own database,
 * dropped at the end, so the module's other tests see none of it.
 */
class InfluxIotTest {

    /** The default data set (20 trucks, 36 hours, some 456,000 records): trucks in every fleet, long-daily-sessions' 24-hour window, two calendar days. */
    private static final IotSpec SPEC = IotSpec.defaults();
    /** The queries InfluxQL cannot say with the catalog's meaning (README, "IoT queries"). */
    private static final Set<IotQueryType> ABSENT = EnumSet.of(IotQueryType.AVG_LOAD, IotQueryType.AVG_DAILY_DRIVING_SESSION);
    private static final String DATABASE = "bench_iot";

    private static final InfluxDatabase DB = new InfluxDatabase();
    private static List<IotQuery> queries;
    private static IotAnswers answers;
    private static long acknowledged;

    private static ConnectionOptions connection() {
        return new ConnectionOptions(System.getenv().getOrDefault("INFLUX_HOST", "127.0.0.1"),
                Integer.parseInt(System.getenv().getOrDefault("INFLUX_PORT", "8086")), DB.descriptor().defaultUser(), DATABASE,
                ConnectionOptions.Secret.fromEnv(DB.descriptor().passwordEnv()), Map.of());
    }

    /** Writes the data set, half the requests built ahead ({@code prepare}) and half at once ({@code write}). */
    @BeforeAll
    static void load() throws Exception {
        IotGenerator generator = new IotGenerator(SPEC);
        queries = IotQueryCatalog.draw(SPEC, IotQueryCatalog.generatedFleets(), 11, 12);
        try (IotRowSource all = generator.all()) {
            answers = IotAnswers.compute(all, SPEC, TagModel.RECORD, queries);
        }
        try (Session s = DB.open(connection()); IotRowSource source = generator.all()) {
            s.recreateSchema(SPEC);
            TruckBatch batch = new TruckBatch(source.trucks(), 5000);
            for (int request = 0; source.fill(batch, batch.capacity()) > 0; request++) {
                acknowledged += request % 2 == 0 ? s.write(batch) : s.prepare(batch).send();
            }
        }
    }

    @AfterAll
    static void dropDatabase() throws Exception {
        try (Session s = DB.open(connection())) {
            s.query("DROP DATABASE \"" + DATABASE + "\"", values -> { });
        }
    }

    @Test
    void everyRecordWrittenIsAcknowledgedAndCountedBack() throws Exception {
        assertEquals(answers.records(), acknowledged, "records acknowledged");
        try (Session s = DB.open(connection())) {
            assertEquals(answers.records(), s.countRows(SPEC), "records InfluxDB counts (readings " + answers.readings()
                    + ", diagnostics " + answers.diagnostics() + ")");
        }
    }

    @Test
    void everyRenderedQueryGivesTheExpectedAnswer() throws Exception {
        InfluxDialect dialect = new InfluxDialect();
        List<String> wrong = new ArrayList<>();
        Set<IotQueryType> rendered = EnumSet.noneOf(IotQueryType.class);
        Map<IotQueryType, Long> rowsChecked = new EnumMap<>(IotQueryType.class);
        try (Session s = DB.open(connection())) {
            for (IotQuery q : queries) {
                Optional<String> text = dialect.render(q, SPEC);
                if (text.isEmpty()) {
                    assertTrue(ABSENT.contains(q.type()), q.id() + " is absent but the README names it as rendered");
                    continue;
                }
                rendered.add(q.type());
                IotCheck check = answers.answer(q).newCheck();
                ResultSink rows = dialect.shaper(q).shape(new ResultSink() {
                    @Override
                    public void row(double[] values) {
                        throw new AssertionError("the shaper passes texts");
                    }

                    @Override
                    public void row(double[] values, String[] texts) {
                        check.row(values, texts);
                    }
                });
                try {
                    s.query(text.get(), rows);
                } catch (DatabaseException e) {
                    wrong.add(q.id() + ": " + e.getMessage());
                    continue;
                }
                rows.end();
                if (check.mismatch() != null) wrong.add(check.mismatch() + "\n    [" + text.get() + "]");
                rowsChecked.merge(q.type(), check.rows(), Long::sum);
            }
        }
        assertTrue(wrong.isEmpty(), wrong.size() + " wrong answers:\n" + String.join("\n", wrong));
        assertEquals(EnumSet.complementOf(EnumSet.copyOf(ABSENT)), rendered, "query types rendered and checked");
        // An empty answer checks little: every type must have found something in one of its draws.
        assertEquals(List.of(), rendered.stream().filter(t -> rowsChecked.getOrDefault(t, 0L) == 0).toList(),
                "query types whose every draw found no row " + rowsChecked);
    }
}
