package org.tsdbbench.cassandra;

import org.tsdbbench.common.contract.ServerFaultContract;
import org.tsdbbench.common.db.Database;

/** Cassandra killed or restarted under a load, a write test and a query step (scripts/servers/cassandra.sh restarts it). */
class CassandraServerFaultTest extends ServerFaultContract {

    @Override
    protected Database db() {
        return new CassandraDatabase();
    }
}
