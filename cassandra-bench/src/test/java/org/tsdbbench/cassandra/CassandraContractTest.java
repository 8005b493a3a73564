package org.tsdbbench.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.DatabaseContract;
import org.tsdbbench.common.data.DeviceGenerator;
import org.tsdbbench.common.data.DeviceRange;
import org.tsdbbench.common.data.GeneratedRows;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;

/** The shared contract against the real Cassandra started by scripts/servers/cassandra.sh (scripts/test.sh does it). */
class CassandraContractTest extends DatabaseContract {

    @Override
    protected Database db() {
        return new CassandraDatabase();
    }

    @Override
    protected List<ConnectionOptions> everyWriteMode() throws IOException {
        List<ConnectionOptions> modes = new ArrayList<>();
        for (CassandraSession.WriteMode m : CassandraSession.WriteMode.values()) {
            modes.add(connection().withExtra(Map.of(CassandraDatabase.WRITE_MODE.name(), m.name().toLowerCase(java.util.Locale.ROOT))));
        }
        return modes;
    }

    /**
     * {@code --option prebuild=true}: a prepared request holds its statements with every value
     * already bound (one UNLOGGED batch per partition, or one INSERT a row), which a later refill
     * of the batch leaves alone.
     */
    @Test
    void aPreparedRequestHoldsItsStatementsBoundAhead() throws Exception {
        for (ConnectionOptions o : everyWriteMode()) {
            try (CassandraSession s = (CassandraSession) db().open(o)) {
                s.recreateSchema(SMALL);
                RowBatch batch = new RowBatch(2 * SMALL.rowsPerDevice());
                GeneratedRows devices = new GeneratedRows(new DeviceGenerator(SMALL), new DeviceRange(1, 4), false);
                devices.fill(batch, batch.capacity());
                RowBatch sent = batch.copy();
                CassandraSession.PreparedStatements p = s.prepare(batch);
                devices.fill(batch, batch.capacity());
                s.prepare(batch); // the next request
                List<BoundStatement> bound = new ArrayList<>();
                boolean batchMode = o.extra().get(CassandraDatabase.WRITE_MODE.name()).equals("batch");
                // Devices 1 and 2 are in two partitions (devgroups): two batches, or one INSERT a row.
                assertEquals(batchMode ? 2 : sent.size(), p.statements.size(), o.extra().toString());
                for (Statement<?> st : p.statements) {
                    if (batchMode) {
                        for (BatchableStatement<?> b : assertInstanceOf(BatchStatement.class, st)) bound.add(assertInstanceOf(BoundStatement.class, b));
                    } else {
                        bound.add(assertInstanceOf(BoundStatement.class, st));
                    }
                }
                assertEquals(sent.size(), bound.size());
                for (int i = 0; i < sent.size(); i++) {
                    BoundStatement b = bound.get(i);
                    assertEquals(sent.devid[i], b.getInt("devid"));
                    assertEquals(sent.devgroup[i], b.getInt("devgroup"));
                    assertEquals(sent.devname[i], b.getString("devname"));
                    assertEquals(sent.ts[i], b.getInstant("ts").toEpochMilli());
                    assertEquals(sent.temperature[i], b.getInt("temperature"));
                    assertEquals(sent.humidity[i], b.getFloat("humidity"));
                }
                assertEquals(sent.size(), p.rows());
                assertEquals(0, s.countRows(SMALL), "preparing sends nothing");
            }
        }
    }
}
