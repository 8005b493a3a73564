package org.tsdbbench.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.QueryFilesCheck;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.query.ResultSink;

/** What the Cassandra module does without a server: CQL and the reshaping of its rows. */
class CassandraOfflineTest {

    @Test
    void theManifestNamesTheDriversVersion() {
        assertTrue(CassandraSession.driver().matches("Apache Cassandra Java driver \\d+\\.\\d+\\.\\d+.*"), CassandraSession.driver());
    }

    /** Replication and consistency are checked before anything connects; unset, the keyspace's default and the driver's. */
    @Test
    void replicationAndConsistencyOptionsAreCheckedBeforeConnecting() throws DatabaseException {
        CassandraDatabase.Replication r = CassandraDatabase.replication(options(Map.of("replicationFactor", "3", "consistency", "quorum")));
        assertEquals(3, r.factor());
        assertEquals(DefaultConsistencyLevel.QUORUM, r.consistency());
        CassandraDatabase.Replication none = CassandraDatabase.replication(options(Map.of()));
        assertNull(none.factor());
        assertNull(none.consistency());
        DatabaseException e = assertThrows(DatabaseException.class, () -> CassandraDatabase.replication(options(Map.of("consistency", "MOST"))));
        assertTrue(e.getMessage().startsWith("--option consistency=MOST: must be one of ") && e.getMessage().contains("QUORUM"), e.getMessage());
        e = assertThrows(DatabaseException.class, () -> CassandraDatabase.replication(options(Map.of("replicationFactor", "0"))));
        assertTrue(e.getMessage().startsWith("--option replicationFactor=0: "), e.getMessage());
        // Checked before the driver tries to connect: a closed port is never reached.
        e = assertThrows(DatabaseException.class, () -> new CassandraDatabase().open(options(Map.of("consistency", "x")).at("127.0.0.1", 1)));
        assertTrue(e.getMessage().startsWith("--option consistency=x: "), e.getMessage());
    }

    private static ConnectionOptions options(Map<String, String> extra) {
        return new ConnectionOptions("127.0.0.1", 9042, "cassandra", "bench", ConnectionOptions.Secret.none(), extra);
    }

    private final CqlDialect cql = new CqlDialect();
    private final WorkloadSpec spec = WorkloadSpec.defaults();

    @Test
    void filtersAndGroupsOnlyByTheKeyInKeyOrder() {
        assertEquals("SELECT SUM(CAST(temperature AS bigint)) FROM devices WHERE devgroup IN (0,1,2,3,4,5,6,7,8,9)",
                cql.render(LogicalQuery.parse("q2.sum.p10"), spec).orElseThrow());
        assertEquals("SELECT devgroup, AVG(CAST(temperature AS double)) FROM devices GROUP BY devgroup",
                cql.render(LogicalQuery.parse("q3.avg.p100"), spec).orElseThrow());
        assertEquals("SELECT floor(ts, 1m), COUNT(*), SUM(CAST(temperature AS bigint)) FROM devices WHERE devgroup IN (0,1,2,3,4,5,6,7,8,9) "
                + "GROUP BY devgroup, devid, devname, floor(ts, 1m)", cql.render(LogicalQuery.parse("q4.avg.p10"), spec).orElseThrow());
        assertTrue(cql.render(LogicalQuery.parse("q2.stddev.p10"), spec).isEmpty(), "CQL has no stddev");
    }

    @Test
    void spreadIsMaxMinusMin() {
        List<double[]> rows = new ArrayList<>();
        ResultSink s = new CqlDialect().shaper(LogicalQuery.parse("q3.spread.p20")).shape(r -> rows.add(r.clone()));
        s.row(new double[] {3, 30, -4});
        s.end();
        assertEquals(3, rows.get(0)[0]);
        assertEquals(34, rows.get(0)[1]);
    }

    /** Per-device minute buckets merge into one bucket per minute; avg is the merged sum / count. */
    @Test
    void minuteBucketsOfDevicesMerge() {
        List<double[]> rows = new ArrayList<>();
        ResultSink s = new CqlDialect().shaper(LogicalQuery.parse("q4.avg.p10")).shape(r -> rows.add(r.clone()));
        s.row(new double[] {60_000, 60, 600});
        s.row(new double[] {0, 20, 100});
        s.row(new double[] {60_000, 40, 100});
        s.end();
        assertEquals(2, rows.size());
        assertEquals(0, rows.get(0)[0]);
        assertEquals(5.0, rows.get(0)[1]);
        assertEquals(60_000, rows.get(1)[0]);
        assertEquals(7.0, rows.get(1)[1]);
    }

    /** One UNLOGGED batch per partition run, every value bound (the driver encodes at bind time). */
    @Test
    void batchesFollowPartitionsAndBindEveryValue() {
        org.tsdbbench.common.data.RowBatch b = new org.tsdbbench.common.data.RowBatch(3);
        b.add(1, "dev_1", 1, 1000, 5, 50.5f);
        b.add(1, "dev_1", 1, 2000, 6, 51.5f);
        b.add(2, "dev_2", 2, 1000, 7, 52.5f);
        List<Integer> rowsOf = new ArrayList<>();
        var statements = CassandraBatchBuilder.batches(org.tsdbbench.cassandra.bench.CassandraBatchBind.offlineInsert(), b, rowsOf);
        assertEquals(List.of(2, 1), rowsOf);
        var first = (com.datastax.oss.driver.api.core.cql.BatchStatement) statements.get(0);
        assertEquals(com.datastax.oss.driver.api.core.cql.BatchType.UNLOGGED, first.getBatchType());
        var row = (com.datastax.oss.driver.api.core.cql.BoundStatement) first.iterator().next();
        assertEquals(1, row.getInt("devgroup"));
        assertEquals("dev_1", row.getString("devname"));
        assertEquals(1000, row.getInstant("ts").toEpochMilli());
        assertEquals(50.5f, row.getFloat("humidity"));
    }

    @Test
    void queryFilesAreTheRenderedCatalog() throws Exception {
        QueryFilesCheck.assertFilesMatchDialect(new CassandraDatabase());
    }
}
