package org.tsdbbench.cnosdb;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.contract.DatabaseContract;
import org.tsdbbench.common.db.Database;

/** The shared contract against the real CnosDB started by scripts/servers/cnosdb.sh (scripts/test.sh does it). */
class CnosContractTest extends DatabaseContract {

    @BeforeAll
    void cnosdbIsInstalled() {
        assumeTrue(CnosServer.skipReason() == null, CnosServer.skipReason());
    }

    @Override
    protected Database db() {
        return new CnosDatabase();
    }

    /** Report D's two disk figures: the vnode files as the load left them, and after CnosDB's flush and compaction. */
    @Test
    void theDiskRecordHasTheBytesBeforeAndAfterTheDatabaseSettled(@TempDir Path dir) throws Exception {
        JsonNode disk = loadAndMeasureDisk(List.of("-numOfDevices", "100", "-rowsPerDevice", "120", "-seed", "5"), dir);
        assertTrue(disk.get("bytes").asLong() > 0, disk.toString());
        assertTrue(disk.has("bytesBeforeSettling") && disk.get("bytesBeforeSettling").asLong() >= 0, disk.toString());
    }
}
