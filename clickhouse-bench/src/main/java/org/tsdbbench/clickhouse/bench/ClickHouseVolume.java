package org.tsdbbench.clickhouse.bench;

import org.tsdbbench.common.bench.VolumeBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.clickhouse.ClickHouseDatabase;

/** Write and read speed against ClickHouse as the stored volume grows, block by block from an empty table. */
public class ClickHouseVolume extends VolumeBenchmarkBase {
    @Override
    protected Database database() {
        return new ClickHouseDatabase();
    }
}
