package org.tsdbbench.opentsdb;

import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.common.contract.DatabaseContract;

/** The shared contract against the real OpenTSDB (on HBase) started by scripts/servers/opentsdb.sh (scripts/test.sh does it). */
class OpenTsdbContractTest extends DatabaseContract {

    @Override
    protected BenchModule module() {
        return OpenTsdbBenchMain.module();
    }
}
