package org.tsdbbench.clickhouse;

import org.tsdbbench.common.contract.SecretsContract;
import org.tsdbbench.common.db.Database;

/** The password of the real ClickHouse's user default (CLICKHOUSE_PASSWORD) never shows; a wrong one is refused as such. */
class ClickHouseSecretsTest extends SecretsContract {

    @Override
    protected Database db() {
        return new ClickHouseDatabase();
    }

    @Override
    protected String refusal() {
        return "Wrong password for user default";
    }
}
