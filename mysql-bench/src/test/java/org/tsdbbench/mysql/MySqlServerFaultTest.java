package org.tsdbbench.mysql;

import org.tsdbbench.common.contract.ServerFaultContract;
import org.tsdbbench.common.db.Database;

/** MariaDB killed or restarted under a load, a write test and a query step (scripts/servers/mysql.sh restarts it). */
class MySqlServerFaultTest extends ServerFaultContract {

    @Override
    protected Database db() {
        return new MySqlDatabase();
    }
}
