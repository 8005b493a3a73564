package org.tsdbbench.clickhouse;

import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.common.contract.ServerFaultContract;

/** ClickHouse killed or restarted under a load, a write test and a query step (scripts/servers/clickhouse.sh restarts it). */
class ClickHouseServerFaultTest extends ServerFaultContract {

    @Override
    protected BenchModule module() {
        return ClickHouseBenchMain.module();
    }

    @Override
    protected Class<?> mainClass() {
        return ClickHouseBenchMain.class;
    }

    @Override
    protected String serverScript() {
        return "clickhouse";
    }
}
