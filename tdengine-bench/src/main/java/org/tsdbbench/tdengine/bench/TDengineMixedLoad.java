package org.tsdbbench.tdengine.bench;

import org.tsdbbench.common.bench.MixedLoadBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.tdengine.TDengineDatabase;

/** Writers and readers at the same time against TDengine. */
public class TDengineMixedLoad extends MixedLoadBenchmarkBase {
    @Override
    protected Database database() {
        return new TDengineDatabase();
    }
}
