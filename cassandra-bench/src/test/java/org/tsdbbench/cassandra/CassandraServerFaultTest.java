package org.tsdbbench.cassandra;

import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.common.contract.ServerFaultContract;

/** Cassandra killed or restarted under a load, a write test and a query step (scripts/servers/cassandra.sh restarts it). */
class CassandraServerFaultTest extends ServerFaultContract {

    @Override
    protected BenchModule module() {
        return CassandraBenchMain.module();
    }

    @Override
    protected Class<?> mainClass() {
        return CassandraBenchMain.class;
    }

    @Override
    protected String serverScript() {
        return "cassandra";
    }
}
