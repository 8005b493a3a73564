package org.tsdbbench.cassandra.bench;

import org.tsdbbench.common.bench.RangeQueryBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.cassandra.CassandraDatabase;

/** The concurrent range queries against Cassandra; loads the data set first when the server does not hold it. */
public class CassandraRangeQuery extends RangeQueryBenchmarkBase {
    @Override
    protected Database database() {
        return new CassandraDatabase();
    }
}
