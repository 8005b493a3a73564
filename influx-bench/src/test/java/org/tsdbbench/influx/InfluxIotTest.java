package org.tsdbbench.influx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.IotQueriesContract;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.ServerFacts;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotWorkload;

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

    /** None: every query type has an InfluxQL text (avg-load and avg-daily-driving-session with the client's part, README "IoT queries"). */
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
            assertEquals(InfluxIotQueries.clientPart(IotQueryType.AVG_DAILY_DRIVING_SESSION), facts.settings().get("iotClient.avg-daily-driving-session"));
            assertEquals("nothing", facts.settings().get("iotClient.last-loc"));
            assertEquals(null, s.facts(DevicesWorkload.INSTANCE).settings().get("iotClient.last-loc"));
        }
    }

    @AfterAll
    void dropDatabase() throws Exception {
        try (Session s = db().open(connection())) {
            s.query("DROP DATABASE \"" + DATABASE + "\"", values -> { });
        }
    }
}
