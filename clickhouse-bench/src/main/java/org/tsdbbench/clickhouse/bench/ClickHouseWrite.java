package org.tsdbbench.clickhouse.bench;

import org.tsdbbench.common.bench.WriteBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.clickhouse.ClickHouseDatabase;

/** The write test against ClickHouse; runs from an IDE against 127.0.0.1:8123. */
public class ClickHouseWrite extends WriteBenchmarkBase {
    @Override
    protected Database database() {
        return new ClickHouseDatabase();
    }
}
