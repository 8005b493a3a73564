package org.tsdbbench.opentsdb.bench;

import org.tsdbbench.common.bench.MixedLoadBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.opentsdb.OpenTsdbDatabase;

/** Writers and readers at the same time against OpenTSDB. */
public class OpenTsdbMixedLoad extends MixedLoadBenchmarkBase {
    @Override
    protected Database database() {
        return new OpenTsdbDatabase();
    }
}
