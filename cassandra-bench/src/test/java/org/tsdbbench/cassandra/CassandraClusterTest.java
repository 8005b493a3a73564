package org.tsdbbench.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.tsdbbench.common.budget.TestBudget;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.db.ModuleOption;
import org.tsdbbench.common.contract.ClusterContract;
import org.tsdbbench.common.db.ConnectionOptions;

/**
 * The cluster contract against the three Cassandra nodes of scripts/servers/cassandra-cluster.sh,
 * all three as contact points, keyspace replication factor 3, writes and reads at QUORUM.
 * scripts/test.sh runs it after the single-node tests; CASSANDRA_CLUSTER_TESTS="skip: why" (set
 * there where no cluster can run) skips it with that message.
 */
// 231 s in the baseline CI run (docs/tests.md, "How long it takes"): the default 300 s would leave it little margin.
@TestBudget(seconds = 600)
class CassandraClusterTest extends ClusterContract {

    @Override
    protected Database db() {
        return new CassandraDatabase();
    }

    @Override
    protected String clusterScript() {
        return "cassandra-cluster";
    }

    @Override
    protected String unavailableBecause() {
        String v = System.getenv("CASSANDRA_CLUSTER_TESTS");
        return v != null && v.startsWith("skip:") ? v.substring(5).strip() : null;
    }

    /**
     * A request times out after 20 s, not the bundled 2 minutes: right after a kill a coordinator
     * that has not yet noticed may wait on the dead replica, and the contract asks again.
     */
    @Override
    protected ConnectionOptions connection(ClusterStatus status) {
        DatabaseDescriptor d = db().descriptor();
        return new ConnectionOptions(status.value("hosts"), d.defaultPort(), d.defaultUser(), d.defaultDatabase(),
                ConnectionOptions.Secret.fromEnv(d.passwordEnv()),
                Map.of("replicationFactor", "3", "consistency", "QUORUM", ModuleOption.REQUEST_TIMEOUT_MS.name(), "20000"));
    }

    @Override
    protected void assertReplicated(Map<String, String> settings) {
        assertEquals("3", settings.get("replicationFactor"), settings.toString());
        assertEquals("QUORUM", settings.get("consistency"), settings.toString());
    }
}
