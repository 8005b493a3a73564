package org.tsdbbench.cnosdb;

import org.tsdbbench.common.contract.ServerFaultContract;
import org.tsdbbench.common.db.Database;

/** CnosDB killed or restarted under a load, a write test and a query step (scripts/servers/cnosdb.sh restarts it). */
class CnosServerFaultTest extends ServerFaultContract {

    @Override
    protected Database db() {
        return new CnosDatabase();
    }

    @Override
    protected String unavailableBecause() {
        return CnosServer.skipReason();
    }
}
