package org.tsdbbench.influx;

import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.common.contract.DatabaseContract;

/** The shared contract against the real InfluxDB started by scripts/servers/influxdb.sh (scripts/test.sh does it). */
class InfluxContractTest extends DatabaseContract {

    @Override
    protected BenchModule module() {
        return InfluxBenchMain.module();
    }
}
