package org.tsdbbench.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.datastax.oss.driver.api.core.cql.BatchStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.DevopsQueriesContract;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.CpuDataSet;
import org.tsdbbench.common.devops.CpuSource;
import org.tsdbbench.common.devops.DevopsQueryType;
import org.tsdbbench.common.devops.DevopsSpec;
import org.tsdbbench.common.devops.HostTags;
import org.tsdbbench.common.query.ResultSink;

/**
 * TSBS's DevOps hosts (cpu-only) against the real server (scripts/servers/cassandra.sh): the shared
 * {@link DevopsQueriesContract}, and what the layout stores.
 */
class CassandraDevopsTest extends DevopsQueriesContract {

    @Override
    protected Database db() {
        return new CassandraDatabase();
    }

    /** Aggregates per minute or hour over several hosts: CQL groups within one partition (one host) only. */
    @Override
    protected Set<DevopsQueryType> absent() {
        return EnumSet.of(DevopsQueryType.SINGLE_GROUPBY_1_8_1, DevopsQueryType.SINGLE_GROUPBY_5_8_1,
                DevopsQueryType.CPU_MAX_ALL_8, DevopsQueryType.GROUPBY_ORDERBY_LIMIT);
    }

    /**
     * A prepared request of three hosts is one UNLOGGED batch per host and sends nothing; sent, it
     * stores its rows, and each host's nine other tags once, as its partition's static columns.
     */
    @Test
    void eachHostIsAPartitionKeepingItsTagsOnce() throws Exception {
        long end = SPEC.startNs() + Duration.ofMinutes(10).toNanos();
        DevopsSpec small = new DevopsSpec(3, SPEC.startNs(), end, SPEC.intervalNs(), SPEC.seed());
        try (CassandraSession s = (CassandraSession) db().open(connection());
             CpuSource source = CpuDataSet.generated(small).all()) {
            s.recreateSchema(small);
            CpuBatch batch = source.next((int) small.rows());
            CassandraSession.PreparedStatements p = s.prepare(batch);
            assertEquals(3, p.statements.size(), "one batch per host");
            p.statements.forEach(st -> assertInstanceOf(BatchStatement.class, st));
            assertEquals(0, s.countRows(small), "preparing sends nothing");
            assertEquals(small.rows(), p.send());
            assertEquals(small.rows(), s.countRows(small));
            List<String[]> stored = new ArrayList<>();
            String tags = "SELECT DISTINCT hostname, " + String.join(", ", CpuCql.STATIC_TAGS) + " FROM cpu";
            s.query(tags, new ResultSink() {
                @Override
                public void row(double[] values) {
                }

                @Override
                public void row(double[] values, String[] texts) {
                    stored.add(texts.clone());
                }
            });
            stored.sort((a, b) -> a[0].compareTo(b[0]));
            assertEquals(3, stored.size());
            for (int h = 0; h < 3; h++) {
                assertArrayEquals(HostTags.generated(small.seed(), h), stored.get(h), "host_" + h);
            }
        }
    }
}
