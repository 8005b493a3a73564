package org.tsdbbench.mysql;

import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.common.contract.DatabaseContract;

/** The shared contract against the real MySQL (MariaDB) started by scripts/servers/mysql.sh (scripts/test.sh does it). */
class MySqlContractTest extends DatabaseContract {

    @Override
    protected BenchModule module() {
        return MySqlBenchMain.module();
    }
}
