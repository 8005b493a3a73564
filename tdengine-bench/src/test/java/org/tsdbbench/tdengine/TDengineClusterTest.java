package org.tsdbbench.tdengine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.contract.ClusterContract;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Poll;
import org.tsdbbench.common.query.ResultSink;

/**
 * The cluster contract against the three dnodes of scripts/servers/tdengine-cluster.sh on the
 * native path (the comparison's write path), database REPLICA 3. The dnode killed is one that
 * leads a vgroup of the database, dnode 1 (the clients' first endpoint) only when it leads them
 * all, so that the kill costs a leader election. scripts/test.sh runs it after the single-server
 * tests; TDENGINE_CLUSTER_TESTS="skip: why" (or TDENGINE_TESTS, where TDengine is not installed)
 * skips it with that message.
 */
class TDengineClusterTest extends ClusterContract {

    /** How long the cluster may take to settle before a kill (it settles within seconds here, unloaded). */
    private static final Duration SETTLE = Duration.ofSeconds(60);

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

    /**
     * A dnode that leads a vgroup of the database, once the cluster has settled: on a slow
     * machine, right after the load, a vnode may still be restoring its log, and a kill then can
     * leave a vgroup with no replica able to lead, which is not the failure this test is about.
     */
    @Override
    protected Node nodeToKill(ClusterStatus status, ConnectionOptions c) throws Exception {
        try (RestChannel sql = rest(status, c)) {
            awaitSettled(sql, c.database());
            String leader = sql.scalar("SELECT dnode_id FROM information_schema.ins_vnodes WHERE db_name = '" + c.database()
                    + "' AND status = 'leader' ORDER BY dnode_id DESC LIMIT 1");
            String endpoint = leader == null ? null : sql.scalar("SELECT endpoint FROM information_schema.ins_dnodes WHERE id = " + leader);
            return status.nodes().stream().filter(n -> n.address().equals(endpoint)).findFirst()
                    .orElseThrow(() -> new AssertionError("no vgroup leader of " + c.database() + " among the nodes (dnode " + leader + ", "
                            + endpoint + "):\n" + status.output()));
        }
    }

    /** SHOW DNODES, MNODES and the database's VGROUPS, a line a row, through taosAdapter (on dnode 1). */
    @Override
    protected String clusterView(ClusterStatus status, ConnectionOptions c) throws Exception {
        StringBuilder view = new StringBuilder();
        try (RestChannel sql = rest(status, c)) {
            for (String show : List.of("SHOW DNODES", "SHOW MNODES", "SHOW " + c.database() + ".VGROUPS")) {
                view.append(show).append(":\n");
                for (List<String> row : rows(sql, show)) view.append("  ").append(String.join(" | ", row)).append('\n');
            }
        }
        return view.toString();
    }

    /** Waits up to {@link #SETTLE} until {@link #unsettled} finds nothing; fails with what it last found. */
    private static void awaitSettled(RestChannel sql, String database) throws Exception {
        long start = System.nanoTime();
        String why = Poll.every(Duration.ofMillis(500), SETTLE).until(() -> unsettled(sql, database), Objects::isNull);
        if (why != null) throw new AssertionError("the cluster did not settle within " + SETTLE.toSeconds() + " s before the kill: " + why);
        System.out.printf("[cluster] tdengine: settled (every vnode of %s restored, each vgroup led, three mnodes ready) after %.1f s%n",
                database, (System.nanoTime() - start) / 1e9);
    }

    /** What keeps the cluster from being settled (a vnode restoring or offline, a vgroup without a leader, an mnode not ready), or null. */
    private static String unsettled(RestChannel sql, String database) throws DatabaseException {
        List<String> why = new ArrayList<>();
        Map<String, Boolean> led = new TreeMap<>();
        for (List<String> v : rows(sql, "SELECT vgroup_id, dnode_id, status, restored FROM information_schema.ins_vnodes WHERE db_name = '"
                + database + "'")) {
            boolean leader = v.get(2).equals("leader");
            led.merge(v.get(0), leader, Boolean::logicalOr);
            if (!(leader || v.get(2).equals("follower")) || !v.get(3).equals("1")) {
                why.add("vgroup " + v.get(0) + " on dnode " + v.get(1) + " is " + v.get(2) + (v.get(3).equals("1") ? "" : ", not restored"));
            }
        }
        if (led.isEmpty()) why.add("no vnode of " + database);
        led.forEach((vgroup, isLed) -> {
            if (!isLed) why.add("vgroup " + vgroup + " has no leader");
        });
        List<List<String>> mnodes = rows(sql, "SELECT id, role, status FROM information_schema.ins_mnodes");
        long ready = mnodes.stream().filter(m -> m.get(2).equals("ready")).count();
        long leaders = mnodes.stream().filter(m -> m.get(1).equals("leader")).count();
        if (ready != 3 || leaders != 1) why.add(ready + " of 3 mnodes ready, " + leaders + " leader(s): " + mnodes);
        return why.isEmpty() ? null : String.join("; ", why);
    }

    /** The answer's rows, each column as text (a whole number without ".0"; true and false as 1 and 0). */
    private static List<List<String>> rows(RestChannel sql, String query) throws DatabaseException {
        List<List<String>> rows = new ArrayList<>();
        sql.query(query, new ResultSink() {
            @Override
            public void row(double[] values) {
                row(values, new String[values.length]);
            }

            @Override
            public void row(double[] values, String[] texts) {
                List<String> row = new ArrayList<>();
                for (int i = 0; i < values.length; i++) {
                    double v = values[i];
                    row.add(texts[i] != null ? texts[i] : v == Math.rint(v) && !Double.isInfinite(v) ? String.valueOf((long) v) : String.valueOf(v));
                }
                rows.add(row);
            }
        });
        return rows;
    }

    private static RestChannel rest(ClusterStatus status, ConnectionOptions c) {
        String rest = status.value("rest").split(" ")[0];
        String password = c.password().isEmpty() ? "taosdata" : c.password().reveal();
        return RestChannel.open(RestChannel.client(Duration.ofSeconds(5)), "http://" + rest, RestChannel.authorization("root", password),
                Duration.ofSeconds(30), 3);
    }
}
