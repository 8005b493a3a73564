package org.tsdbbench.clickhouse;

import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.common.contract.DatabaseContract;

/** The shared contract against the real ClickHouse started by scripts/servers/clickhouse.sh (scripts/test.sh does it). */
class ClickHouseContractTest extends DatabaseContract {

    @Override
    protected BenchModule module() {
        return ClickHouseBenchMain.module();
    }
}
