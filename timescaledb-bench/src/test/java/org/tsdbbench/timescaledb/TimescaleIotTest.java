package org.tsdbbench.timescaledb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tsdbbench.common.contract.IotDiskGrowth;
import org.tsdbbench.common.contract.IotQueriesContract;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Jdbc;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.iot.IotDialect;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.TableRows;
import org.tsdbbench.common.iot.TruckBatch;

/**
 * The IoT trucks against the real server: the shared {@link IotQueriesContract} (every query
 * checked; none is absent) in each write mode that takes the workload and from the columnstore, plus
 * what the layout stores (a record's tags are its own tags row, 12 chunks or more) and the disk
 * figure. A request is stored whole or not at all.
 */
class TimescaleIotTest extends IotQueriesContract {

    /** Chunks of 3 hours, so that the 36 hours span 12 (report C's count) and every latest-record query crosses chunks. */
    private static final String CHUNK = "3 hours";

    @BeforeAll
    void serverIsThere() {
        assumeTrue(TimescaleServer.skipReason() == null, TimescaleServer.skipReason());
    }

    @Override
    protected Database db() {
        return new TimescaleDatabase();
    }

    @Override
    protected ConnectionOptions connection(Map<String, String> moduleOptions) {
        return TimescaleServer.connection(moduleOptions);
    }

    private ConnectionOptions options(String writeMode, boolean compress) {
        return connection(Map.of(TimescaleDatabase.WRITE_MODE.name(), writeMode, TimescaleDatabase.COMPRESS.name(), String.valueOf(compress)));
    }

    /** Each write mode that takes the workload, and the columnstore. */
    @Override
    protected Map<String, ConnectionOptions> variants() {
        Map<String, ConnectionOptions> variants = new LinkedHashMap<>();
        variants.put("writeMode=copy compress=false", options("copy", false));
        variants.put("writeMode=multirow compress=false", options("multirow", false));
        variants.put("writeMode=copy compress=true", options("copy", true));
        return variants;
    }

    private static boolean compressed(String variant) {
        return variant.endsWith("compress=true");
    }

    private Connection catalog() throws Exception {
        return DriverManager.getConnection("jdbc:postgresql://" + TimescaleServer.host() + ":" + TimescaleServer.port() + "/bench",
                TimescaleDatabase.properties(options("copy", false)));
    }

    /** Creates the tables through the session, with chunks of {@link #CHUNK}. */
    @Override
    protected void recreate(Session s, String variant, IotSpec spec) throws Exception {
        spec.recreateSchema(s);
        try (Connection c = catalog()) {
            for (String table : List.of("readings", "diagnostics")) Jdbc.queryLong(c, "SELECT count(*) FROM set_chunk_time_interval('" + table + "', INTERVAL '" + CHUNK + "')");
        }
    }

    @Override
    protected void checkStored(Session s, String variant) throws Exception {
        try (Connection c = catalog()) {
            assertEquals(answers().readings(), Jdbc.queryLong(c, "SELECT count(*) FROM readings"), "readings");
            assertTrue(Jdbc.queryLong(c, "SELECT count(*) FROM show_chunks('readings')") >= 12, "readings in 12 chunks or more");
            // Records that leave a tag null have tags rows of their own: the per-record tags the answers assume.
            assertTrue(Jdbc.queryLong(c, "SELECT count(*) FROM tags") > SPEC.trucks(), "tags rows beyond one per truck");
            assertTrue(Jdbc.queryLong(c, "SELECT count(*) FROM tags WHERE name IS NULL") > 0, "a tags row without a name");
            if (compressed(variant)) {
                assertEquals(0, Jdbc.queryLong(c, "SELECT count(*) FROM show_chunks('readings') ch"
                        + " WHERE _timescaledb_functions.chunk_status_text(ch) <> '{COMPRESSED}'"), "readings' chunks not converted");
            }
        }
    }

    @Override
    protected void checkDisk(Session s, DiskUse disk, String variant) throws Exception {
        try (Connection c = catalog()) {
            assertEquals(Jdbc.queryLong(c, "SELECT hypertable_size('readings') + hypertable_size('diagnostics') + pg_total_relation_size('tags')"),
                    disk.bytes(), disk.method());
            assertTrue(disk.method().contains(compressed(variant) ? "every chunk in the columnstore" : "every chunk in the row store as loaded"), disk.method());
        }
    }

    /**
     * The IoT disk figure: both hypertables' hypertable_size and the tags table's
     * pg_total_relation_size, each named with its bytes; it grows with the records ({@link IotDiskGrowth}).
     */
    @Test
    void theIotDiskFigureNamesItsTablesAndGrowsWithTheirRecords() throws Exception {
        try (Session s = db().open(options("copy", false))) {
            DiskUse loaded = IotDiskGrowth.measure(s, "TimescaleDB", IotDialect.of(db().dialect()).tagModel()).loaded();
            assertTrue(loaded.method().matches("hypertable_size\\('readings'\\) [0-9,]+ \\+ hypertable_size\\('diagnostics'\\) [0-9,]+"
                    + " \\+ pg_total_relation_size\\('tags'\\) [0-9,]+ bytes after VACUUM ANALYZE.*"), loaded.method());
            assertTrue(loaded.serverHeld() != null && !loaded.serverHeld().otherDatabases().contains("bench"), String.valueOf(loaded.serverHeld()));
        }
    }

    /** The rows of a request the server refuses in part: none of them stored, the other table's included. */
    @ParameterizedTest(name = "writeMode={0}")
    @CsvSource({"copy", "multirow"})
    void aRefusedRequestStoresNone(String writeMode) throws Exception {
        ConnectionOptions o = options(writeMode, false);
        try (Session s = db().open(o); Connection c = catalog()) {
            recreate(s, writeMode, SPEC);
            Jdbc.execute(c, "ALTER TABLE diagnostics ADD CONSTRAINT refuse_marked CHECK (fuel_state <> 0.123456)");
            IotRowSource source = generator().all();
            TruckBatch batch = new TruckBatch(source.trucks(), 1_000);
            source.fill(batch, batch.capacity());
            TableRows d = batch.diagnostics;
            assertTrue(batch.readings.size() > 0 && d.size() > 0, "a batch of both tables");
            d.field[0][d.size() - 1] = 0.123456;
            DatabaseException e = assertThrows(DatabaseException.class, () -> batch.write(s));
            assertTrue(e.getMessage().contains("refuse_marked"), e.getMessage());
            assertEquals(0, SPEC.countRows(s), "records stored of the refused request");
            d.field[0][d.size() - 1] = 0.5;
            assertEquals(batch.size(), batch.write(s), "the same session writes the next request");
            assertEquals(batch.size(), SPEC.countRows(s));
        }
    }

    @Test
    void batchModeSaysItDoesNotTakeTheWorkload() throws Exception {
        try (Session s = db().open(options("batch", false))) {
            recreate(s, "writeMode=batch", SPEC);
            IotRowSource source = generator().all();
            TruckBatch batch = new TruckBatch(source.trucks(), 100);
            source.fill(batch, batch.capacity());
            DatabaseException e = assertThrows(DatabaseException.class, () -> batch.write(s));
            assertTrue(e.getMessage().contains("writeMode=batch does not take the iot workload"), e.getMessage());
        }
    }
}
