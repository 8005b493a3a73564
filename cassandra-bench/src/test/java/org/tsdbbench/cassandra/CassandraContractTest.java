package org.tsdbbench.cassandra;

import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.common.contract.DatabaseContract;

/** The shared contract against the real Cassandra started by scripts/servers/cassandra.sh (scripts/test.sh does it). */
class CassandraContractTest extends DatabaseContract {

    @Override
    protected BenchModule module() {
        return CassandraBenchMain.module();
    }
}
