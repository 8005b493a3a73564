package org.tsdbbench.influx;

import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.common.contract.ServerFaultContract;

/** InfluxDB killed or restarted under a load, a write test and a query step (scripts/servers/influxdb.sh restarts it). */
class InfluxServerFaultTest extends ServerFaultContract {

    @Override
    protected BenchModule module() {
        return InfluxBenchMain.module();
    }

    @Override
    protected Class<?> mainClass() {
        return InfluxBenchMain.class;
    }

    @Override
    protected String serverScript() {
        return "influxdb";
    }
}
