package org.tsdbbench.influx;

import org.tsdbbench.common.contract.SecretsContract;
import org.tsdbbench.common.db.Database;

/** The password of the bench admin of the real InfluxDB, which runs with auth-enabled (INFLUX_PASSWORD), never shows; a wrong one is refused as such. */
class InfluxSecretsTest extends SecretsContract {

    @Override
    protected Database db() {
        return new InfluxDatabase();
    }

    @Override
    protected String refusal() {
        return "authorization failed";
    }
}
