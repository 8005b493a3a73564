package org.tsdbbench.cassandra.bench;

import org.tsdbbench.common.bench.MixedLoadBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.cassandra.CassandraDatabase;

/** Writers and readers at the same time against Cassandra. */
public class CassandraMixedLoad extends MixedLoadBenchmarkBase {
    @Override
    protected Database database() {
        return new CassandraDatabase();
    }
}
