package org.tsdbbench.tdengine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Map;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.contract.ClusterContract;
import org.tsdbbench.common.db.ConnectionOptions;

/**
 * The cluster contract against the three dnodes of scripts/servers/tdengine-cluster.sh on the
 * native path (the comparison's write path), database REPLICA 3. The dnode killed is one that
 * leads a vgroup of the database, dnode 1 (the clients' first endpoint) only when it leads them
 * all, so that the kill costs a leader election. scripts/test.sh runs it after the single-server
 * tests; TDENGINE_CLUSTER_TESTS="skip: why" (or TDENGINE_TESTS, where TDengine is not installed)
 * skips it with that message.
 */
class TDengineClusterTest extends ClusterContract {

    @Override
    protected Database db() {
        return new TDengineDatabase();
    }

    @Override
    protected String clusterScript() {
        return "tdengine-cluster";
    }

    @Override
    protected String unavailableBecause() {
        String v = System.getenv("TDENGINE_CLUSTER_TESTS");
        return v != null && v.startsWith("skip:") ? v.substring(5).strip() : TDengineServer.skipReason();
    }

    @Override
    protected ConnectionOptions connection(ClusterStatus status) {
        return new ConnectionOptions("127.0.0.1", 6030, "root", "bench", ConnectionOptions.Secret.fromEnv("TDENGINE_PASSWORD"),
                Map.of("connection", "native", "configDir", status.value("client-config"), "replica", "3"));
    }

    @Override
    protected void assertReplicated(Map<String, String> settings) {
        assertEquals("3", settings.get("replica"), settings.toString());
        assertEquals("native", settings.get("connection"), settings.toString());
    }

    @Override
    protected Node nodeToKill(ClusterStatus status, ConnectionOptions c) throws Exception {
        String rest = status.value("rest").split(" ")[0];
        String password = c.password().isEmpty() ? "taosdata" : c.password().reveal();
        try (RestChannel sql = RestChannel.open(RestChannel.client(Duration.ofSeconds(5)), "http://" + rest,
                RestChannel.authorization("root", password), Duration.ofSeconds(30), 3)) {
            String leader = sql.scalar("SELECT dnode_id FROM information_schema.ins_vnodes WHERE db_name = '" + c.database()
                    + "' AND status = 'leader' ORDER BY dnode_id DESC LIMIT 1");
            String endpoint = leader == null ? null : sql.scalar("SELECT endpoint FROM information_schema.ins_dnodes WHERE id = " + leader);
            return status.nodes().stream().filter(n -> n.address().equals(endpoint)).findFirst()
                    .orElseThrow(() -> new AssertionError("no vgroup leader of " + c.database() + " among the nodes (dnode " + leader + ", "
                            + endpoint + "):\n" + status.output()));
        }
    }
}
