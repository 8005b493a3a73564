package org.tsdbbench.common.iot;

import org.tsdbbench.common.workload.ResultCheck;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.iot.Records.Rec;

class IotAnswersTest {

    @TempDir
    Path dir;

    private static IotAnswers answers(IotSpec spec, TagModel model, List<IotQuery> queries) throws IOException {
        try (IotRowSource all = new IotGenerator(spec).all()) {
            return IotAnswers.compute(all, spec, model, queries);
        }
    }

    private static IotSpec spec(int trucks, int hours, int intervalSeconds, long seed) {
        return new IotSpec(trucks, IotSpec.DEFAULT_START_NS, IotSpec.DEFAULT_START_NS + Duration.ofHours(hours).toNanos(),
                Duration.ofSeconds(intervalSeconds).toNanos(), seed);
    }

    /** Checks every query's answer against the brute force; returns the queries whose answer has rows. */
    private static Set<IotQueryType> agreeWithBruteForce(IotSpec spec, TagModel model, long querySeed) throws IOException {
        IotGenerator generator = new IotGenerator(spec);
        List<Rec> records = Records.generate(spec);
        List<IotQuery> queries = IotQueryCatalog.draw(spec, IotQueryCatalog.generatedFleets(), querySeed, 3);
        IotAnswers answers = answers(spec, model, queries);
        List<Rec> stored = BruteForce.stored(records, model);
        assertEquals(stored.size(), answers.records());
        assertEquals(records.size() - stored.size(), answers.superseded());
        BruteForce brute = new BruteForce(stored, generator.trucks(), model);
        Set<IotQueryType> nonEmpty = EnumSet.noneOf(IotQueryType.class);
        for (IotQuery q : queries) {
            IotAnswer answer = answers.answer(q);
            ResultCheck check = answer.newCheck();
            List<BruteForce.Result> rows = brute.run(q);
            for (BruteForce.Result r : rows) check.row(r.values(), r.texts());
            assertNull(check.mismatch(), () -> model + " " + spec + ": " + check.mismatch());
            assertEquals(rows.size(), answer.rows().size(), q.id());
            if (!rows.isEmpty()) nonEmpty.add(q.type());
        }
        return nonEmpty;
    }

    @Property(tries = 8)
    void answersAgreeWithBruteForceOnRecords(@ForAll @IntRange(min = 1, max = 9) int trucks, @ForAll @IntRange(min = 25, max = 27) int hours,
            @ForAll("intervals") int interval, @ForAll @LongRange(min = 0, max = 1000) long seed) throws IOException {
        agreeWithBruteForce(spec(trucks, hours, interval, seed), TagModel.RECORD, seed);
    }

    @Property(tries = 8)
    void answersAgreeWithBruteForceOnTables(@ForAll @IntRange(min = 1, max = 9) int trucks, @ForAll @IntRange(min = 25, max = 27) int hours,
            @ForAll("intervals") int interval, @ForAll @LongRange(min = 0, max = 1000) long seed) throws IOException {
        agreeWithBruteForce(spec(trucks, hours, interval, seed), TagModel.TABLE, seed);
    }

