package org.tsdbbench.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.QueryFilesCheck;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.query.LogicalQuery;

/** What the MySQL module does without a server: SQL of requests and queries. */
class MySqlOfflineTest {

    @Test
    void insertHoldsEveryRowAndEscapesNames() {
        RowBatch b = new RowBatch(2);
        b.add(1, "dev_1", 1, 1_563_249_700_000L, -5, 57.25f);
        b.add(2, "it's\\", 2, 1_563_249_701_000L, 38, 12.3456f);
        assertEquals("INSERT INTO devices (devid,devname,devgroup,ts,temperature,humidity) VALUES "
                + "(1,'dev_1',1,1563249700000,-5,57.25),(2,'it\\'s\\\\',2,1563249701000,38,12.3456)", new MySqlInsertBuilder().build(b));
    }

    /** {@code --option prebuild=true}, multirow: the INSERT text is built when prepared, and a later refill of the batch leaves it alone. */
    @Test
    void aPreparedInsertHoldsItsTextBuiltAhead() throws Exception {
        RowBatch b = new RowBatch(2);
        b.add(1, "dev_1", 1, 1_563_249_700_000L, -5, 57.25f);
        b.add(2, "dev_2", 2, 1_563_249_701_000L, 38, 12.3456f);
        String expected = new MySqlInsertBuilder().build(b);
        MySqlSession session = new MySqlSession(null, MySqlSession.WriteMode.MULTIROW); // no server: preparing sends nothing
        MySqlSession.PreparedInsert p = (MySqlSession.PreparedInsert) session.prepare(b);
        b.clear();
        b.add(3, "dev_3", 3, 1_563_249_702_000L, 1, 1f);
        session.prepare(b); // the session's next request, built by its reused builder
        assertEquals(expected, p.sql);
        assertEquals(2, p.rows());
        assertEquals(64 + expected.length(), p.bytes());
    }

    @Test
    void dialectSelectsTheSameGroupsAsTheCatalog() {
        MySqlDialect d = new MySqlDialect();
        WorkloadSpec spec = WorkloadSpec.defaults();
        assertEquals("SELECT AVG(temperature) FROM devices WHERE devgroup < 30", d.render(LogicalQuery.parse("q2.avg.p30"), spec).orElseThrow());
        assertEquals("SELECT MAX(temperature) - MIN(temperature) FROM devices", d.render(LogicalQuery.parse("q2.spread.p100"), spec).orElseThrow());
        assertEquals("SELECT ts DIV 60000 * 60000 AS minute, COUNT(*) FROM devices WHERE devgroup < 10 GROUP BY minute",
                d.render(LogicalQuery.parse("q4.count.p10"), spec).orElseThrow());
        assertTrue(d.render(LogicalQuery.parse("q1.g40"), spec).orElseThrow().endsWith("WHERE devgroup = 40"));
    }

    @Test
    void averagesComeWithEnoughDecimalsForTheAnswerCheck() {
        // MariaDB's default 4 decimals would be off by up to 5e-5: more than the 1/(8n) an average of n > 2,500 rows is allowed.
        ConnectionOptions o = new ConnectionOptions("127.0.0.1", 3306, "bench", "bench", ConnectionOptions.Secret.none(), Map.of());
        assertEquals("div_precision_increment=30", MySqlDatabase.properties(o).getProperty("sessionVariables"));
    }

    @Test
    void queryFilesAreTheRenderedCatalog() throws Exception {
        QueryFilesCheck.assertFilesMatchDialect(new MySqlDatabase());
    }
}
