package org.tsdbbench.tdengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tsdbbench.common.contract.DevopsQueriesContract;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.CpuDataSet;
import org.tsdbbench.common.devops.CpuSource;
import org.tsdbbench.common.devops.DevopsSession;
import org.tsdbbench.common.devops.DevopsSpec;
import org.tsdbbench.common.devops.HostTags;
import org.tsdbbench.common.query.ResultSink;

/**
 * TSBS's DevOps hosts (cpu-only) against the real TDengine 3.x in TSBS's TDengine layout: the shared
 * contract over REST with the default write mode (sql), every query type rendered; then what the layout
 * stores, written through REST sql and native stmt: a sub-table per host named by its hostname, with the
 * host's ten tags, holding its rows as generated.
 */
class TDengineDevopsTest extends DevopsQueriesContract {

    /** 3 hosts over 30 minutes: 540 rows, in requests of 100 that interleave the hosts. */
    private static final DevopsSpec SMALL = new DevopsSpec(3, DevopsSpec.DEFAULT_START_NS,
            DevopsSpec.DEFAULT_START_NS + Duration.ofMinutes(30).toNanos(), DevopsSpec.DEFAULT_INTERVAL_NS,
            DevopsSpec.DEFAULT_SEED);

    private final TDengineDatabase db = new TDengineDatabase();

    @Override
    protected Database db() {
        return db;
    }

    @Override
    protected ConnectionOptions connection() {
        return connection(ConnectionPath.REST, Map.of());
    }

    private static ConnectionOptions connection(ConnectionPath path, Map<String, String> options) {
        return new TDengineServer(path, 3).connection().withExtra(options);
    }

    @BeforeAll
    void serverPresent() {
        assumeTrue(TDengineServer.skipReason() == null, TDengineServer.skipReason());
    }

    /** The DevOps database's vnodes go back to the server (its supportVnodes bounds every test database's). */
    @AfterAll
    void dropTheDevopsDatabase() throws Exception {
        if (TDengineServer.skipReason() != null) return;
        ConnectionOptions o = connection();
        try (Session s = db.open(o)) {
            s.query("DROP DATABASE IF EXISTS " + o.database() + "_devops", row -> { });
        }
    }

    /** Through each write mode; sql also split past a small SQL limit (each request several statements). */
    @ParameterizedTest(name = "{0} writeMode={1} maxSqlBytes={2}")
    @CsvSource({"rest, sql, 1048576", "native, stmt, 1048576", "rest, sql, 2000"})
    void eachHostIsASubTableNamedByItsHostnameWithItsTagsAndRows(String path, String writeMode, int maxSqlBytes)
            throws Exception {
        ConnectionOptions o = connection(ConnectionPath.parse(path), Map.of("writeMode", writeMode,
                "maxSqlBytes", String.valueOf(maxSqlBytes)));
        String database = o.database() + "_devops";
        List<String> expectedTags = new ArrayList<>();
        List<String> expectedRowsOfHost1 = new ArrayList<>();
        try (DevopsSession s = DevopsSession.of(db.open(o)); CpuSource source = CpuDataSet.generated(SMALL).all()) {
            SMALL.recreateSchema(s);
            long acknowledged = 0;
            int request = 0;
            for (CpuBatch b = source.next(100); !b.isEmpty(); b = source.next(100), request++) {
                for (int r = 0; r < b.size(); r++) {
                    if (b.timeNs(r) == SMALL.startNs()) expectedTags.add(String.join(",", b.tags(r)));
                    if (b.host(r) == 1) expectedRowsOfHost1.add(row(b, r));
                }
                acknowledged += request % 2 == 0 ? s.write(b) : s.prepare(b).send();
            }
            assertEquals(SMALL.rows(), acknowledged, "rows acknowledged");
            assertEquals(SMALL.rows(), SMALL.countRows(s), "rows counted");
            Map<String, Long> counters = s.counters();
            if (maxSqlBytes < 1_000_000) assertTrue(counters.get("requestsSplitBySqlLimit") > 0, counters.toString());

            List<String> tables = texts(s, "SELECT table_name FROM information_schema.ins_tables WHERE db_name = '"
                    + database + "' AND stable_name = 'cpu'");
            assertEquals(List.of("host_0", "host_1", "host_2"), tables.stream().sorted().toList(), "sub-tables");
            List<String> tags = texts(s, "SELECT DISTINCT tbname, " + String.join(", ", HostTags.KEYS) + " FROM "
                    + database + ".cpu");
            List<String> named = expectedTags.stream().map(t -> t.substring(0, t.indexOf(',')) + "," + t).toList();
            assertEquals(named.stream().sorted().toList(), tags.stream().sorted().toList(), "sub-tables' names, tags");
            List<String> rows = new ArrayList<>();
            s.query("SELECT ts, " + String.join(", ", CpuBatch.FIELDS) + " FROM " + database + ".host_1",
                    values -> rows.add(Arrays.toString(Arrays.stream(values).mapToLong(v -> (long) v).toArray())));
            assertEquals(expectedRowsOfHost1, rows, "host_1's rows as generated");
        }
    }

    /** writeMode=line makes schemaless's own layout, not TSBS's: a DevOps write is one line naming the mode. */
    @Test
    void aWriteModeThatCannotWriteDevopsSaysSo() throws Exception {
        try (DevopsSession s = DevopsSession.of(db.open(connection(ConnectionPath.REST, Map.of("writeMode", "line"))));
                CpuSource source = CpuDataSet.generated(SMALL).all()) {
            CpuBatch b = source.next(10);
            DatabaseException e = assertThrows(DatabaseException.class, () -> s.write(b));
            assertTrue(e.getMessage().contains("writeMode=line") && !e.getMessage().contains("\n"), e.getMessage());
            assertThrows(DatabaseException.class, () -> s.prepare(b));
        }
    }

    /** 2.x takes no DevOps query, as no IoT one: the module says them in 3.x's SQL only. */
    @Test
    void theTwoXDialectRendersNoDevopsQuery() {
        TDengineDialect twoX = new TDengineDialect(2);
        assertTrue(SPEC.catalog().stream().allMatch(q -> twoX.render(q, SPEC).isEmpty()));
    }

    /** A row as the query reads it back: its time in ms, then its ten values. */
    private static String row(CpuBatch b, int r) {
        long[] v = new long[CpuBatch.FIELD_COUNT + 1];
        v[0] = b.timeNs(r) / 1_000_000L;
        for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) v[f + 1] = b.value(r, f);
        return Arrays.toString(v);
    }

    /** Each row's text columns joined with commas. */
    private static List<String> texts(Session s, String sql) throws DatabaseException {
        List<String> rows = new ArrayList<>();
        s.query(sql, new ResultSink() {
            @Override
            public void row(double[] values) {
                rows.add(Arrays.toString(values));
            }

            @Override
            public void row(double[] values, String[] texts) {
                rows.add(String.join(",", texts));
            }
        });
        return rows;
    }
}
