package org.tsdbbench.timescaledb;

import org.tsdbbench.common.contract.ServerFaultContract;
import org.tsdbbench.common.db.Database;

/** TimescaleDB's postmaster killed or restarted under a load, a write test and a query step (scripts/servers/timescaledb.sh restarts it). */
class TimescaleServerFaultTest extends ServerFaultContract {

    @Override
    protected String unavailableBecause() {
        return TimescaleServer.skipReason();
    }

    @Override
    protected Database db() {
        return new TimescaleDatabase();
    }
}
