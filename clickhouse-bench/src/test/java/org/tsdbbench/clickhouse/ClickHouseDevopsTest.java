package org.tsdbbench.clickhouse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.DevopsQueriesContract;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.CpuDataSet;
import org.tsdbbench.common.devops.CpuOnlyWorkload;
import org.tsdbbench.common.devops.CpuSource;
import org.tsdbbench.common.devops.DevopsSession;
import org.tsdbbench.common.devops.HostTags;
import org.tsdbbench.common.query.ResultSink;

/**
 * TSBS's DevOps hosts (cpu-only) against the real server (scripts/servers/clickhouse.sh): the shared
 * {@link DevopsQueriesContract} (every query checked; none is absent), plus what TSBS's tags-table
 * layout stores: one tags row per host however many requests name it, and cpu rows naming it by id.
 */
class ClickHouseDevopsTest extends DevopsQueriesContract {

    @Override
    protected Database db() {
        return new ClickHouseDatabase();
    }

    /** A query's first column, each row's as text (a number as the server wrote it). */
    private static List<String> column(Session s, String sql) throws Exception {
        List<String> out = new ArrayList<>();
        s.query(sql, new ResultSink() {
            @Override
            public void row(double[] values) {
                out.add(String.valueOf((long) values[0]));
            }

            @Override
            public void row(double[] values, String[] texts) {
                if (texts[0] != null) out.add(texts[0]);
                else row(values);
            }
        });
        return out;
    }

    @Test
    void eachHostIsOneTagsRowThatItsCpuRowsName() throws Exception {
        int hosts = SPEC.hosts();
        try (Session s = db().open(connection())) {
            SPEC.recreateSchema(s);
            DevopsSession devops = DevopsSession.of(s);
            CpuBatch batch;
            try (CpuSource source = CpuDataSet.generated(SPEC).client(0, 1, false)) {
                batch = source.next(2 * hosts);
                assertEquals(2 * hosts, devops.write(batch), "rows acknowledged");
                // The same hosts again, through a request built ahead: no tags row this time.
                batch = source.next(hosts);
                assertEquals(hosts, devops.prepare(batch).send(), "rows acknowledged");
            }
            String counts = "SELECT concat(toString(count()), ' ', toString(uniqExact(id))) FROM tags";
            assertEquals(List.of(hosts + " " + hosts), column(s, counts), "tags rows, hosts");
            String tags = "concat(" + String.join(", ',', ", HostTags.KEYS) + ")";
            for (int h : new int[] {0, hosts - 1}) {
                String stored = "SELECT " + tags + " FROM tags WHERE id = " + (h + 1);
                assertEquals(List.of(String.join(",", batch.hosts().tags(h))), column(s, stored), "host " + h);
            }
            // Every cpu row names a host of tags, three rows each; created_at is the time's second.
            String perHost = "SELECT count() FROM (SELECT tags_id, count() AS n FROM cpu"
                    + " WHERE tags_id IN (SELECT id FROM tags) GROUP BY tags_id HAVING n = 3)";
            assertEquals(List.of(Integer.toString(hosts)), column(s, perHost));
            String seconds = "SELECT count() FROM cpu WHERE toUInt32(created_at) != intDiv(time, 1000000000)";
            assertEquals(List.of("0"), column(s, seconds));
            List<String> schema = List.of(DevopsLayout.createCpu("bench"), DevopsLayout.createTags("bench"));
            assertEquals(schema, s.facts(CpuOnlyWorkload.INSTANCE).schema());
        }
    }
}
