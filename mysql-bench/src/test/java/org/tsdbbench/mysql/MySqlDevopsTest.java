package org.tsdbbench.mysql;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.DevopsQueriesContract;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Jdbc;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.CpuDataSet;
import org.tsdbbench.common.devops.CpuSource;
import org.tsdbbench.common.devops.HostTags;

/**
 * TSBS's DevOps hosts (cpu-only) against the real server (MariaDB, started by scripts/servers/mysql.sh):
 * the shared {@link DevopsQueriesContract} (every query checked; none is absent), plus what the layout
 * stores: one {@code cpu_tags} row per host with its ten tags, shared by sessions, and a request the
 * server refuses storing nothing.
 */
class MySqlDevopsTest extends DevopsQueriesContract {

    @Override
    protected Database db() {
        return new MySqlDatabase();
    }

    /**
     * Two sessions write the first hosts' rows (one request prepared ahead, the next at once): one tags row
     * per host, its tags as generated, every cpu row referring to its host's; the same rows again are refused
     * whole (primary key (tags_id, ts)); the disk figure names both tables.
     */
    @Test
    void oneTagsRowPerHostSharedBySessionsAndARepeatedRowRefused() throws Exception {
        ConnectionOptions o = connection();
        try (Session first = db().open(o); Session second = db().open(o);
             CpuSource source = CpuDataSet.generated(SPEC).all();
             Connection c = DriverManager.getConnection("jdbc:mysql://" + o.addresses().get(0) + "/bench",
                     MySqlDatabase.properties(o))) {
            SPEC.recreateSchema(first);
            CpuBatch batch = source.next(3 * SPEC.hosts());
            CpuBatch rows = batch.copy();
            PreparedWrite prepared = batch.prepare(first);
            assertEquals(SPEC.hosts(), Jdbc.queryLong(c, "SELECT COUNT(*) FROM cpu_tags"), "tags rows once prepared");
            assertEquals(0, SPEC.countRows(first), "preparing sends no rows");
            assertEquals(rows.size(), prepared.send());
            assertEquals(rows.size(), source.next(rows.size()).write(second), "the next rows, another session's");
            assertEquals(SPEC.hosts(), Jdbc.queryLong(c, "SELECT COUNT(*) FROM cpu_tags"), "tags rows, both written");
            assertEquals(0, Jdbc.queryLong(c, "SELECT COUNT(*) FROM cpu LEFT JOIN cpu_tags t ON t.id = tags_id"
                    + " WHERE t.id IS NULL"), "cpu rows without their tags row");
            assertArrayEquals(HostTags.generated(SPEC.seed(), 3), storedTags(c, "host_3"), "host_3's tags as stored");
            DatabaseException refused = assertThrows(DatabaseException.class, () -> rows.write(second));
            assertTrue(refused.getMessage().contains("Duplicate entry"), refused.getMessage());
            assertEquals(2L * rows.size(), SPEC.countRows(second), "rows stored after the refused request");
            String method = SPEC.diskUse(first).method();
            assertTrue(method.matches("information_schema.TABLES data_length \\+ index_length of cpu [0-9,]+"
                    + " \\+ cpu_tags [0-9,]+ bytes after ANALYZE TABLE.*"), method);
        }
    }

    private static String[] storedTags(Connection c, String hostname) throws Exception {
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT " + CpuSchema.TAG_COLUMNS + " FROM cpu_tags WHERE hostname = '"
                     + hostname + "'")) {
            assertTrue(rs.next(), hostname + "'s tags row");
            String[] stored = new String[HostTags.KEYS.size()];
            for (int t = 0; t < stored.length; t++) stored[t] = rs.getString(t + 1);
            return stored;
        }
    }
}
