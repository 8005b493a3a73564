package org.tsdbbench.influx;

import java.util.List;
import java.util.Map;
import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.common.contract.DatabaseContract;
import org.tsdbbench.common.db.ConnectionOptions;

/** The shared contract against the real InfluxDB started by scripts/servers/influxdb.sh. */
class InfluxContractTest extends DatabaseContract {

    @Override
    protected BenchModule module() {
        return InfluxBenchMain.module();
    }

    @Override
    protected ConnectionOptions connection() {
        return new ConnectionOptions(env("INFLUX_HOST", "127.0.0.1"), Integer.parseInt(env("INFLUX_PORT", "8086")), "bench", "bench",
                ConnectionOptions.Secret.fromEnv("INFLUX_PASSWORD"), Map.of());
    }

    @Override
    protected List<String> cliConnectionArgs() {
        return List.of("-host", env("INFLUX_HOST", "127.0.0.1"), "-port", env("INFLUX_PORT", "8086"));
    }
}
