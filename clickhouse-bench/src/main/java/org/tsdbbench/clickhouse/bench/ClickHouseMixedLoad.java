package org.tsdbbench.clickhouse.bench;

import org.tsdbbench.common.bench.MixedLoadBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.clickhouse.ClickHouseDatabase;

/** Writers and readers at the same time against ClickHouse. */
public class ClickHouseMixedLoad extends MixedLoadBenchmarkBase {
    @Override
    protected Database database() {
        return new ClickHouseDatabase();
    }
}
