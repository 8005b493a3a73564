package org.tsdbbench.influx;

import org.tsdbbench.common.contract.ServerFaultContract;
import org.tsdbbench.common.db.Database;

/** InfluxDB killed or restarted under a load, a write test and a query step (scripts/servers/influxdb.sh restarts it). */
class InfluxServerFaultTest extends ServerFaultContract {

    @Override
    protected Database db() {
        return new InfluxDatabase();
    }
}
