package org.tsdbbench.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.IotDiskGrowth;
import org.tsdbbench.common.contract.IotQueriesContract;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Jdbc;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.iot.IotDialect;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.TableRows;
import org.tsdbbench.common.iot.TruckBatch;

/**
 * The IoT trucks against the real server (MariaDB, started by scripts/servers/mysql.sh): the shared
 * {@link IotQueriesContract} (every query checked; none is absent), plus what the layout stores (a
 * record's tags are its own tags row, NULL tags included) and the disk figure. A request is stored
 * whole or not at all; a tag set another client inserted is found, not doubled.
 */
class MySqlIotTest extends IotQueriesContract {

    @Override
    protected Database db() {
        return new MySqlDatabase();
    }

    private Connection catalog() throws Exception {
        ConnectionOptions o = connection();
        return DriverManager.getConnection("jdbc:mysql://" + o.addresses().get(0) + "/bench", MySqlDatabase.properties(o));
    }

    @Override
    protected void checkStored(Session s, String variant) throws Exception {
        try (Connection c = catalog()) {
            assertEquals(answers().readings(), Jdbc.queryLong(c, "SELECT COUNT(*) FROM readings"), "readings");
            assertEquals(answers().diagnostics(), Jdbc.queryLong(c, "SELECT COUNT(*) FROM diagnostics"), "diagnostics");
            // Records that leave a tag null have tags rows of their own: the per-record tags the answers assume.
            assertTrue(Jdbc.queryLong(c, "SELECT COUNT(*) FROM tags") > SPEC.trucks(), "tags rows beyond one per truck");
            assertTrue(Jdbc.queryLong(c, "SELECT COUNT(*) FROM tags WHERE name IS NULL") > 0, "a tags row without a name");
            assertEquals(0, Jdbc.queryLong(c, "SELECT COUNT(*) FROM readings r LEFT JOIN tags t ON t.id = r.tags_id WHERE t.id IS NULL"),
                    "readings without their tags row");
        }
    }

    @Override
    protected void checkDisk(Session s, DiskUse disk, String variant) throws Exception {
        try (Connection c = catalog()) {
            assertEquals(Jdbc.queryLong(c, "SELECT SUM(DATA_LENGTH + INDEX_LENGTH) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'bench'"
                    + " AND TABLE_NAME IN ('readings', 'diagnostics', 'tags')"), disk.bytes(), disk.method());
        }
    }

    /** The IoT disk figure names its three tables with their bytes, and grows with the records ({@link IotDiskGrowth}). */
    @Test
    void theIotDiskFigureNamesItsTablesAndGrowsWithTheirRecords() throws Exception {
        try (Session s = db().open(connection())) {
            DiskUse loaded = IotDiskGrowth.measure(s, "MySQL", IotDialect.of(db().dialect()).tagModel()).loaded();
            assertTrue(loaded.method().matches("information_schema.TABLES data_length \\+ index_length of readings [0-9,]+ \\+ diagnostics [0-9,]+"
                    + " \\+ tags [0-9,]+ bytes after ANALYZE TABLE.*"), loaded.method());
            assertTrue(loaded.serverHeld() != null && !loaded.serverHeld().otherDatabases().contains("bench"), String.valueOf(loaded.serverHeld()));
        }
    }

    /** The rows of a request the server refuses in part: none of them stored, the other table's included; the session writes on. */
    @Test
    void aRefusedRequestStoresNone() throws Exception {
        try (Session s = db().open(connection()); Connection c = catalog()) {
            SPEC.recreateSchema(s);
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

    /**
     * Requests prepared ahead ({@code --option prebuild=true}) from one batch refilled in between
     * store exactly their records when sent; a second session writing the same trucks finds the
     * tags rows the first inserted (ON DUPLICATE KEY UPDATE id = id, then read back) instead of adding its own.
     */
    @Test
    void preparedRequestsStoreTheirOwnRecordsAndTagSetsAreShared() throws Exception {
        try (Session first = db().open(connection()); Session second = db().open(connection()); Connection c = catalog()) {
            SPEC.recreateSchema(first);
            IotRowSource source = generator().all();
            TruckBatch batch = new TruckBatch(source.trucks(), 2_000);
            source.fill(batch, batch.capacity());
            PreparedWrite a = batch.prepare(first);
            TruckBatch copyOfA = batch.copy();
            source.fill(batch, batch.capacity());
            PreparedWrite b = batch.prepare(first);
            source.fill(batch, batch.capacity()); // never sent
            assertEquals(0, SPEC.countRows(first), "preparing sends no records");
            long tags = Jdbc.queryLong(c, "SELECT COUNT(*) FROM tags");
            assertTrue(tags > 0, "preparing inserts the tag sets");
            assertEquals(2_000, a.send());
            assertEquals(2_000, b.send());
            assertEquals(4_000, SPEC.countRows(first));
            assertEquals(copyOfA.size(), copyOfA.write(second), "the same records again, from another session");
            assertEquals(tags, Jdbc.queryLong(c, "SELECT COUNT(*) FROM tags"), "tags rows after another session wrote the same trucks");
            assertEquals(6_000, SPEC.countRows(second));
        }
    }
}
