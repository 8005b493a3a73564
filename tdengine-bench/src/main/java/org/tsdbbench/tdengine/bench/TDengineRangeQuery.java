package org.tsdbbench.tdengine.bench;

import org.tsdbbench.common.bench.RangeQueryBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.tdengine.TDengineDatabase;

/** The concurrent range queries against TDengine; loads the data set first when the server does not hold it. */
public class TDengineRangeQuery extends RangeQueryBenchmarkBase {
    @Override
    protected Database database() {
        return new TDengineDatabase();
    }
}
