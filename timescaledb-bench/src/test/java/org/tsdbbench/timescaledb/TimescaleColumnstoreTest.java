package org.tsdbbench.timescaledb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.bench.Loader;
import org.tsdbbench.common.cli.BenchCli;
import org.tsdbbench.common.contract.CliCapture;
import org.tsdbbench.common.data.DeviceDataSet;
import org.tsdbbench.common.data.DeviceGenerator;
import org.tsdbbench.common.data.DeviceRange;
import org.tsdbbench.common.data.GeneratedRows;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Jdbc;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.Answer;
import org.tsdbbench.common.query.DeviceDialect;
import org.tsdbbench.common.query.ExpectedAnswers;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.query.QueryCatalog;
import org.tsdbbench.common.workload.PreparedQuery;
import org.tsdbbench.common.workload.ResultCheck;
import org.tsdbbench.results.StepFlags;

/**
 * TimescaleDB's two storage forms against the real server: {@code --option compress=true} loads
 * into the columnstore (every chunk converted, rows written later merged in by the next count),
 * measures it on disk beside its row-store size, and answers every catalog query correctly from
 * it; without it the table stays in the row store as loaded and its columnstore size comes from a
 * copy that is dropped.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TimescaleColumnstoreTest {

    private static final WorkloadSpec SPEC = new WorkloadSpec(200, 150, WorkloadSpec.DEFAULT_START_TS, 17);
    private static final Pattern OTHER_FORM = Pattern.compile("(?:took|take) ([0-9,]+) bytes");

    private final TimescaleDatabase db = new TimescaleDatabase();

    @TempDir
    Path tmp;

    @BeforeAll
    void serverCanBeHad() {
        assumeTrue(TimescaleServer.skipReason() == null, TimescaleServer.skipReason());
    }

    private static ConnectionOptions compressed(boolean on) {
        return TimescaleServer.connection(Map.of(TimescaleDatabase.COMPRESS.name(), String.valueOf(on)));
    }

    /** The same server over plain JDBC, to ask the catalog what the module did. */
    private static Connection catalog() throws Exception {
        return DriverManager.getConnection("jdbc:postgresql://" + TimescaleServer.host() + ":" + TimescaleServer.port() + "/bench",
                TimescaleDatabase.properties(compressed(false)));
    }

    /** Chunks of the table that hold rows outside the columnstore (not converted, or written after). */
    private static long chunksNotWhollyConverted(Connection c) throws Exception {
        return Jdbc.queryLong(c, "SELECT count(*) FROM show_chunks('devices') ch WHERE _timescaledb_functions.chunk_status_text(ch) <> '{COMPRESSED}'");
    }

    private static long otherForm(DiskUse d) {
        Matcher m = OTHER_FORM.matcher(d.method());
        assertTrue(m.find(), d.method());
        return Long.parseLong(m.group(1).replace(",", ""));
    }

    /**
     * The data set in 10-second chunks (16 of them: the module's own interval would hold these
     * 30,000 rows in one), written by a session and converted by its count, chunk by chunk.
     */
    @Test
    void compressedRowsAreConvertedMeasuredAndAnsweredCorrectly() throws Exception {
        try (Connection c = catalog()) {
            Jdbc.execute(c, "DROP TABLE IF EXISTS devices");
            for (String ddl : DevicesTable.create(DevicesTable.NAME, "10 seconds", true)) Jdbc.execute(c, ddl);
        }
        try (Session s = db.open(compressed(true))) {
            GeneratedRows all = new GeneratedRows(new DeviceGenerator(SPEC), new DeviceRange(1, SPEC.numOfDevices()), false);
            RowBatch batch = new RowBatch(1000);
            while (all.fill(batch, 1000) > 0) assertEquals(batch.size(), batch.write(s));
            try (Connection c = catalog()) {
                assertEquals(Jdbc.queryLong(c, "SELECT count(*) FROM show_chunks('devices')"), chunksNotWhollyConverted(c), "written into the row store");
                assertEquals(SPEC.totalRows(), SPEC.countRows(s));
                assertTrue(Jdbc.queryLong(c, "SELECT count(*) FROM show_chunks('devices')") >= 15);
                assertEquals(0, chunksNotWhollyConverted(c), "the count converts every chunk");
            }

            DiskUse d = SPEC.diskUse(s);
            assertTrue(d.method().contains("every chunk in the columnstore"), d.method());
            // Segments of 10 rows (a device's rows in a 10 s chunk) compress little: 1.9x here, 7x in one chunk.
            assertTrue(d.bytes() > 0 && otherForm(d) > d.bytes(), "the row store's bytes before conversion, more: " + d);

            List<String> wrong = checkCatalog(s);
            assertTrue(wrong.isEmpty(), "wrong answers from the columnstore:\n" + String.join("\n", wrong));

            // Rows written into converted chunks wait in their row store; the next count merges them in.
            RowBatch again = new RowBatch(SPEC.rowsPerDevice());
            new GeneratedRows(new DeviceGenerator(SPEC), new DeviceRange(1, 1), false).fill(again, SPEC.rowsPerDevice());
            assertEquals(SPEC.rowsPerDevice(), again.write(s));
            try (Connection c = catalog()) {
                assertTrue(chunksNotWhollyConverted(c) > 0, "a write into converted chunks is held in their row store first");
                assertEquals(SPEC.totalRows() + SPEC.rowsPerDevice(), SPEC.countRows(s));
                assertEquals(0, chunksNotWhollyConverted(c), "the count converted the rows written after");
            }
        }
    }

    /** Every catalog query and a few ranges, checked against the generator's answers; each line a wrong one. */
    private List<String> checkCatalog(Session s) throws Exception {
        ExpectedAnswers answers = ExpectedAnswers.of(SPEC);
        DeviceDialect dialect = DeviceDialect.of(db.dialect());
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (LogicalQuery q : QueryCatalog.all()) {
            String text = dialect.render(q, SPEC).orElseThrow(() -> new AssertionError("TimescaleDB cannot say " + q.id()));
            ResultCheck check = new PreparedQuery(q, text, dialect.shaper(q), answers.answer(q)).run(s);
            if (check.mismatch() != null) wrong.add(check.mismatch() + "  [" + text + "]");
            checked++;
        }
        DeviceGenerator generator = new DeviceGenerator(SPEC);
        long t0 = SPEC.startTs();
        for (LogicalQuery q : List.of(LogicalQuery.range(7, t0 + 10_000, t0 + 20_000), LogicalQuery.range(0, t0 + 100_000, t0 + 102_000))) {
            Answer expected = ExpectedAnswers.range(generator, SPEC.rowsPerDevice(), q);
            ResultCheck check = new PreparedQuery(q, dialect.render(q, SPEC).orElseThrow(), dialect.shaper(q), expected).run(s);
            if (check.mismatch() != null) wrong.add(check.mismatch());
            checked++;
        }
        assertTrue(checked >= 150, checked + " queries");
        return wrong;
    }

    @Test
    void rowStoreStaysAsLoadedAndItsColumnstoreSizeComesFromADroppedCopy() throws Exception {
        Loader.Result r = Loader.load(db, compressed(false), DeviceDataSet.generated(SPEC), SPEC.totalRows(), 2, 500, n -> { });
        assertTrue(r.verified(), r.describe());
        try (Session s = db.open(compressed(false)); Connection c = catalog()) {
            // Its maps written as autovacuum would (the disk step's VACUUM then adds nothing): the table as loaded.
            Jdbc.execute(c, "VACUUM devices");
            long loaded = Jdbc.queryLong(c, "SELECT hypertable_size('devices')");
            DiskUse d = SPEC.diskUse(s);
            assertEquals(loaded, d.bytes(), d.method());
            assertTrue(d.method().contains("every chunk in the row store as loaded"), d.method());
            assertTrue(otherForm(d) > 0 && otherForm(d) < d.bytes() / 2, "the columnstore's bytes, far fewer: " + d);
            assertEquals(Jdbc.queryLong(c, "SELECT count(*) FROM show_chunks('devices')"), chunksNotWhollyConverted(c), "no chunk converted");
            assertEquals(0, Jdbc.queryLong(c, "SELECT count(*) FROM pg_class WHERE relname = '" + Columnstore.DISK_COPY + "'"), "the copy is dropped");
            assertEquals(SPEC.totalRows(), SPEC.countRows(s));
        }
    }

    /** {@code --option compress=true} end to end through the CLI: load, disk and query steps, their records saying what was measured. */
    @Test
    void cliStepsOnTheColumnstore() throws Exception {
        Path results = tmp.resolve("compressed");
        List<String> scale = new ArrayList<>(List.of("-numOfDevices", "50", "-rowsPerDevice", "240", "-seed", "8", "-results", results.toString(),
                "--option", "compress=true"));
        scale.addAll(TimescaleServer.cliArgs());
        for (List<String> step : List.of(List.of("load", StepFlags.WRITE_CLIENTS, "2"), List.of("disk"),
                List.of("query", "-f", "0", "-wi", "0", "-i", "1", "-r", "100ms", "-queries", "q1\\.g30|q2\\.stddev\\.p100|q4\\.avg\\.p50|q5\\..*"))) {
            List<String> args = new ArrayList<>(step);
            args.addAll(scale);
            CliCapture.Result run = CliCapture.run(db, args);
            assertEquals(BenchCli.OK, run.exit(), run.output());
        }
        JsonNode m = new ObjectMapper().readTree(results.resolve("timescaledb-manifest.json").toFile());
        assertTrue(m.get("server").get("settings").get("storage").asText().startsWith("columnstore"), m.get("server").toString());
        assertTrue(m.get("disk").get("method").asText().contains("every chunk in the columnstore"), m.get("disk").toString());
        JsonNode checked = m.get("query").get("checked");
        assertEquals(12, checked.size(), checked.toString());
        for (JsonNode q : checked) assertTrue(q.get("correct").asBoolean(), q.toString());
        assertTrue(m.get("load").get("verified").asBoolean(), m.get("load").toString());
    }
}
