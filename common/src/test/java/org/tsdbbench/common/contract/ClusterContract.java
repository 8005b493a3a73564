package org.tsdbbench.common.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.cli.BenchCli;
import org.tsdbbench.common.bench.Loader;
import org.tsdbbench.common.bench.StoredRows;
import org.tsdbbench.common.data.DeviceDataSet;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.DeviceDialect;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.query.QueryCatalog;
import org.tsdbbench.common.query.QueryFamily;
import org.tsdbbench.results.FaultRecord;
import org.tsdbbench.results.RunFolder;

/**
 * What a database running as a three-node cluster with replication 3 must do, against the
 * cluster its script scripts/servers/&lt;db&gt;-cluster.sh runs: write and count, answer one
 * catalog query of each family right, keep every acknowledged row countable with one node killed
 * (SIGKILL, by the pid the script's status names) and after it is back, and, through the
 * {@code fault} step that {@code compare --cluster} runs, store every row acknowledged while a
 * node was killed in the middle of writing, measuring how long the writes stalled. A module's
 * test extends this and says how to reach the cluster with replication 3.
 * Not part of {@code mvn verify}: scripts/test.sh starts the cluster and runs these classes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public abstract class ClusterContract {

    /** The contract's small data set: 200 devices x 150 rows. */
    protected static final WorkloadSpec SMALL = DatabaseContract.SMALL;

    /** How long the cluster may take to answer a count again after a node died (it first has to notice). */
    private static final Duration RECOVERY = Duration.ofSeconds(120);

    /** One node as the cluster script's status names it: {@code node <index> <address> pid <pid> <state>}; pid -1 when it is not running. */
    protected record Node(int index, String address, long pid, String state) {
    }

    /**
     * What {@code scripts/servers/<db>-cluster.sh status} printed: its nodes, its other
     * {@code key value} lines (e.g. {@code hosts}, {@code client-config}), its exit code (0: all up).
     */
    protected record ClusterStatus(List<Node> nodes, Map<String, String> values, int exit, String output) {
        public String value(String key) {
            String v = values.get(key);
            if (v == null) fail("the cluster's status names no " + key + ":\n" + output);
            return v;
        }
    }

    protected abstract Database db();

    /** The cluster's script: scripts/servers/&lt;name&gt;.sh. */
    protected abstract String clusterScript();

    /** The cluster as the module reaches it, with replication 3 and the consistency that keeps acknowledged rows countable with a node down. */
    protected abstract ConnectionOptions connection(ClusterStatus status);

    /** Fails unless a session's settings (the manifest's server settings) say replication 3 and its consistency. */
    protected abstract void assertReplicated(Map<String, String> settings);

    /** Why no cluster can be had on this machine (the skip message), or null: the tests then need the running cluster. */
    protected String unavailableBecause() {
        return null;
    }

    /** The node the kill tests kill: the last one unless the module knows a better one (a leader). */
    protected Node nodeToKill(ClusterStatus status, ConnectionOptions connection) throws Exception {
        return status.nodes().get(status.nodes().size() - 1);
    }

    /**
     * The cluster's own view of itself (its nodes, their roles), asked of the nodes still up when
     * a count did not come back in time, so the failure says what the cluster thought; empty
     * when the module has no such view to give.
     */
    protected String clusterView(ClusterStatus status, ConnectionOptions connection) throws Exception {
        return "";
    }

    private ClusterStatus status() throws Exception {
        ServerScript.Result r = ServerScript.call(clusterScript(), "status");
        List<Node> nodes = new ArrayList<>();
        Map<String, String> values = new LinkedHashMap<>();
        Pattern node = Pattern.compile("node (\\d+) (\\S+) pid (\\d+|-) (\\S+)");
        for (String line : r.output().lines().toList()) {
            Matcher m = node.matcher(line.strip());
            if (m.matches()) {
                nodes.add(new Node(Integer.parseInt(m.group(1)), m.group(2), m.group(3).equals("-") ? -1 : Long.parseLong(m.group(3)), m.group(4)));
            } else if (line.matches("[a-z-]+ \\S.*")) {
                values.put(line.substring(0, line.indexOf(' ')), line.substring(line.indexOf(' ') + 1).strip());
            }
        }
        return new ClusterStatus(nodes, values, r.exit(), r.output());
    }

    private ClusterStatus running() throws Exception {
        ClusterStatus s = status();
        if (s.exit() != 0 || s.nodes().size() != 3) {
            fail("the cluster of scripts/servers/" + clusterScript() + ".sh is not up with three nodes (scripts/test.sh starts it):\n" + s.output());
        }
        return s;
    }

    private ConnectionOptions connection() throws Exception {
        return connection(running());
    }

    @BeforeAll
    void theClusterRunsWithReplicationThree() throws Exception {
        assumeTrue(unavailableBecause() == null, unavailableBecause());
        ClusterStatus s = running();
        System.out.println("[cluster] " + db().name() + ":\n" + s.output().strip());
        try (Session session = db().open(connection(s))) {
            assertReplicated(session.facts(DevicesWorkload.INSTANCE).settings());
        }
    }

    /** A node killed by a test comes back before the next test (the script starts only what is missing). */
    @AfterEach
    void everyNodeRunsAgain() throws Exception {
        if (status().exit() != 0) ServerScript.run(clusterScript(), "start");
    }

    @Test
    @Order(1)
    void writeCountAndOneQueryOfEachFamilyAreRight() throws Exception {
        Loader.Result r = Loader.load(db(), connection(), DeviceDataSet.generated(SMALL), SMALL.totalRows(), 3, 500, n -> { });
        assertTrue(r.verified(), r.describe());
        List<LogicalQuery> queries = new ArrayList<>();
        for (QueryFamily f : QueryFamily.values()) {
            if (f == QueryFamily.Q6_RANGE) {
                queries.add(LogicalQuery.range(0, SMALL.startTs() + 40_000, SMALL.startTs() + 47_000));  // every device
                continue;
            }
            // The family's last query the dialect renders: over every device where the family has percents.
            List<LogicalQuery> family = new ArrayList<>(QueryCatalog.family(f));
            java.util.Collections.reverse(family);
            for (LogicalQuery q : family) {
                if (DeviceDialect.of(db().dialect(connection())).render(q, SMALL).isPresent()) {
                    queries.add(q);
                    break;
                }
            }
        }
        DatabaseContract.Checked answers = DatabaseContract.check(db(), connection(), SMALL, queries);
        System.out.println("[cluster] " + db().name() + ": " + answers.checked() + " queries checked: "
                + queries.stream().map(LogicalQuery::id).toList());
        assertEquals(QueryFamily.values().length, answers.checked(), "one query of each family");
        assertTrue(answers.wrong().isEmpty(), "wrong answers:\n" + String.join("\n", answers.wrong()));
    }

    @Test
    @Order(2)
    void everyAcknowledgedRowIsCountedWithANodeKilledAndAfterItIsBack() throws Exception {
        ConnectionOptions c = connection();
        try (Session s = db().open(c)) {
            if (SMALL.countRows(s) != SMALL.totalRows()) {
                assertTrue(Loader.load(db(), c, DeviceDataSet.generated(SMALL), SMALL.totalRows(), 3, 500, n -> { }).verified());
            }
        }
        Node victim = nodeToKill(running(), c);
        kill(victim);
        System.out.println("[cluster] " + db().name() + ": node " + victim.index() + " (" + victim.address() + ") killed");
        assertEquals(SMALL.totalRows(), countOnceAnswered(c, SMALL.totalRows(), "with node " + victim.index() + " killed"));
        ServerScript.run(clusterScript(), "start");
        assertEquals(SMALL.totalRows(), countOnceAnswered(connection(), SMALL.totalRows(), "with node " + victim.index() + " back"));
    }

    /**
     * A node killed mid-write, through the fault step of {@code compare --cluster} as the
     * orchestrator runs it: the node killed by the pid the script's status gives, started again by
     * the script, the client flags from the script's {@code client} action. The step's paced
     * writers go on against the other nodes and through the restart; its manifest must say writes
     * were acknowledged after the kill and after the restart, no writer hung, every acknowledged
     * row was stored (at most the failed requests' rows beyond them) and how long writes stalled.
     * (One test of this, not also one through the API: each kill costs a node's restart, 35-100 s
     * for Cassandra here.)
     */
    @Test
    @Order(3)
    void theFaultStepKillsANodeMidWriteStartsItAgainAndCountsEveryAcknowledgedRow(@TempDir Path dir) throws Exception {
        ClusterStatus s = running();
        Node victim = nodeToKill(s, connection(s));
        List<String> args = new ArrayList<>(List.of("fault", "-numOfDevices", String.valueOf(SMALL.numOfDevices()), "-rowsPerDevice",
                String.valueOf(SMALL.rowsPerDevice()), "-results", dir.toString(), "--kill-pid", String.valueOf(victim.pid()),
                "--node", "node " + victim.index(), "--restart-script", ServerScript.path(clusterScript()).toString(), "--steady", "2s"));
        // call, not run: what the client action prints stays out of the test output.
        for (String line : ServerScript.call(clusterScript(), "client").output().lines().toList()) {
            if (line.startsWith("arg ")) args.add(line.substring(4));
        }
        CliCapture.Result r = CliCapture.run(db(), args);
        System.out.println("[cluster] " + db().name() + ": the fault step said:\n" + r.output().strip());
        assertEquals(BenchCli.OK, r.exit(), r.output());
        FaultRecord f = new RunFolder(dir).manifest(db().name()).orElseThrow().fault();
        assertNull(f.failure(), f.toString());
        assertEquals("node " + victim.index(), f.node());
        assertTrue(f.rowsAcknowledged() > 0 && f.rowsStored() >= f.rowsAcknowledged() && f.rowsStored() <= f.rowsSent(), f.toString());
        assertTrue(f.stalledSeconds() >= 0 && f.stalledSeconds() < RECOVERY.toSeconds() && f.firstAckAfterSeconds() >= 0, f.toString());
        assertTrue(f.restartSeconds() != null && f.restartSeconds() > 0, f.toString());
        assertEquals(0, status().exit(), "every node runs again after the fault step:\n" + status().output());
    }

    /** SIGKILL to the node's process (the pid the script's status gave); returns when it is gone. */
    private static void kill(Node node) {
        assertTrue(node.pid() > 0, "node " + node.index() + " has no process to kill: " + node);
        ProcessHandle p = ProcessHandle.of(node.pid()).orElseThrow(() -> new AssertionError("no process " + node.pid() + " for " + node));
        p.destroyForcibly();
        p.onExit().join();
    }

    /**
     * The stored row count once the cluster answers (and has settled at {@code expected}, as
     * {@link StoredRows#settled} waits): right after a node died a request may fail or time out
     * until the others notice; each failure is printed, and after {@link #RECOVERY} it fails.
     */
    private long countOnceAnswered(ConnectionOptions c, long expected, String when) throws Exception {
        long start = System.nanoTime();
        DatabaseException last = null;
        int failures = 0;
        while (System.nanoTime() - start < RECOVERY.toNanos()) {
            try (Session s = db().open(c)) {
                long count = StoredRows.settled(db(), s, SMALL, expected);
                System.out.printf("[cluster] %s: counted %,d rows %s, %.1f s after asking (%d failed attempts)%n", db().name(), count, when,
                        (System.nanoTime() - start) / 1e9, failures);
                return count;
            } catch (DatabaseException e) {
                last = e;
                failures++;
                System.out.println("[cluster] " + db().name() + ": count " + when + " failed: " + e.getMessage());
                Thread.sleep(1000);
            }
        }
        String view;
        try {
            view = clusterView(status(), c);
        } catch (Exception e) {
            view = "(the cluster's view could not be had either: " + e.getMessage() + ")";
        }
        throw new AssertionError("the cluster did not answer a count " + when + " within " + RECOVERY.toSeconds() + " s (" + failures
                + " failed attempts); the cluster then said:\n" + view, last);
    }
}
