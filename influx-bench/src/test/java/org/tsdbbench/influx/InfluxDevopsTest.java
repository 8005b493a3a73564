package org.tsdbbench.influx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.DevopsQueriesContract;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.CpuDataSet;
import org.tsdbbench.common.devops.CpuLineWriter;
import org.tsdbbench.common.devops.CpuSource;
import org.tsdbbench.common.devops.DevopsSession;
import org.tsdbbench.common.devops.HostTags;
import org.tsdbbench.common.query.ResultSink;

/**
 * TSBS's DevOps hosts (cpu-only) against the real InfluxDB that scripts/servers/influxdb.sh starts: the
 * shared {@link DevopsQueriesContract}, none absent, and what the layout stores. Its own databases,
 * dropped at the end, so the module's other tests see none of it.
 */
class InfluxDevopsTest extends DevopsQueriesContract {

    private static final String DATABASE = "bench_devops";
    private static final String LAYOUT = DATABASE + "_layout";

    @Override
    protected Database db() {
        return new InfluxDatabase();
    }

    @Override
    protected ConnectionOptions connection() {
        return on(DATABASE);
    }

    private ConnectionOptions on(String database) {
        ConnectionOptions server = super.connection();
        return new ConnectionOptions(server.host(), server.port(), server.user(), database, server.password(),
                server.extra());
    }

    /**
     * The request is the lines TSBS's influx format writes (common's {@link CpuLineWriter}, byte for
     * byte), and InfluxDB keeps a host as one series of cpu with its ten tags and ten integer fields.
     */
    @Test
    void aHostIsOneSeriesOfItsTenTagsAndTenIntegerFields() throws Exception {
        CpuBatch rows;
        try (CpuSource host0 = CpuDataSet.generated(SPEC).client(0, SPEC.hosts(), false)) {
            rows = host0.next(3).copy();
        }
        ByteArrayOutputStream tsbs = new ByteArrayOutputStream();
        try (CpuLineWriter writer = new CpuLineWriter(tsbs)) {
            writer.write(rows);
        }
        CpuRequestBody body = new CpuRequestBody();
        body.build(rows);
        assertEquals(tsbs.toString(StandardCharsets.UTF_8), body.text());

        try (DevopsSession s = DevopsSession.of(db().open(on(LAYOUT)))) {
            s.recreateSchema(SPEC);
            assertEquals(3, s.write(rows));
            StringBuilder key = new StringBuilder("cpu");
            String[] tags = rows.tags(0);
            for (String k : HostTags.KEYS.stream().sorted().toList()) {
                key.append(',').append(k).append('=').append(tags[HostTags.KEYS.indexOf(k)]);
            }
            assertEquals(List.of(key.toString()), texts(s, "SHOW SERIES", 1));
            List<String> fields = new ArrayList<>();
            for (String f : CpuBatch.FIELDS.stream().sorted().toList()) fields.add(f + " integer");
            assertEquals(fields, texts(s, "SHOW FIELD KEYS FROM cpu", 2));
            assertEquals(3, s.countRows(SPEC));
        }
    }

    /** Each row's first {@code columns} text columns after the series' tags, joined by a space. */
    private static List<String> texts(Session s, String text, int columns) throws Exception {
        List<String> out = new ArrayList<>();
        s.query(text, new ResultSink() {
            @Override
            public void row(double[] values) {
                throw new AssertionError("a row without texts");
            }

            @Override
            public void row(double[] values, String[] texts) {
                int from = InfluxSession.SERIES_TAGS.size();
                out.add(String.join(" ", Arrays.asList(texts).subList(from, from + columns)));
            }
        });
        return out;
    }

    @AfterAll
    void dropDatabases() throws Exception {
        for (String database : List.of(DATABASE, LAYOUT)) {
            try (Session s = db().open(on(database))) {
                s.query("DROP DATABASE \"" + database + "\"", values -> { });
            }
        }
    }
}
