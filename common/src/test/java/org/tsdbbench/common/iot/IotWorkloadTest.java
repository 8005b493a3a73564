package org.tsdbbench.common.iot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.data.DataFileException;
import org.tsdbbench.common.data.Shard;
import org.tsdbbench.common.iot.Records.Rec;
import org.tsdbbench.common.query.DeviceDialect;
import org.tsdbbench.common.query.RowShaper;
import org.tsdbbench.common.workload.Answers;
import org.tsdbbench.common.workload.Batch;
import org.tsdbbench.common.workload.BatchSource;
import org.tsdbbench.common.workload.DataSet;
import org.tsdbbench.common.workload.PreparedCatalog;
import org.tsdbbench.common.workload.PreparedQuery;
import org.tsdbbench.common.workload.Query;
import org.tsdbbench.common.workload.ResultCheck;
import org.tsdbbench.common.workload.Table;
import org.tsdbbench.common.workload.Workloads;
import org.tsdbbench.results.WorkloadRecord;
import org.tsdbbench.common.workload.Workload;
import picocli.CommandLine;

/**
 * The IoT trucks as a workload of the harness, offline: its flags and their one-line errors, its
 * tables, its catalog's ids parsed back, a generated and a file data set giving the same records
 * and answers, whole trucks per client and shard, the answers and the settings file read back.
 */
class IotWorkloadTest {

    /** 7 trucks over 26 hours: more than a day, so that every query type has a window that fits. */
    private static final IotSpec SPEC = new IotSpec(7, IotSpec.DEFAULT_START_NS, IotSpec.DEFAULT_START_NS + Duration.ofHours(26).toNanos(),
            IotSpec.DEFAULT_INTERVAL_NS, 31);

    @TempDir
    Path dir;

    /** The flags parsed as a step parses them, validated. */
    private static IotDataOptions flags(String... args) {
        IotDataOptions options = new IotDataOptions();
        new CommandLine(options).parseArgs(args);
        options.validate();
        return options;
    }

