package org.tsdbbench.opentsdb;

import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.common.contract.ServerFaultContract;

/** OpenTSDB (its TSD) killed or restarted under a load, a write test and a query step (scripts/servers/opentsdb.sh restarts it). */
class OpenTsdbServerFaultTest extends ServerFaultContract {

    @Override
    protected BenchModule module() {
        return OpenTsdbBenchMain.module();
    }

    @Override
    protected Class<?> mainClass() {
        return OpenTsdbBenchMain.class;
    }

    @Override
    protected String serverScript() {
        return "opentsdb";
    }
}
