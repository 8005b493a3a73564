package org.tsdbbench.clickhouse;

import org.tsdbbench.common.contract.DatabaseContract;
import org.tsdbbench.common.db.Database;

/** The shared contract against the real ClickHouse started by scripts/servers/clickhouse.sh (scripts/test.sh does it). */
class ClickHouseContractTest extends DatabaseContract {

    @Override
    protected Database db() {
        return new ClickHouseDatabase();
    }
}
