package org.tsdbbench.cnosdb;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.BeforeAll;
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
}
