package org.tsdbbench.clickhouse;

import java.util.List;
import java.util.Map;
import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.common.contract.DatabaseContract;
import org.tsdbbench.common.db.ConnectionOptions;

/** The shared contract against the real ClickHouse started by scripts/servers/clickhouse.sh. */
class ClickHouseContractTest extends DatabaseContract {

    @Override
    protected BenchModule module() {
        return ClickHouseBenchMain.module();
    }

    @Override
    protected ConnectionOptions connection() {
        return new ConnectionOptions(env("CLICKHOUSE_HOST", "127.0.0.1"), Integer.parseInt(env("CLICKHOUSE_PORT", "8123")), "default", "bench",
                ConnectionOptions.Secret.fromEnv("CLICKHOUSE_PASSWORD"), Map.of());
    }

    @Override
    protected List<String> cliConnectionArgs() {
        return List.of("-host", env("CLICKHOUSE_HOST", "127.0.0.1"), "-port", env("CLICKHOUSE_PORT", "8123"));
    }
}