    /**
     * Enough trucks that records without a name share a time (and, now and then, a series): each
     * model keeps what it documents of them, and every answer agrees with the brute force's.
     */
    @Test
    void recordsWithoutANameSharingAKeyAreKeptAsEachModelSays() throws IOException {
        IotSpec spec = new IotSpec(4000, IotSpec.DEFAULT_START_NS, IotSpec.DEFAULT_START_NS + Duration.ofMinutes(10).toNanos(),
                IotSpec.DEFAULT_INTERVAL_NS, 3);
        for (TagModel model : TagModel.values()) agreeWithBruteForce(spec, model, 3);
        List<IotQuery> none = List.of();
        long table = answers(spec, TagModel.TABLE, none).superseded();
        long series = answers(spec, TagModel.SERIES, none).superseded();
        assertEquals(0, answers(spec, TagModel.RECORD, none).superseded());
        assertTrue(table > 50 && series > 0 && series < table, "superseded: " + table + " under TABLE, " + series + " under SERIES");
        assertTrue(answers(spec, TagModel.TABLE, none).sharedKeys().get(0).matches("\\d+ (readings|diagnostics) without a name at .*"),
                answers(spec, TagModel.TABLE, none).sharedKeys().toString());
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<Integer> intervals() {
        return net.jqwik.api.Arbitraries.of(10, 30, 60, 37);
    }

    @Test
    void theDefaultDataSetGivesEveryQuerySomethingToFind() throws IOException {
        Set<IotQueryType> nonEmpty = agreeWithBruteForce(IotSpec.defaults(), TagModel.RECORD, 1);
        Set<IotQueryType> expected = EnumSet.allOf(IotQueryType.class);
        expected.remove(IotQueryType.STATIONARY_TRUCKS); // trucks seldom stand still for 10 minutes in TSBS's model
        expected.remove(IotQueryType.LOW_FUEL); // a fleet's trucks seldom end with less than 10% fuel
        assertTrue(nonEmpty.containsAll(expected), "queries without rows: " + EnumSet.complementOf(EnumSet.copyOf(nonEmpty)));
    }

    @Test
    void aFileGivesTheSameAnswersAsTheGenerator() throws IOException {
        IotSpec spec = spec(7, 26, 30, 11);
        Path file = dir.resolve("iot.gz");
        try (IotRowSource all = new IotGenerator(spec).all()) {
            IotLineWriter.write(all, file);
        }
        IotFileSummary summary = IotFileReader.validate(file);
        List<IotQuery> queries = IotQueryCatalog.draw(spec, IotQueryCatalog.generatedFleets(), 5, 2);
        for (TagModel model : TagModel.values()) {
            IotAnswers generated = answers(spec, model, queries);
            IotAnswers read;
            try (IotFileReader reader = new IotFileReader(file, summary)) {
                read = IotAnswers.compute(reader, summary.spec(), model, queries);
            }
            assertEquals(generated.records(), read.records());
            for (IotQuery q : queries) assertSameRows(generated.answer(q), read.answer(q));
        }
    }

    private static void assertSameRows(IotAnswer want, IotAnswer got) {
        ResultCheck check = want.newCheck();
        for (IotAnswer.Row r : got.rows()) check.row(r.values(), r.texts());
        assertNull(check.mismatch(), check.mismatch());
    }

    @Test
    void answersSurviveWritingAndReading() throws IOException {
        IotSpec spec = spec(5, 26, 60, 3);
        List<IotQuery> queries = IotQueryCatalog.draw(spec, IotQueryCatalog.generatedFleets(), 9, 2);
        IotAnswers answers = answers(spec, TagModel.RECORD, queries);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        answers.writeTo(new DataOutputStream(bytes));
        IotAnswers back = IotAnswers.readFrom(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertEquals(answers.records(), back.records());
        for (IotQuery q : queries) assertSameRows(answers.answer(q), back.answer(q));
    }

    @Test
    void aCheckNamesQueryKeyAndValues() {
        IotQuery q = IotQuery.ofFleet(IotQueryType.LAST_LOC, "South");
        IotAnswer answer = new IotAnswer(q, List.of(
                new IotAnswer.Row(new String[] {"truck_1", "Trish"}, new double[] {10.5, 20.25}, new double[2]),
                new IotAnswer.Row(new String[] {"truck_2", null}, new double[] {1, Double.NaN}, new double[2])));
        assertNull(run(answer, row("truck_1", "Trish", 10.5, 20.25), row("truck_2", "", 1, Double.NaN)), "an empty text is NULL");
        assertEquals("iot.last-loc.South: row (truck_1, Trish): latitude expected 20.25, got 20.26",
                run(answer, row("truck_1", "Trish", 10.5, 20.26), row("truck_2", null, 1, Double.NaN)));
        assertEquals("iot.last-loc.South: row (truck_2, NULL) missing (expected longitude 1, latitude NULL); 1 of 2 rows returned",
                run(answer, row("truck_1", "Trish", 10.5, 20.25)));
        assertEquals("iot.last-loc.South: unexpected row (truck_3, Andy) longitude 1, latitude 2",
                run(answer, row("truck_3", "Andy", 1, 2)));
        assertEquals("iot.last-loc.South: row (truck_1, Trish) returned twice",
                run(answer, row("truck_1", "Trish", 10.5, 20.25), row("truck_1", "Trish", 10.5, 20.25)));
        IotQuery daily = IotQuery.of(IotQueryType.DAILY_ACTIVITY);
        IotAnswer perDay = new IotAnswer(daily, List.of(new IotAnswer.Row(new String[] {"East", "H-2"}, new double[] {1451606400000.0, 0.5}, new double[] {0, 1e-9})));
        assertNull(run(perDay, new Object[] {new String[] {"East", "H-2"}, new double[] {1451606400000.0, 0.5 + 5e-10}}));
        assertEquals("iot.daily-activity: row (East, H-2, day 2016-01-01T00:00:00Z): daily_activity expected 0.5 (+- 1.00e-09), got 0.51",
                run(perDay, new Object[] {new String[] {"East", "H-2"}, new double[] {1451606400000.0, 0.51}}));
    }

    private static Object[] row(String name, String driver, double lon, double lat) {
        return new Object[] {new String[] {name, driver}, new double[] {lon, lat}};
    }

    private static String run(IotAnswer answer, Object[]... rows) {
        ResultCheck check = answer.newCheck();
        for (Object[] r : rows) check.row((double[]) r[1], (String[]) r[0]);
        assertEquals(rows.length, check.rows());
        return check.mismatch();
    }

    @Test
    void aWrongAnswerFromTheGeneratorsRowsIsCaught() throws IOException {
        IotSpec spec = spec(6, 26, 60, 21);
        List<IotQuery> queries = IotQueryCatalog.draw(spec, IotQueryCatalog.generatedFleets(), 2, 1);
        IotAnswers answers = answers(spec, TagModel.RECORD, queries);
        List<String> caught = new ArrayList<>();
        for (IotQuery q : queries) {
            IotAnswer a = answers.answer(q);
            if (a.rows().isEmpty() || q.type().valueColumns().size() == q.type().keyValues()) continue;
            ResultCheck check = a.newCheck();
            for (int i = 0; i < a.rows().size(); i++) {
                IotAnswer.Row r = a.rows().get(i);
                double[] v = r.values().clone();
                int last = v.length - 1;
                if (i == 0) v[last] = Double.isNaN(v[last]) ? 1 : v[last] * (1 + 1e-6) + 1e-6;
                check.row(v, r.texts());
            }
            assertNotNull(check.mismatch(), q.id());
            caught.add(check.mismatch());
        }
        assertTrue(caught.size() >= 8, caught.toString());
    }

    @Test
    void queryIdsParseBack() {
        IotSpec spec = IotSpec.defaults();
        List<IotQuery> queries = IotQueryCatalog.draw(spec, IotQueryCatalog.generatedFleets(), 42, 2);
        for (IotQuery q : queries) assertEquals(q, IotQuery.parse(q.id()));
        assertEquals(queries, IotQueryCatalog.draw(spec, IotQueryCatalog.generatedFleets(), 42, 2), "same seed, same queries");
        assertEquals(IotQuery.of(IotQueryType.AVG_LOAD), IotQuery.parse("iot.avg-load"));
        for (String bad : List.of("iot.avg-load.South", "iot.last-loc", "iot.stationary-trucks.South", "iot.nothing", "q1.g0", "iot.last-loc.So.uth")) {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> IotQuery.parse(bad));
            assertTrue(e.getMessage().contains(bad), e.getMessage());
        }
        // Windows lie within the data set, half an interval off the records.
        for (IotQuery q : queries) {
            if (q.type().window() == null) continue;
            assertTrue(q.windowStartNs() >= spec.startNs() && q.windowEndNs() <= spec.endNs(), q.toString());
            assertEquals(spec.intervalNs() / 2, (q.windowStartNs() - spec.startNs()) % spec.intervalNs(), q.toString());
        }
        // Three hours hold no 4- or 24-hour window: those queries are left out, as TSBS refuses them.
        IotSpec three = IotScenario.named("iot-3").spec();
        assertTrue(IotQueryCatalog.absent(three, IotQueryType.LONG_DAILY_SESSIONS));
        assertTrue(IotQueryCatalog.draw(three, IotQueryCatalog.generatedFleets(), 1, 1).stream().noneMatch(q -> q.type() == IotQueryType.LONG_DRIVING_SESSIONS));
    }
}
