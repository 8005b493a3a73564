package org.tsdbbench.cnosdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.IotQueriesContract;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotTag;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.query.ResultSink;

/**
 * The IoT trucks against the real CnosDB started by scripts/servers/cnosdb.sh, in a database of
 * their own ({@code bench_iot}): the shared {@link IotQueriesContract} (every query checked; none is
 * absent; tags per record), and a record with a null tag stored in a series without it.
 */
class CnosIotTest extends IotQueriesContract {

    @BeforeAll
    void cnosdbIsInstalled() {
        assumeTrue(CnosServer.skipReason() == null, CnosServer.skipReason());
    }

    @Override
    protected Database db() {
        return new CnosDatabase();
    }

    @Override
    protected ConnectionOptions connection(Map<String, String> moduleOptions) {
        String password = System.getenv("CNOSDB_PASSWORD");
        assertTrue(password != null && !password.isBlank(), "CNOSDB_PASSWORD must hold root's password (scripts/servers/cnosdb.sh client gives it)");
        return new ConnectionOptions(CnosServer.host(), Integer.parseInt(CnosServer.port()), "root", "bench_iot",
                ConnectionOptions.Secret.of(password), moduleOptions);
    }

    @Test
    void aRecordWithANullTagAndNullFieldsIsStoredWithoutThem() throws Exception {
        try (Session session = db().open(connection())) {
            SPEC.recreateSchema(session);
            IotRowSource source = generator().all();
            TruckBatch batch = new TruckBatch(source.trucks(), 20_000);
            long written = 0;
            long withNullName = 0;
            while (source.fill(batch, batch.capacity()) > 0) {
                written += batch.write(session);
                for (int r = 0; r < batch.readings.size(); r++) {
                    if (batch.readings.tagCode(batch.trucks, r, IotTag.NAME) < 0) withNullName++;
                }
            }
            assertEquals(written, SPEC.countRows(session));
            assertTrue(withNullName > 0, "the data set has readings without a name");
            long[] stored = {-1};
            session.query("SELECT COUNT(time) FROM readings WHERE name IS NULL", new ResultSink() {
                @Override
                public void row(double[] values) {
                    stored[0] = (long) values[0];
                }
            });
            assertEquals(withNullName, stored[0], "readings stored without a name (their own series)");
        }
    }
}
