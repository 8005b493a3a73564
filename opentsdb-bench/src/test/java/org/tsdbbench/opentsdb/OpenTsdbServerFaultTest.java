package org.tsdbbench.opentsdb;

import org.tsdbbench.common.contract.ServerFaultContract;
import org.tsdbbench.common.db.Database;

/** OpenTSDB (its TSD) killed or restarted under a load, a write test and a query step (scripts/servers/opentsdb.sh restarts it). */
class OpenTsdbServerFaultTest extends ServerFaultContract {

    @Override
    protected Database db() {
        return new OpenTsdbDatabase();
    }
}
