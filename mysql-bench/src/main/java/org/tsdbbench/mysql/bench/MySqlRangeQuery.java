package org.tsdbbench.mysql.bench;

import org.tsdbbench.common.bench.RangeQueryBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.mysql.MySqlDatabase;

/** The concurrent range queries against MySQL; loads the data set first when the server does not hold it. */
public class MySqlRangeQuery extends RangeQueryBenchmarkBase {
    @Override
    protected Database database() {
        return new MySqlDatabase();
    }
}
