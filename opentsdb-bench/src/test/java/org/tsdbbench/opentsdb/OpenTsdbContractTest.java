package org.tsdbbench.opentsdb;

import org.tsdbbench.common.contract.DatabaseContract;
import org.tsdbbench.common.db.Database;

/** The shared contract against the real OpenTSDB (on HBase) started by scripts/servers/opentsdb.sh (scripts/test.sh does it). */
class OpenTsdbContractTest extends DatabaseContract {

    @Override
    protected Database db() {
        return new OpenTsdbDatabase();
    }
}
