package org.tsdbbench.influx;

import org.tsdbbench.common.contract.DatabaseContract;
import org.tsdbbench.common.db.Database;

/** The shared contract against the real InfluxDB started by scripts/servers/influxdb.sh (scripts/test.sh does it). */
class InfluxContractTest extends DatabaseContract {

    @Override
    protected Database db() {
        return new InfluxDatabase();
    }
}
