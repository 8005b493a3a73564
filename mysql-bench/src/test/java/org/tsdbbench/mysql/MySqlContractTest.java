package org.tsdbbench.mysql;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.common.contract.DatabaseContract;
import org.tsdbbench.common.db.ConnectionOptions;

/**
 * The shared contract against a real MySQL-protocol server: MariaDB started by
 * scripts/servers/mysql.sh (scripts/test.sh does it and exports MYSQL_PASSWORD).
 */
class MySqlContractTest extends DatabaseContract {

    @Override
    protected BenchModule module() {
        return MySqlBenchMain.module();
    }

    @Override
    protected ConnectionOptions connection() throws IOException {
        return new ConnectionOptions(env("MYSQL_HOST", "127.0.0.1"), Integer.parseInt(env("MYSQL_PORT", "3306")), "bench", "bench",
                ConnectionOptions.Secret.fromEnv("MYSQL_PASSWORD"), Map.of());
    }

    @Override
    protected List<String> cliConnectionArgs() {
        return List.of("-host", env("MYSQL_HOST", "127.0.0.1"), "-port", env("MYSQL_PORT", "3306"));
    }
}