    private static String flagError(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> flags(args).dataSet().spec()).getMessage();
    }

    @Test
    void theWorkloadIsFoundByNameAndItsTablesAreTsbssMeasurements() {
        assertSame(IotWorkload.INSTANCE, Workloads.find("iot"));
        assertSame(IotWorkload.INSTANCE, SPEC.workload());
        List<Table> tables = IotWorkload.INSTANCE.tables();
        assertEquals(List.of("readings", "diagnostics"), tables.stream().map(Table::name).toList());
        for (Table t : tables) {
            assertEquals(List.of("name", "fleet", "driver", "model", "device_version", "load_capacity", "fuel_capacity", "nominal_fuel_consumption"),
                    t.tags().stream().map(Table.Column::name).toList());
            assertTrue(t.tags().stream().allMatch(Table.Column::nullable), "TSBS leaves any tag of a record null, the name included");
            assertEquals(Table.Type.DOUBLE, t.tags().get(5).type());
        }
        assertEquals(7, tables.get(0).fields().size());
        assertEquals(new Table.Column("status", Table.Type.BIGINT, true), tables.get(1).fields().get(2));
    }

    @Test
    void theFlagsNameTheDefaultAReportCScenarioOrTheirOwnParts() {
        assertEquals(IotSpec.defaults(), flags().dataSet().spec());
        assertEquals(IotScenario.named("iot-3").spec(), flags("-scale", "iot-3").dataSet().spec());
        IotSpec scenario = IotScenario.named("iot-1").spec();
        IotSpec fewer = flags("--scale", "iot-1", "-trucks", "5", "-seed", "9").dataSet().spec();
        assertEquals(new IotSpec(5, scenario.startNs(), scenario.endNs(), scenario.intervalNs(), 9), fewer);
        IotSpec hours = flags("-trucks", "3", "-start", "2016-03-01T00:00:00Z", "-hours", "2").dataSet().spec();
        assertEquals(IotSpec.of(3, "2016-03-01T00:00:00Z", "2016-03-01T02:00:00Z", Duration.ofSeconds(10), IotSpec.DEFAULT_SEED), hours);
        assertEquals(hours, flags("-trucks", "3", "-start", "2016-03-01T00:00:00Z", "-end", "2016-03-01T02:00:00Z").dataSet().spec());
    }

    @Test
    void theFileFlagReadsTheFileOnceWhenTheFlagsAreChecked() throws IOException {
        Path file = tsbsFile(SPEC, "flags.influx.gz");
        IotDataOptions options = flags("-file", file.toString(), "-seed", "4");
        IotDataSet data = options.dataSet();
        assertSame(data, options.dataSet(), "one data set per command: the file's pass is made once");
        assertTrue(data.fromFiles());
        assertEquals(file, data.file());
        assertEquals(SPEC.withSeed(4), data.spec());
        assertEquals(dir.resolve("none.gz") + ": no such TSBS data file", flagError("-file", dir.resolve("none.gz").toString()));
    }

    @Test
    void aBadFlagIsOneLineNamingFlagAndValue() {
        assertEquals("-scale iot-9: not a scenario of report C (iot-1 .. iot-5)", flagError("-scale", "iot-9"));
        assertEquals("-trucks 0: must be 1..100000000", flagError("-trucks", "0"));
        assertEquals("-end 2016-01-02T00:00:00Z and -hours 2.0: give one of them", flagError("-end", "2016-01-02T00:00:00Z", "-hours", "2"));
        assertEquals("-hours -1.0: must be more than 0 (and under 30 years)", flagError("-hours", "-1"));
        assertEquals("-start yesterday: not an RFC 3339 time such as 2016-01-01T00:00:00Z", flagError("-start", "yesterday"));
        assertTrue(flagError("-end", "2015-01-01T00:00:00Z").startsWith("-end 2015-01-01T00:00:00Z: the time range 2016-01-01T00:00:00Z .. 2015-01-01T00:00:00Z"));
        assertEquals("-file x.gz and -trucks: the file's records decide the trucks and the time range", flagError("-file", "x.gz", "-trucks", "5"));
        assertEquals("-file x.gz and -scale: the file's records decide the trucks and the time range", flagError("-scale", "iot-1", "-file", "x.gz"));
    }

    @Test
    void everyCatalogQueryIdParsesBackToTheSameQuery() {
        List<IotQuery> catalog = SPEC.catalog();
        assertEquals(catalog, SPEC.catalog(), "the same seed draws the same parameters");
        assertEquals(IotQueryType.values().length, catalog.stream().map(IotQuery::type).distinct().count(), "26 hours: every type fits");
        for (IotQuery q : catalog) assertEquals(q, IotWorkload.INSTANCE.query(q.id()));
        assertNotEquals(catalog, SPEC.withSeed(32).catalog(), "another seed, other parameters");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> IotWorkload.INSTANCE.query("q2.avg.p10"));
        assertTrue(e.getMessage().startsWith("'q2.avg.p10' is not an IoT query id"), e.getMessage());
    }

    private Path tsbsFile(IotSpec spec, String name) throws IOException {
        Path file = dir.resolve(name);
        try (IotRowSource all = new IotGenerator(spec).all()) {
            IotLineWriter.write(all, file);
        }
        return file;
    }

    private static List<Rec> records(BatchSource source, int batch) throws IOException {
        List<Rec> out = new ArrayList<>();
        try (source) {
            Batch first = source.next(batch);
            for (Batch b = first; !b.isEmpty(); b = source.next(batch)) {
                assertSame(first, b, "the source refills its own batch");
                out.addAll(Records.of((TruckBatch) b));
            }
        }
        return out;
    }

    /** Every query's rows under one tag model, as comparable sorted lists. */
    private static Map<String, List<String>> rows(IotAnswers answers) {
        Map<String, List<String>> out = new HashMap<>();
        for (IotAnswer a : answers.all()) {
            List<String> rows = new ArrayList<>();
            for (IotAnswer.Row r : a.rows()) rows.add(java.util.Arrays.toString(r.texts()) + " " + java.util.Arrays.toString(r.values()) + " " + java.util.Arrays.toString(r.tolerance()));
            java.util.Collections.sort(rows); // a check matches rows by key, in any order
            out.put(a.query().id(), rows);
        }
        return out;
    }

    private static void assertSameAnswers(IotCatalogAnswers want, IotCatalogAnswers got) {
        assertEquals(want.totalRows(), got.totalRows());
        for (TagModel m : TagModel.values()) assertEquals(rows(want.under(m)), rows(got.under(m)), m.toString());
    }

    @Test
    void aGeneratedDataSetAndItsTsbsFileGiveTheSameRecordsSpecAndAnswers() throws IOException {
        IotDataSet generated = IotDataSet.generated(SPEC);
        for (String name : List.of("iot.influx", "iot.influx.gz")) {
            IotDataSet file = IotDataSet.file(tsbsFile(SPEC, name), SPEC.seed());
            file.checkFiles();
            assertEquals(SPEC, file.spec(), "the file's trucks and range as its pass found them, the seed given");
            List<Rec> all = records(generated.all(), 1000);
            assertEquals(all, records(file.all(), 777), name);
            assertEquals(all.size(), generated.knownRows().getAsLong(), "the count from TSBS's gaps alone");
            assertEquals(all.size(), file.validateFiles());
            assertSameAnswers(generated.answers(), file.answers());
            assertEquals(IotAnswers.compute(new IotGenerator(SPEC).all(), SPEC, TagModel.TABLE, SPEC.catalog()).all().size(),
                    generated.answers().under(TagModel.TABLE).all().size());
        }
        assertEquals(Files.size(tsbsFile(SPEC, "plain.influx")), generated.rawTextBytes(), "the bytes of the TSBS file it would be");
        assertEquals(Files.size(dir.resolve("plain.influx")), IotDataSet.file(dir.resolve("plain.influx"), 1).rawTextBytes());
        assertEquals(Files.size(dir.resolve("plain.influx")), IotDataSet.file(dir.resolve("iot.influx.gz"), 1).rawTextBytes(), "gzip: the text's bytes");
    }

    /** Each client of each shard owns whole trucks; together they hold every record once. */
    @Test
    void clientsOfShardsOwnWholeTrucksAndTogetherEveryRecord() throws IOException {
        IotSpec spec = new IotSpec(7, IotSpec.DEFAULT_START_NS, IotSpec.DEFAULT_START_NS + Duration.ofHours(2).toNanos(), IotSpec.DEFAULT_INTERVAL_NS, 31);
        Path file = tsbsFile(spec, "iot.influx.gz");
        for (IotDataSet data : List.of(IotDataSet.generated(spec), IotDataSet.file(file, spec.seed()))) {
            List<Rec> all = records(data.all(), 500);
            List<Rec> parts = new ArrayList<>();
            Map<String, String> owner = new HashMap<>();
            for (int s = 0; s < 2; s++) {
                DataSet shard = data.withShard(new Shard(s, 2));
                int clients = 3;
                assertTrue(shard.maxClients() >= clients, shard.maxClients() + " " + shard.describe());
                long shardRecords = 0;
                for (int c = 0; c < clients; c++) {
                    List<Rec> mine = records(shard.client(c, clients, false), 100);
                    shardRecords += mine.size();
                    for (Rec r : mine) {
                        String truck = r.tag(IotTag.NAME) != null ? r.tag(IotTag.NAME) : "anonymous " + r.truck();
                        String was = owner.putIfAbsent(truck, s + "/" + c);
                        assertTrue(was == null || was.equals(s + "/" + c), truck + " in clients " + was + " and " + s + "/" + c + " of " + data.describe());
                    }
                    parts.addAll(mine);
                }
                if (!data.fromFiles()) assertEquals(shard.knownRows().getAsLong(), shardRecords);
                assertEquals(shardRecords, shard.validateFiles());
            }
            assertEquals(Set.copyOf(all), Set.copyOf(parts), data.describe());
            assertEquals(all.size(), parts.size(), "every record once: " + data.describe());
            assertEquals("trucks", data.splitUnit());
        }
    }

    /** An unbounded client goes on past the data set with later timestamps, never a duplicate key. */
    @Test
    void anUnboundedClientGoesOnLaterWithoutADuplicateKey() throws IOException {
        IotSpec spec = new IotSpec(3, IotSpec.DEFAULT_START_NS, IotSpec.DEFAULT_START_NS + Duration.ofMinutes(10).toNanos(), IotSpec.DEFAULT_INTERVAL_NS, 5);
        Path file = tsbsFile(spec, "short.influx");
        for (IotDataSet data : List.of(IotDataSet.generated(spec), IotDataSet.file(file, 5))) {
            long once = data.validateFiles();
            Set<String> keys = new HashSet<>();
            long maxTs = Long.MIN_VALUE;
            try (BatchSource source = data.client(0, 1, true)) {
                for (int read = 0; read < 3 * once; ) {
                    TruckBatch b = (TruckBatch) source.next(50);
                    assertFalse(b.isEmpty(), "an unbounded source does not end");
                    for (Rec r : Records.of(b)) {
                        assertTrue(keys.add(r.table() + " " + r.tag(IotTag.NAME) + " " + r.truck() + " " + r.ts()), "duplicate key " + r);
                        maxTs = Math.max(maxTs, r.ts());
                    }
                    read += b.size();
                }
            }
            assertTrue(maxTs >= spec.endNs() + (spec.endNs() - spec.startNs()), "the third pass is two ranges later: " + data.describe());
        }
    }

    @Test
    void aMalformedFileIsADataFileExceptionNamingFileAndLineBeforeAnyWork() throws IOException {
        Path file = tsbsFile(SPEC, "bad.influx");
        List<String> lines = new ArrayList<>(Files.readAllLines(file));
        lines.set(4, "trucks,name=truck_1 velocity=3 1451606400000000000");
        Files.write(file, lines);
        IotDataSet data = IotDataSet.file(file, 1);
        DataFileException e = assertThrows(DataFileException.class, data::checkFiles);
        assertEquals(file + ":5: unknown measurement 'trucks' (TSBS's IoT files have readings and diagnostics)", e.getMessage());
        DataFileException missing = assertThrows(DataFileException.class, IotDataSet.file(dir.resolve("none.gz"), 1)::checkFiles);
        assertEquals(dir.resolve("none.gz") + ": no such TSBS data file", missing.getMessage());
    }

    /** The answer cache's round trip: what {@code writeTo} wrote reads back to the same answer of every query, under both models. */
    @Test
    void theAnswersReadBackAsWritten() throws IOException {
        IotDataSet data = IotDataSet.generated(SPEC);
        IotCatalogAnswers answers = data.answers();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        answers.writeTo(new DataOutputStream(bytes));
        IotCatalogAnswers back = data.readAnswers(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertSameAnswers(answers, back);
        assertEquals(SPEC, back.spec());
        Answers cached = org.tsdbbench.common.bench.AnswerCache.answers(data, dir.resolve("cache"));
        assertInstanceOf(IotCatalogAnswers.class, cached);
        assertSameAnswers(answers, (IotCatalogAnswers) cached);
        try (var files = Files.list(dir.resolve("cache"))) {
            assertEquals(1, files.filter(f -> f.getFileName().toString().startsWith("expected-answers-")).count(), "the cache file");
        }
        assertNotEquals(data.answersKey(), data.withShard(new Shard(1, 2)).answersKey());
        assertNotEquals(data.answersKey(), IotDataSet.generated(SPEC.withSeed(1)).answersKey());
    }

    /** The settings file's round trip: the benchmarks' JVMs get the same data set. */
    @Test
    void theDataSetReadsBackFromTheSettingsFile() throws IOException {
        Path file = tsbsFile(SPEC, "iot.influx.gz");
        for (IotDataSet data : List.of(IotDataSet.generated(SPEC).withShard(new Shard(1, 3)), IotDataSet.file(file, 8).withShard(new Shard(0, 2)))) {
            ObjectNode json = new ObjectMapper().createObjectNode();
            data.writeJson(json);
            DataSet back = IotWorkload.INSTANCE.readDataSet(new ObjectMapper().readTree(json.toString()));
            assertEquals(data.describe(), back.describe());
            assertEquals(data.answersKey(), back.answersKey());
            assertEquals(data.spec(), back.spec());
        }
        IOException e = assertThrows(IOException.class, () -> IotWorkload.INSTANCE.readDataSet(new ObjectMapper().readTree("{\"trucks\": 3}")));
        assertEquals("no startNs", e.getMessage());
    }

    @Test
    void theManifestRecordsTheTrucksAndTheScenario() {
        WorkloadRecord r = IotDataSet.generated(IotScenario.named("iot-2").spec()).record();
        assertEquals("iot", r.workload());
        assertEquals(null, r.spec());
        assertEquals("iot-2", r.trucks().scale());
        assertEquals(4000, r.trucks().trucks());
        assertTrue(r.source().startsWith("IoT trucks, generated: iot-2, 4000 trucks"), r.source());
        assertEquals(null, IotDataSet.generated(SPEC).record().trucks().scale());
    }

    /** A dialect that says only some queries, and stores tags per table: the catalog is prepared against that model's answers. */
    @Test
    void theCatalogIsPreparedInTheDialectsWordsAgainstTheTagModelItStores() throws IOException {
        List<Object> asked = new ArrayList<>();
        RowShaper shaper = sink -> sink;
        IotDialect tables = new IotDialect() {
            @Override
            public Optional<String> render(IotQuery query, IotSpec spec) {
                asked.add(spec);
                return query.type() == IotQueryType.AVG_LOAD ? Optional.empty() : Optional.of("SELECT " + query.id());
            }

            @Override
            public RowShaper shaper(IotQuery query) {
                return shaper;
            }

            @Override
            public TagModel tagModel() {
                return TagModel.TABLE;
            }
        };
        IotCatalogAnswers answers = IotDataSet.generated(SPEC).answers();
        PreparedCatalog catalog = answers.prepare(tables);
        assertEquals(List.of("iot.avg-load"), catalog.absent());
        assertEquals(SPEC.catalog().size() - 1, catalog.queries().size());
        assertTrue(asked.stream().allMatch(s -> s == SPEC), "rendered for the data set's spec");
        for (PreparedQuery q : catalog.queries()) {
            assertEquals("SELECT " + q.id(), q.text());
            assertSame(shaper, q.shaper());
            assertSame(answers.under(TagModel.TABLE).answer((IotQuery) q.query()), q.answer(), "the TABLE model's answer");
        }
        DeviceDialect devicesOnly = (query, spec) -> Optional.empty();
        assertThrows(IllegalArgumentException.class, () -> answers.prepare("iot.avg-load", "SELECT 1", devicesOnly),
                "a dialect without the trucks' interface is refused, not taken as saying nothing");
        assertThrows(IllegalArgumentException.class, () -> answers.prepare(devicesOnly));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> answers.prepare("iot.last-loc.Nowhere", "SELECT 1", tables));
        assertEquals("iot.last-loc.Nowhere: not among the queries these answers were computed for", e.getMessage());
    }

    /**
     * The trucks' fingerprint, report D's latitude statistics, tells another seed's records apart (their count
     * differs too, as TSBS drops records by the seed, but two seeds may drop as many).
     */
    @Test
    void theFingerprintTellsAnotherSeedsTrucksApart() throws IOException {
        IotDialect says = (query, spec) -> Optional.of("SELECT " + query.id());
        IotCatalogAnswers mine = IotDataSet.generated(SPEC).answers();
        IotCatalogAnswers other = IotDataSet.generated(SPEC.withSeed(SPEC.seed() + 1)).answers();
        PreparedQuery fingerprint = mine.fingerprint(says).orElseThrow();
        assertEquals("iot.latitude-stats", fingerprint.id());
        ResultCheck same = fingerprint.answer().newCheck();
        for (IotAnswer.Row r : mine.under(TagModel.RECORD).answer((IotQuery) fingerprint.query()).rows()) same.row(r.values(), r.texts());
        assertEquals(null, same.mismatch());
        ResultCheck differs = fingerprint.answer().newCheck();
        for (IotAnswer.Row r : other.under(TagModel.RECORD).answer((IotQuery) fingerprint.query()).rows()) differs.row(r.values(), r.texts());
        assertTrue(differs.mismatch() != null, "another seed's latitudes");
        assertEquals(Optional.empty(), mine.fingerprint((IotDialect) (query, spec) -> Optional.empty()), "a dialect that cannot say it");
    }

    /** A check reached through the harness's types: the expected rows pass, a changed value is named, a row without texts is refused. */
    @Test
    void theChecksReadTextsAndNamesWhatDiffers() throws IOException {
        IotAnswers answers = IotDataSet.generated(SPEC).answers().under(TagModel.RECORD);
        IotAnswer avgLoad = answers.answer(IotQuery.of(IotQueryType.AVG_LOAD));
        assertFalse(avgLoad.rows().isEmpty());
        ResultCheck ok = avgLoad.newCheck();
        for (IotAnswer.Row r : avgLoad.rows()) ok.row(r.values(), r.texts());
        assertEquals(null, ok.mismatch());
        assertEquals(avgLoad.rows().size(), ok.rows());
        ResultCheck numbersOnly = avgLoad.newCheck();
        numbersOnly.row(avgLoad.rows().get(0).values());
        assertTrue(numbersOnly.mismatch().startsWith("iot.avg-load: a row of 2 values and 0 texts, expected 2 values"), numbersOnly.mismatch());
        ResultCheck wrong = avgLoad.newCheck();
        for (IotAnswer.Row r : avgLoad.rows()) {
            double[] v = r.values().clone();
            v[1] += 1;
            wrong.row(v, r.texts());
        }
        assertTrue(wrong.mismatch().contains("avg_load_percentage expected"), wrong.mismatch());
    }

    /** The batch, the spec and the source reach the session's IoT overloads. */
    @Test
    void theBatchAndTheSpecReachTheSessionsIotOverloads() throws Exception {
        List<Object> calls = new ArrayList<>();
        IotSession session = new IotSession() {
            @Override
            public void recreateSchema(IotSpec spec) {
                calls.add(spec);
            }

            @Override
            public long write(TruckBatch batch) {
                calls.add(batch);
                return batch.size();
            }

            @Override
            public org.tsdbbench.common.db.PreparedWrite prepare(TruckBatch batch) {
                calls.add(batch);
                return org.tsdbbench.common.db.PreparedWrite.of(batch.size(), 0, () -> 0);
            }

            @Override
            public long countRows(IotSpec spec) {
                calls.add(spec);
                return 7;
            }

            @Override
            public void query(String text, org.tsdbbench.common.query.ResultSink rows) {
                throw new UnsupportedOperationException();
            }

            @Override
            public org.tsdbbench.common.db.ServerFacts facts(Workload workload) {
                return new org.tsdbbench.common.db.ServerFacts("0", "none", Map.of(), List.of());
            }

            @Override
            public void close() {
            }
        };
        DataSet data = IotDataSet.generated(SPEC);
        data.spec().recreateSchema(session);
        assertEquals(7, data.spec().countRows(session));
        Batch batch;
        try (BatchSource source = data.client(1, 2, false)) {
            batch = source.next(40);
            assertEquals(40, batch.write(session));
            assertEquals(40, batch.prepare(session).rows());
        }
        assertEquals(List.of(SPEC, SPEC, batch, batch), calls);
        Query q = IotWorkload.INSTANCE.query("iot.avg-load");
        assertEquals(IotQuery.of(IotQueryType.AVG_LOAD), q);
    }
}
