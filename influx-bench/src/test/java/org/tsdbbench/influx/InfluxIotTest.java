package org.tsdbbench.influx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.influxdb.InfluxDB;
import org.influxdb.InfluxDBFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.IotQueriesContract;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.ServerFacts;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.iot.IotDialect;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotWorkload;
import org.tsdbbench.common.query.ResultSink;

/**
 * TSBS's IoT trucks against the real InfluxDB that scripts/servers/influxdb.sh starts: the shared
 * {@link IotQueriesContract} (TagModel.SERIES: InfluxDB keeps each point's own tags, one point per
 * series and time), every query type rendered. Its own database, dropped at the end, so the module's
 * other tests see none of it.
 */
class InfluxIotTest extends IotQueriesContract {

    private static final String DATABASE = "bench_iot";

    @Override
    protected Database db() {
        return new InfluxDatabase();
    }

    /**
     * None: every query type has an InfluxQL text (avg-load and avg-daily-driving-session with the
     * client's part, README "IoT queries").
     */
    @Override
    protected Set<IotQueryType> absent() {
        return EnumSet.noneOf(IotQueryType.class);
    }

    @Override
    protected ConnectionOptions connection(Map<String, String> moduleOptions) {
        ConnectionOptions server = super.connection(moduleOptions);
        return new ConnectionOptions(server.host(), server.port(), server.user(), DATABASE, server.password(), moduleOptions);
    }

    /** The manifest says, per query, what the client computes from InfluxDB's rows. */
    @Test
    void theManifestSaysWhatTheClientComputes() throws Exception {
        try (Session s = db().open(connection())) {
            ServerFacts facts = s.facts(IotWorkload.INSTANCE);
            assertEquals(InfluxIotQueries.clientPart(IotQueryType.AVG_DAILY_DRIVING_SESSION),
                    facts.settings().get("iotClient.avg-daily-driving-session"));
            assertEquals("the group of a null name dropped", facts.settings().get("iotClient.last-loc"));
            assertEquals("nothing", facts.settings().get("iotClient.avg-daily-driving-duration"));
            assertEquals(null, s.facts(DevicesWorkload.INSTANCE).settings().get("iotClient.last-loc"));
        }
    }

    /**
     * avg-daily-driving-session on buckets the contract's data set may lack: a bucket with records but
     * no velocity (NULL) breaks a change, a bucket without records does not, and a record without a
     * latitude still counts. Buckets of truck_x from 00:00: stopped, NULL, driving, driving, stopped,
     * driving, stopped (its record without a latitude). The change to driving at 00:20 follows the
     * NULL bucket: no session; the one at 00:50 ends at 01:00. Were the NULL bucket skipped, the
     * day's average would be (20 + 10) / 2 minutes.
     */
    @Test
    void aBucketWithoutVelocityBreaksAChangeToDriving() throws Exception {
        String scratch = DATABASE + "_nulls";
        ConnectionOptions c = connection();
        long t0 = SPEC.startNs() / 1_000_000_000L;
        String lines = String.join("\n",
                "readings,name=truck_x velocity=0,latitude=1 " + t0,
                "readings,name=truck_x latitude=1 " + (t0 + 600),
                "readings,name=truck_x velocity=10,latitude=1 " + (t0 + 1200),
                "readings,name=truck_x velocity=10,latitude=1 " + (t0 + 1800),
                "readings,name=truck_x velocity=0,latitude=1 " + (t0 + 2400),
                "readings,name=truck_x velocity=10,latitude=1 " + (t0 + 3000),
                "readings,name=truck_x velocity=0 " + (t0 + 3600));
        String url = "http://" + c.host() + ":" + c.port();
        InfluxDB client = c.password().reveal().isEmpty() ? InfluxDBFactory.connect(url)
                : InfluxDBFactory.connect(url, c.user(), c.password().reveal());
        ConnectionOptions onScratch = new ConnectionOptions(c.host(), c.port(), c.user(), scratch, c.password(),
                Map.of());
        try (Session s = db().open(onScratch)) {
            s.query("CREATE DATABASE \"" + scratch + "\"", values -> { });
            client.write(scratch, "", InfluxDB.ConsistencyLevel.ONE, TimeUnit.SECONDS, lines);
            IotQuery q = IotQuery.of(IotQueryType.AVG_DAILY_DRIVING_SESSION);
            List<String> rows = new ArrayList<>();
            ResultSink sink = IotDialect.of(db().dialect()).shaper(q).shape(new ResultSink() {
                @Override
                public void row(double[] values) {
                    throw new AssertionError("a row without texts");
                }

                @Override
                public void row(double[] values, String[] texts) {
                    rows.add(texts[0] + " " + (long) values[0] + " " + values[1]);
                }
            });
            s.query(IotDialect.of(db().dialect()).render(q, SPEC).orElseThrow(), sink);
            sink.end();
            assertEquals(List.of("truck_x " + SPEC.startNs() / 1_000_000L + " 600000.0"), rows);
        } finally {
            try (Session s = db().open(connection())) {
                s.query("DROP DATABASE \"" + scratch + "\"", values -> { });
            }
            client.close();
        }
    }

    @AfterAll
    void dropDatabase() throws Exception {
        try (Session s = db().open(connection())) {
            s.query("DROP DATABASE \"" + DATABASE + "\"", values -> { });
        }
    }
}
