package org.tsdbbench.clickhouse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.CliCapture;
import org.tsdbbench.common.contract.QueryFilesCheck;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.query.LogicalQuery;

/** What the ClickHouse module does without a server: request bodies, SQL, version parsing. */
class ClickHouseOfflineTest {

    @Test
    void theManifestNamesTheClientsVersion() {
        assertTrue(ClickHouseSession.driver().matches("ClickHouse client-v2 \\d+\\.\\d+\\.\\d+.*"), ClickHouseSession.driver());
    }

    @Test
    void tabSeparatedBodyInTableColumnOrder() {
        RowBatch b = new RowBatch(2);
        b.add(1, "dev_1", 1, 1_563_249_700_000L, -5, 57.25f);
        b.add(2, "dev_2", 2, 1_563_249_701_000L, 38, 12.3456f);
        TabSeparatedBuilder.Buffer body = new TabSeparatedBuilder().build(b);
        assertEquals("1\tdev_1\t1\t1563249700000\t-5\t57.25\n2\tdev_2\t2\t1563249701000\t38\t12.3456\n",
                new String(body.array(), 0, body.length(), StandardCharsets.US_ASCII));
    }

    /** {@code --option prebuild=true}: the body is encoded when prepared, into bytes a later refill of the batch leaves alone. */
    @Test
    void aPreparedInsertHoldsItsBodyEncodedAhead() {
        RowBatch b = new RowBatch(2);
        b.add(1, "dev_1", 1, 1_563_249_700_000L, -5, 57.25f);
        b.add(2, "dev_2", 2, 1_563_249_701_000L, 38, 12.3456f);
        ClickHouseSession session = new ClickHouseSession(null, "bench", "24.8", true); // no server: preparing sends nothing
        ClickHouseSession.PreparedInsert p = session.prepare(b);
        b.clear();
        b.add(3, "dev_3", 3, 1_563_249_702_000L, 1, 1f);
        session.prepare(b); // the session's next request, built in its reused buffer
        String body = "1\tdev_1\t1\t1563249700000\t-5\t57.25\n2\tdev_2\t2\t1563249701000\t38\t12.3456\n";
        assertEquals(body, new String(p.body, StandardCharsets.US_ASCII));
        assertEquals(2, p.rows());
        assertEquals(64 + body.length(), p.bytes());
    }

    @Test
    void queriesSayTheCatalog() {
        ClickHouseDialect d = new ClickHouseDialect();
        WorkloadSpec spec = WorkloadSpec.defaults();
        assertEquals("SELECT count() FROM devices WHERE devgroup < 10", d.render(LogicalQuery.parse("q2.count.p10"), spec).orElseThrow());
        assertEquals("SELECT stddevPop(temperature) FROM devices", d.render(LogicalQuery.parse("q2.stddev.p100"), spec).orElseThrow());
        assertEquals("SELECT intDiv(ts, 60000) * 60000 AS minute, SUM(temperature) FROM devices WHERE devgroup < 50 GROUP BY minute",
                d.render(LogicalQuery.parse("q4.sum.p50"), spec).orElseThrow());
    }

    @Test
    void serverVersionDecidesTheCompatibilityPath() {
        assertEquals(18, ClickHouseDatabase.major("18.16.1"));
        assertEquals(24, ClickHouseDatabase.major("24.8.4.13"));
        assertEquals(0, ClickHouseDatabase.major("unknown"));
    }

    @Test
    void queryFilesAreTheRenderedCatalog() throws Exception {
        QueryFilesCheck.assertFilesMatchDialect(new ClickHouseDatabase());
    }

    /** The steps' options are common to every module: a stray % in a description makes picocli print a warning instead of help. */
    @Test
    void everyStepsHelpPrintsCleanly() {
        for (String step : List.of("write", "load", "query", "disk", "range", "volume", "mixed", "schema", "verify", "fault")) {
            CliCapture.Result r = CliCapture.run(new ClickHouseDatabase(), List.of(step, "--help"));
            assertEquals(0, r.exit(), step);
            assertTrue(r.output().contains("Usage: clickhouse-bench " + step), step);
            assertFalse(r.output().contains("WARN"), step + ": " + r.output());
        }
    }
}
