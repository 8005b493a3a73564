package org.tsdbbench.mysql;

import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.common.contract.ServerFaultContract;

/** MariaDB killed or restarted under a load, a write test and a query step (scripts/servers/mysql.sh restarts it). */
class MySqlServerFaultTest extends ServerFaultContract {

    @Override
    protected BenchModule module() {
        return MySqlBenchMain.module();
    }

    @Override
    protected Class<?> mainClass() {
        return MySqlBenchMain.class;
    }

    @Override
    protected String serverScript() {
        return "mysql";
    }
}
