package org.tsdbbench.opentsdb;

import java.util.List;
import java.util.Map;
import org.tsdbbench.common.budget.TestBudget;
import org.tsdbbench.common.contract.ServerFaultContract;
import org.tsdbbench.common.db.Database;

/** OpenTSDB (its TSD) killed or restarted under a load, a write test and a query step (scripts/servers/opentsdb.sh restarts it). */
// 264 s in the baseline CI run (docs/tests.md, "How long it takes"): the default 300 s would leave it little margin.
@TestBudget(seconds = 600)
class OpenTsdbServerFaultTest extends ServerFaultContract {

    @Override
    protected Database db() {
        return new OpenTsdbDatabase();
    }

    /** The TSD and HBase each killed mid-write, with puts answered before HBase has them (the default) and after (?sync). */
    @Override
    protected List<DurabilityCase> durabilityCases() {
        return List.of(new DurabilityCase("OpenTSDB, put without ?sync, TSD killed", Map.of("sync", "false"), "tsd"),
                new DurabilityCase("OpenTSDB, put ?sync, TSD killed", Map.of("sync", "true"), "tsd"),
                new DurabilityCase("OpenTSDB, put without ?sync, HBase killed", Map.of("sync", "false"), "hbase"),
                new DurabilityCase("OpenTSDB, put ?sync, HBase killed", Map.of("sync", "true"), "hbase"));
    }
}
