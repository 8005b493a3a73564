package org.tsdbbench.cassandra;

import java.util.List;
import java.util.Map;
import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.common.contract.DatabaseContract;
import org.tsdbbench.common.db.ConnectionOptions;

/** The shared contract against the real Cassandra started by scripts/servers/cassandra.sh. */
class CassandraContractTest extends DatabaseContract {

    @Override
    protected BenchModule module() {
        return CassandraBenchMain.module();
    }

    @Override
    protected ConnectionOptions connection() {
        return new ConnectionOptions(env("CASSANDRA_HOST", "127.0.0.1"), Integer.parseInt(env("CASSANDRA_PORT", "9042")), "bench", "bench",
                ConnectionOptions.Secret.fromEnv("CASSANDRA_PASSWORD"), Map.of());
    }

    @Override
    protected List<String> cliConnectionArgs() {
        return List.of("-host", env("CASSANDRA_HOST", "127.0.0.1"), "-port", env("CASSANDRA_PORT", "9042"));
    }
}
