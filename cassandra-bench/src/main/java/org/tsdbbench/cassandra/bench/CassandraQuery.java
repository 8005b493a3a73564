package org.tsdbbench.cassandra.bench;

import org.tsdbbench.common.bench.QueryBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.cassandra.CassandraDatabase;

/** The query tests against Cassandra; loads the data set first when the server does not hold it. */
public class CassandraQuery extends QueryBenchmarkBase {
    @Override
    protected Database database() {
        return new CassandraDatabase();
    }
}
