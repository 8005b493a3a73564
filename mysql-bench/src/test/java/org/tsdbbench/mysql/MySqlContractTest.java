package org.tsdbbench.mysql;

import org.tsdbbench.common.contract.DatabaseContract;
import org.tsdbbench.common.db.Database;

/** The shared contract against the real MySQL (MariaDB) started by scripts/servers/mysql.sh (scripts/test.sh does it). */
class MySqlContractTest extends DatabaseContract {

    @Override
    protected Database db() {
        return new MySqlDatabase();
    }
}
