package org.tsdbbench.tdengine.bench;

import org.tsdbbench.common.bench.QueryBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.tdengine.TDengineDatabase;

/** The query tests against TDengine; loads the data set first when the server does not hold it. */
public class TDengineQuery extends QueryBenchmarkBase {
    @Override
    protected Database database() {
        return new TDengineDatabase();
    }
}
