package org.tsdbbench.common.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.data.DeviceDataSet;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.ConnectionOptions;

/** The load's rows/s counts the writing only: the clock starts once every client's session is open. */
class LoaderClockTest {

    @Test
    void openingTheSessionsIsNotTimed() throws Exception {
        InMemoryDatabase db = new InMemoryDatabase();
        WorkloadSpec spec = new WorkloadSpec(8, 50, WorkloadSpec.DEFAULT_START_TS, 1);
        ConnectionOptions conn = new ConnectionOptions("127.0.0.1", 1, "bench", "bench", ConnectionOptions.Secret.none(), Map.of());
        db.openMillis = 1_000;
        Loader.Result r = Loader.load(db, conn, DeviceDataSet.generated(spec), spec.totalRows(), 4, 10, n -> { });
        assertTrue(r.verified(), r.describe());
        assertEquals(400, r.rowsStored());
        // 400 rows into memory take a few milliseconds; each client's session took a second to open.
        assertTrue(r.elapsedNanos() < 500_000_000L, "the load's clock ran " + r.elapsedNanos() / 1_000_000 + " ms: it counted the connecting");
    }
}
