package org.tsdbbench.clickhouse;

import org.tsdbbench.common.contract.ServerFaultContract;
import org.tsdbbench.common.db.Database;

/** ClickHouse killed or restarted under a load, a write test and a query step (scripts/servers/clickhouse.sh restarts it). */
class ClickHouseServerFaultTest extends ServerFaultContract {

    @Override
    protected Database db() {
        return new ClickHouseDatabase();
    }
}
