package org.tsdbbench.clickhouse.bench;

import org.tsdbbench.common.bench.RangeQueryBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.clickhouse.ClickHouseDatabase;

/** The concurrent range queries against ClickHouse; loads the data set first when the server does not hold it. */
public class ClickHouseRangeQuery extends RangeQueryBenchmarkBase {
    @Override
    protected Database database() {
        return new ClickHouseDatabase();
    }
}
