package org.tsdbbench.influx;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.tsdbbench.common.contract.IotQueriesContract;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.iot.IotQueryType;

/**
 * TSBS's IoT trucks against the real InfluxDB that scripts/servers/influxdb.sh starts: the shared
 * {@link IotQueriesContract} (TagModel.RECORD: InfluxDB keeps each point's own tags), two queries
 * absent. Its own database, dropped at the end, so the module's other tests see none of it.
 */
class InfluxIotTest extends IotQueriesContract {

    private static final String DATABASE = "bench_iot";

    @Override
    protected Database db() {
        return new InfluxDatabase();
    }

    /** The queries InfluxQL cannot say with the catalog's meaning (README, "IoT queries"). */
    @Override
    protected Set<IotQueryType> absent() {
        return EnumSet.of(IotQueryType.AVG_LOAD, IotQueryType.AVG_DAILY_DRIVING_SESSION);
    }

    @Override
    protected ConnectionOptions connection(Map<String, String> moduleOptions) {
        ConnectionOptions server = super.connection(moduleOptions);
        return new ConnectionOptions(server.host(), server.port(), server.user(), DATABASE, server.password(), moduleOptions);
    }

    @AfterAll
    void dropDatabase() throws Exception {
        try (Session s = db().open(connection())) {
            s.query("DROP DATABASE \"" + DATABASE + "\"", values -> { });
        }
    }
}
