package org.tsdbbench.mysql;

import org.tsdbbench.common.contract.SecretsContract;
import org.tsdbbench.common.db.Database;

/** The password of the real MariaDB's bench user (MYSQL_PASSWORD) never shows; a wrong one is refused as such. */
class MySqlSecretsTest extends SecretsContract {

    @Override
    protected Database db() {
        return new MySqlDatabase();
    }

    @Override
    protected String refusal() {
        return "Access denied";
    }
}
