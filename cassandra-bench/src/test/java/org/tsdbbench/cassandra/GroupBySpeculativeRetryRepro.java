package org.tsdbbench.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * Issue 33, reduced to the Java driver alone (no code of the suite): Cassandra 5.0's GROUP BY on
 * {@code floor(ts, 1m)} answers wrong when the coordinator's speculative retry fires during the
 * query's internal paging. A group comes back as several rows (partial groups), and now and then
 * a partial group carries the rows of the next minute under the previous minute's key: a row
 * counted in the wrong minute, or a whole minute missing. Every row is written at ALL, so the
 * three replicas hold the same data; with {@code speculative_retry = 'NEVER'} (or reads at ALL,
 * where there is no replica left to speculate on) every answer is right.
 *
 * <pre>
 * bash scripts/servers/cassandra-cluster.sh start
 * java -cp cassandra-bench/target/cassandra-bench.jar \
 *     cassandra-bench/src/test/java/org/tsdbbench/cassandra/GroupBySpeculativeRetryRepro.java [ALWAYS|99p|NEVER] [seconds] [ONE|QUORUM|ALL]
 * </pre>
 *
 * Exit 1 when a wrong answer was seen (the bug reproduced), 0 when every answer was right.
 */
public final class GroupBySpeculativeRetryRepro {

    static final int PARTITIONS = 50;
    static final int ROWS = 1000;
    static final long START = Instant.parse("2019-07-16T04:00:20Z").toEpochMilli();

    public static void main(String[] args) {
        String speculativeRetry = args.length > 0 ? args[0] : "ALWAYS";
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 60;
        DefaultConsistencyLevel consistency = DefaultConsistencyLevel.valueOf(args.length > 2 ? args[2] : "ONE");
        try (CqlSession s = CqlSession.builder()
                .addContactPoint(new InetSocketAddress("127.0.0.1", 9042))
                .addContactPoint(new InetSocketAddress("127.0.0.2", 9042))
                .addContactPoint(new InetSocketAddress("127.0.0.3", 9042))
                .withLocalDatacenter("datacenter1")
                .withConfigLoader(DriverConfigLoader.programmaticBuilder()
                        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(120)).build())
                .build()) {
            s.execute("CREATE KEYSPACE IF NOT EXISTS repro33 WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
            s.execute("DROP TABLE IF EXISTS repro33.t");
            s.execute("CREATE TABLE repro33.t (g int, d int, ts timestamp, v int, PRIMARY KEY ((g), d, ts)) WITH speculative_retry = '"
                    + speculativeRetry + "'");
            // One device a partition, a row a second, written at ALL: every replica has every row.
            Map<String, long[]> expected = new TreeMap<>();
            PreparedStatement insert = s.prepare("INSERT INTO repro33.t (g, d, ts, v) VALUES (?, ?, ?, ?)");
            for (int g = 0; g < PARTITIONS; g++) {
                BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.UNLOGGED);
                for (int i = 0; i < ROWS; i++) {
                    long ts = START + i * 1000L;
                    int v = (g * 7 + i * 13) % 50;
                    batch.addStatement(insert.bind(g, g, Instant.ofEpochMilli(ts), v));
                    long[] e = expected.computeIfAbsent(key(g, Instant.ofEpochMilli(ts - Math.floorMod(ts, 60_000L))), k -> new long[2]);
                    e[0]++;
                    e[1] += v;
                }
                s.execute(batch.build().setConsistencyLevel(DefaultConsistencyLevel.ALL));
            }
            StringJoiner in = new StringJoiner(",", "(", ")");
            for (int g = 0; g < PARTITIONS; g++) in.add(Integer.toString(g));
            String query = "SELECT d, floor(ts, 1m), COUNT(*), SUM(v) FROM repro33.t WHERE g IN " + in + " GROUP BY g, d, floor(ts, 1m)";
            System.out.println("speculative_retry = '" + speculativeRetry + "', reads at " + consistency + ", " + expected.size() + " groups expected: " + query);

            int runs = 0, split = 0, wrong = 0;
            long end = System.nanoTime() + seconds * 1_000_000_000L;
            while (System.nanoTime() < end) {
                ResultSet rs = s.execute(SimpleStatement.newInstance(query).setConsistencyLevel(consistency));
                Map<String, List<long[]>> got = new TreeMap<>();
                for (Row r : rs) got.computeIfAbsent(key(r.getInt(0), r.getInstant(1)), k -> new ArrayList<>()).add(new long[] {r.getLong(2), r.getInt(3)});
                runs++;
                List<String> problems = new ArrayList<>();
                boolean splitGroups = false;
                for (var e : expected.entrySet()) {
                    List<long[]> parts = got.getOrDefault(e.getKey(), List.of());
                    long count = 0, sum = 0;
                    StringBuilder shown = new StringBuilder();
                    for (long[] p : parts) {
                        count += p[0];
                        sum += p[1];
                        shown.append(' ').append(p[0]).append('/').append(p[1]);
                    }
                    splitGroups |= parts.size() > 1;
                    if (count != e.getValue()[0] || sum != e.getValue()[1]) {
                        problems.add(e.getKey() + ": expected count/sum " + e.getValue()[0] + "/" + e.getValue()[1] + ", got " + parts.size()
                                + " rows (count/sum)" + shown + " = " + count + "/" + sum);
                    }
                }
                if (splitGroups) split++;
                if (!problems.isEmpty()) {
                    wrong++;
                    if (wrong <= 5) System.out.println("run " + runs + ": WRONG, coordinator " + rs.getExecutionInfo().getCoordinator().getEndPoint()
                            + ", pages " + rs.getExecutionInfos().size() + ": " + problems);
                }
            }
            System.out.println(runs + " runs: " + split + " returned a group as several rows, " + wrong + " had a group whose count or sum was wrong");
            System.exit(wrong > 0 ? 1 : 0);
        }
    }

    private static String key(int device, Instant minute) {
        return "device " + device + " minute " + minute;
    }
}
