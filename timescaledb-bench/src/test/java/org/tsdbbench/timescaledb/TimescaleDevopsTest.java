package org.tsdbbench.timescaledb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.DevopsQueriesContract;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Jdbc;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.CpuDataSet;
import org.tsdbbench.common.devops.CpuSource;
import org.tsdbbench.common.devops.DevopsSession;
import org.tsdbbench.common.devops.HostTags;

/**
 * TSBS's DevOps hosts (cpu-only) against the real server: the shared {@link DevopsQueriesContract}
 * (every query checked, none absent), plus what the layout stores (a tags row per host with its
 * tags, shared by a second session's writes; 12-hour chunks; TSBS's indexes) and the columnstore.
 */
class TimescaleDevopsTest extends DevopsQueriesContract {

    @BeforeAll
    void serverIsThere() {
        assumeTrue(TimescaleServer.skipReason() == null, TimescaleServer.skipReason());
    }

    @Override
    protected Database db() {
        return new TimescaleDatabase();
    }

    @Override
    protected ConnectionOptions connection() {
        return options(false);
    }

    private static ConnectionOptions options(boolean compress) {
        return TimescaleServer.connection(Map.of(TimescaleDatabase.COMPRESS.name(), String.valueOf(compress)));
    }

    private static Connection catalog() throws Exception {
        return DriverManager.getConnection("jdbc:postgresql://" + TimescaleServer.host() + ":" + TimescaleServer.port() + "/bench",
                TimescaleDatabase.properties(options(false)));
    }

    /** The first 2,000 rows of the default data set: 200 epochs of its 10 hosts. */
    private static CpuBatch firstRows() throws Exception {
        try (CpuSource source = CpuDataSet.generated(SPEC).client(0, 1, false)) {
            return source.next(2_000).copy();
        }
    }

    /** A tags row per host holding its tags, found again by a second session; TSBS's chunks and indexes. */
    @Test
    void theLayoutKeepsATagsRowPerHostAndTsbsChunksAndIndexes() throws Exception {
        CpuBatch rows = firstRows();
        try (DevopsSession first = DevopsSession.of(db().open(connection()));
             DevopsSession second = DevopsSession.of(db().open(connection()));
             Connection c = catalog()) {
            first.recreateSchema(SPEC);
            assertEquals(rows.size(), first.write(rows));
            assertEquals(rows.size(), second.write(rows), "a session that has not seen the hosts");
            assertEquals(2L * rows.size(), first.countRows(SPEC));
            assertEquals(SPEC.hosts(), Jdbc.queryLong(c, "SELECT count(*) FROM devops.tags"), "one tags row per host");
            try (Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT " + DevopsTables.TAG_COLUMNS + " FROM devops.tags WHERE hostname = 'host_3'")) {
                assertTrue(rs.next(), "host_3's tags row");
                String[] stored = new String[HostTags.KEYS.size()];
                for (int i = 0; i < stored.length; i++) stored[i] = rs.getString(i + 1);
                assertEquals(Arrays.asList(HostTags.generated(SPEC.seed(), 3)), Arrays.asList(stored));
            }
            assertEquals(0, Jdbc.queryLong(c, "SELECT count(*) FROM devops.cpu c LEFT JOIN devops.tags t ON t.id = c.tags_id"
                    + " WHERE t.hostname IS NULL"), "cpu rows without their host's tags row");
            assertEquals("12:00:00", Jdbc.queryString(c, "SELECT time_interval::text FROM timescaledb_information.dimensions"
                    + " WHERE hypertable_schema = 'devops' AND hypertable_name = 'cpu'"));
            assertEquals("(\"time\" DESC)|(tags_id, \"time\" DESC)", Jdbc.queryString(c, "SELECT string_agg(d, '|' ORDER BY d COLLATE \"C\") FROM"
                    + " (SELECT substring(indexdef FROM '\\(.*\\)') AS d FROM pg_indexes WHERE schemaname = 'devops' AND tablename = 'cpu') i"));
        }
    }

    /** compress=true: the count converts every chunk; the disk figure is the cpu chunks' and the tags table's bytes. */
    @Test
    void theColumnstoreIsCountedAndMeasured() throws Exception {
        CpuBatch rows = firstRows();
        try (DevopsSession s = DevopsSession.of(db().open(options(true))); Connection c = catalog()) {
            s.recreateSchema(SPEC);
            assertEquals(rows.size(), s.prepare(rows).send());
            assertEquals(rows.size(), s.countRows(SPEC));
            assertEquals(0, Jdbc.queryLong(c, "SELECT count(*) FROM show_chunks('devops.cpu') ch"
                    + " WHERE _timescaledb_functions.chunk_status_text(ch) <> '{COMPRESSED}'"), "chunks not converted");
            DiskUse disk = s.diskUse(SPEC);
            assertEquals(Jdbc.queryLong(c, "SELECT hypertable_size('devops.cpu') + pg_total_relation_size('devops.tags')"), disk.bytes(),
                    disk.method());
            assertTrue(disk.method().contains("every chunk in the columnstore"), disk.method());
        }
    }
}
