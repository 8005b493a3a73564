package org.tsdbbench.opentsdb;

import java.util.List;
import java.util.Map;
import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.common.contract.DatabaseContract;
import org.tsdbbench.common.db.ConnectionOptions;

/** The shared contract against the real OpenTSDB (on HBase) started by scripts/servers/opentsdb.sh. */
class OpenTsdbContractTest extends DatabaseContract {

    @Override
    protected BenchModule module() {
        return OpenTsdbBenchMain.module();
    }

    @Override
    protected ConnectionOptions connection() {
        return new ConnectionOptions(env("OPENTSDB_HOST", "127.0.0.1"), Integer.parseInt(env("OPENTSDB_PORT", "4242")), "bench", "bench",
                ConnectionOptions.Secret.fromEnv("OPENTSDB_PASSWORD"), Map.of());
    }

    @Override
    protected List<String> cliConnectionArgs() {
        return List.of("-host", env("OPENTSDB_HOST", "127.0.0.1"), "-port", env("OPENTSDB_PORT", "4242"));
    }
}
