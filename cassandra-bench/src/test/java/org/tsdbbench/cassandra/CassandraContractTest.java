package org.tsdbbench.cassandra;

import org.tsdbbench.common.contract.DatabaseContract;
import org.tsdbbench.common.db.Database;

/** The shared contract against the real Cassandra started by scripts/servers/cassandra.sh (scripts/test.sh does it). */
class CassandraContractTest extends DatabaseContract {

    @Override
    protected Database db() {
        return new CassandraDatabase();
    }
}
