package org.tsdbbench.cnosdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.DevopsQueriesContract;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.CpuDataSet;
import org.tsdbbench.common.devops.CpuLineWriter;
import org.tsdbbench.common.devops.CpuSource;
import org.tsdbbench.common.devops.DevopsSession;
import org.tsdbbench.common.devops.DevopsSpec;
import org.tsdbbench.common.devops.HostTags;
import org.tsdbbench.common.query.ResultSink;

/**
 * TSBS's DevOps hosts (cpu-only) against the real CnosDB started by scripts/servers/cnosdb.sh, in a
 * database of their own ({@code bench_devops}): the shared {@link DevopsQueriesContract} (every
 * query checked; none is absent), the layout as CnosDB stores it, and the request as TSBS's lines.
 */
class CnosDevopsTest extends DevopsQueriesContract {

    @BeforeAll
    void cnosdbIsInstalled() {
        assumeTrue(CnosServer.skipReason() == null, CnosServer.skipReason());
    }

    @Override
    protected Database db() {
        return new CnosDatabase();
    }

    @Override
    protected ConnectionOptions connection() {
        String password = System.getenv("CNOSDB_PASSWORD");
        assertTrue(password != null && !password.isBlank(),
                "CNOSDB_PASSWORD must hold root's password (scripts/servers/cnosdb.sh client gives it)");
        return new ConnectionOptions(CnosServer.host(), Integer.parseInt(CnosServer.port()), "root", "bench_devops",
                ConnectionOptions.Secret.of(password), Map.of());
    }

    /** Two hosts over an hour: cpu's tags are tags, its fields BIGINT, its time ns; a host's tags stored as written. */
    @Test
    void theHostsTagsAreTagsAndTheirFieldsBigint() throws Exception {
        long start = DevopsSpec.DEFAULT_START_NS;
        DevopsSpec spec = new DevopsSpec(2, start, start + Duration.ofHours(1).toNanos(),
                DevopsSpec.DEFAULT_INTERVAL_NS, DevopsSpec.DEFAULT_SEED);
        try (DevopsSession s = DevopsSession.of(db().open(connection()));
             CpuSource source = CpuDataSet.generated(spec).all()) {
            s.recreateSchema(spec);
            CpuBatch batch = source.next(1_000);
            String[] hostOne = batch.hosts().tags(1).clone();
            assertEquals(batch.size(), s.write(batch));
            assertEquals(spec.rows(), batch.size(), "one request holds the data set");
            assertEquals(spec.rows(), s.countRows(spec));

            Map<String, String> expected = new LinkedHashMap<>();
            expected.put("time", "TIMESTAMP(NANOSECOND) TIME");
            for (String tag : HostTags.KEYS) expected.put(tag, "STRING TAG");
            for (String field : CpuBatch.FIELDS) expected.put(field, "BIGINT FIELD");
            Map<String, String> described = new LinkedHashMap<>();
            for (String[] row : texts(s, "DESCRIBE TABLE cpu")) described.put(row[0], row[1] + " " + row[2]);
            assertEquals(expected, described, "cpu's columns");

            String tags = String.join(", ", HostTags.KEYS);
            List<String[]> stored = texts(s, "SELECT DISTINCT " + tags + " FROM cpu WHERE hostname = 'host_1'");
            assertEquals(1, stored.size(), "host_1's tag sets");
            assertArrayEquals(hostOne, stored.get(0), "host_1's tags as stored");
        }
    }

    /** The request body is TSBS's influx lines byte for byte (common's CpuLineWriter), the hosts' kept tag runs included. */
    @Test
    void theRequestIsTsbsLines() throws Exception {
        long start = DevopsSpec.DEFAULT_START_NS;
        DevopsSpec spec = new DevopsSpec(3, start, start + Duration.ofMinutes(2).toNanos(),
                DevopsSpec.DEFAULT_INTERVAL_NS, DevopsSpec.DEFAULT_SEED);
        try (CpuSource source = CpuDataSet.generated(spec).all()) {
            CpuBatch batch = source.next(100);
            LineProtocol lines = new LineProtocol();
            HostLineStarts starts = new HostLineStarts();
            CpuLayout.lines(batch, starts, lines);
            CpuLayout.lines(batch, starts, lines); // the second time from the kept tag runs
            ByteArrayOutputStream tsbs = new ByteArrayOutputStream();
            try (CpuLineWriter w = new CpuLineWriter(tsbs)) {
                w.write(batch);
            }
            assertEquals(tsbs.toString(StandardCharsets.UTF_8), lines.toString());
        }
    }

    /** The answer's rows as texts (a number-like value, a rack, arrives as a number: written as an integer). */
    private static List<String[]> texts(DevopsSession s, String sql) throws Exception {
        List<String[]> rows = new ArrayList<>();
        s.query(sql, new ResultSink() {
            @Override
            public void row(double[] values) {
                row(values, new String[values.length]);
            }

            @Override
            public void row(double[] values, String[] texts) {
                String[] row = new String[values.length];
                for (int i = 0; i < row.length; i++) {
                    row[i] = texts[i] != null ? texts[i] : Long.toString((long) values[i]);
                }
                rows.add(row);
            }
        });
        return rows;
    }
}
