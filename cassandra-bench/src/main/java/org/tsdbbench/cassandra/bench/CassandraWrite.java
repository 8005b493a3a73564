package org.tsdbbench.cassandra.bench;

import org.tsdbbench.common.bench.WriteBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.cassandra.CassandraDatabase;

/** The write test against Cassandra; runs from an IDE against 127.0.0.1:9042. */
public class CassandraWrite extends WriteBenchmarkBase {
    @Override
    protected Database database() {
        return new CassandraDatabase();
    }
}
