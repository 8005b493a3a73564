package org.tsdbbench.cassandra;

import org.tsdbbench.common.cli.BenchCli;
import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.cassandra.bench.CassandraMixedLoad;
import org.tsdbbench.cassandra.bench.CassandraQuery;
import org.tsdbbench.cassandra.bench.CassandraRangeQuery;
import org.tsdbbench.cassandra.bench.CassandraVolume;
import org.tsdbbench.cassandra.bench.CassandraWrite;

/** {@code java -jar cassandra-bench/target/cassandra-bench.jar [write|load|query|disk] [options]}. */
public final class CassandraBenchMain {

    private CassandraBenchMain() {
    }

    public static BenchModule module() {
        return new BenchModule(new CassandraDatabase(), CassandraWrite.class, CassandraQuery.class,
                CassandraRangeQuery.class, CassandraVolume.class, CassandraMixedLoad.class);
    }

    public static void main(String[] args) {
        System.exit(BenchCli.run(module(), args));
    }
}
