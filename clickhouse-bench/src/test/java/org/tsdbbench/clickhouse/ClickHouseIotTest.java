package org.tsdbbench.clickhouse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.IotDiskGrowth;
import org.tsdbbench.common.contract.IotQueriesContract;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.iot.IotDialect;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryCatalog;
import org.tsdbbench.common.iot.IotWorkload;
import org.tsdbbench.common.query.ResultSink;

/**
 * The IoT trucks against the real server (scripts/servers/clickhouse.sh, as scripts/test.sh starts
 * it): the shared {@link IotQueriesContract} (every query checked; none is absent), plus what
 * ClickHouse's layout stores (each row keeps its record's own tags, NULL included), its disk figure
 * (the active parts after OPTIMIZE ... FINAL) and the fleet queries' use of the primary index.
 */
class ClickHouseIotTest extends IotQueriesContract {

    @Override
    protected Database db() {
        return new ClickHouseDatabase();
    }

    /** A one-number query's answer, through the session. */
    private static double number(Session s, String sql) throws Exception {
        double[] value = {Double.NaN};
        s.query(sql, new ResultSink() {
            @Override
            public void row(double[] values) {
                value[0] = values[0];
            }
        });
        return value[0];
    }

    @Override
    protected void checkStored(Session s, String variant) throws Exception {
        assertEquals(answers().readings(), (long) number(s, "SELECT count() FROM bench.readings"), "readings");
        // Records that leave a tag null keep it NULL in their own row: the per-record tags the answers assume.
        assertTrue(number(s, "SELECT count() FROM bench.readings WHERE name IS NULL") > 0, "readings without a name");
        assertTrue(number(s, "SELECT count() FROM bench.diagnostics WHERE driver IS NULL AND name IS NOT NULL") > 0, "named diagnostics without a driver");
        assertTrue(number(s, "SELECT count() FROM bench.readings WHERE velocity IS NULL") > 0, "readings without a velocity");
    }

    @Override
    protected void checkDisk(Session s, DiskUse disk, String variant) throws Exception {
        double parts = number(s, "SELECT sum(bytes_on_disk) FROM system.parts WHERE database = 'bench' AND table IN ('readings', 'diagnostics') AND active");
        assertEquals((long) parts, disk.bytes(), disk.method());
        assertTrue(disk.method().matches("system\\.parts bytes_on_disk of the active parts after OPTIMIZE TABLE FINAL: readings [0-9,]+"
                + " \\+ diagnostics [0-9,]+ bytes .*"), disk.method());
    }

    /** The IoT disk figure grows with the records ({@link IotDiskGrowth}) and names no table of another database. */
    @Test
    void theIotDiskFigureGrowsWithTheRecords() throws Exception {
        try (Session s = db().open(connection())) {
            DiskUse loaded = IotDiskGrowth.measure(s, "ClickHouse", IotDialect.of(db().dialect()).tagModel()).loaded();
            assertTrue(loaded.serverHeld() != null && !loaded.serverHeld().otherDatabases().contains("bench"), String.valueOf(loaded.serverHeld()));
        }
    }

    /**
     * The queries that take a fleet narrow it through the primary index: run with
     * {@code force_primary_key=1}, which makes 18.16 refuse a query whose condition the sort key
     * cannot use (as {@code fleet = 'South'} would be refused: the key holds {@code ifNull(fleet, '')}).
     */
    @Test
    void theFleetQueriesUseThePrimaryIndex() throws Exception {
        ConnectionOptions o = connection();
        try (Session s = db().open(o)) {
            SPEC.recreateSchema(s);
            IotDiskGrowth.writeAll(s, SPEC, 5_000, IotDialect.of(db().dialect()).tagModel());
        }
        HttpClient http = HttpClient.newHttpClient();
        String auth = "Basic " + Base64.getEncoder().encodeToString((o.user() + ":" + o.password().reveal()).getBytes(StandardCharsets.UTF_8));
        URI uri = URI.create("http://" + o.host() + ":" + o.port() + "/?database=" + o.database() + "&force_primary_key=1");
        int fleetQueries = 0;
        for (IotQuery q : IotQueryCatalog.draw(SPEC, IotQueryCatalog.generatedFleets(), SPEC.seed(), 3)) {
            if (q.fleet() == null) continue;
            fleetQueries++;
            String sql = IotDialect.of(db().dialect()).render(q, SPEC).orElseThrow();
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).header("Authorization", auth).POST(HttpRequest.BodyPublishers.ofString(sql)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), q.id() + ": " + r.body());
        }
        assertTrue(fleetQueries >= 5, "fleet queries: " + fleetQueries);
        HttpResponse<String> plain = http.send(HttpRequest.newBuilder(uri).header("Authorization", auth)
                .POST(HttpRequest.BodyPublishers.ofString("SELECT count() FROM readings WHERE fleet = 'South'")).build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(plain.statusCode() != 200 && plain.body().contains("force_primary_key"), plain.statusCode() + " " + plain.body());
    }

    /** The schema the manifest shows is the run's workload's. */
    @Test
    void theFactsShowTheTrucksTables() throws Exception {
        try (Session s = db().open(connection())) {
            SPEC.recreateSchema(s);
            List<String> schema = s.facts(IotWorkload.INSTANCE).schema();
            assertEquals(2, schema.size(), schema.toString());
            assertTrue(schema.get(0).startsWith("CREATE TABLE bench.readings (ts Int64, name Nullable(String)"), schema.get(0));
        }
    }
}
