package org.tsdbbench.cassandra.bench;

import org.tsdbbench.common.bench.VolumeBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.cassandra.CassandraDatabase;

/** Write and read speed against Cassandra as the stored volume grows, block by block from an empty table. */
public class CassandraVolume extends VolumeBenchmarkBase {
    @Override
    protected Database database() {
        return new CassandraDatabase();
    }
}
