package org.tsdbbench.timescaledb;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.tsdbbench.common.contract.DatabaseContract;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;

/** The shared contract against the real TimescaleDB started by scripts/servers/timescaledb.sh (scripts/test.sh does it), in every write mode. */
class TimescaleContractTest extends DatabaseContract {

    @BeforeAll
    void serverCanBeHad() {
        assumeTrue(TimescaleServer.skipReason() == null, TimescaleServer.skipReason());
    }

    @Override
    protected Database db() {
        return new TimescaleDatabase();
    }

    @Override
    protected List<ConnectionOptions> everyWriteMode() throws IOException {
        List<ConnectionOptions> modes = new ArrayList<>();
        for (WriteMode m : WriteMode.values()) {
            modes.add(connection().withExtra(Map.of(TimescaleDatabase.WRITE_MODE.name(), m.name().toLowerCase(Locale.ROOT))));
        }
        return modes;
    }
}
