package org.tsdbbench.clickhouse.bench;

import org.tsdbbench.common.bench.QueryBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.clickhouse.ClickHouseDatabase;

/** The query tests against ClickHouse; loads the data set first when the server does not hold it. */
public class ClickHouseQuery extends QueryBenchmarkBase {
    @Override
    protected Database database() {
        return new ClickHouseDatabase();
    }
}
