package org.tsdbbench.influx.bench;

import org.tsdbbench.common.bench.VolumeBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.influx.InfluxDatabase;

/** Write and read speed against InfluxDB as the stored volume grows, block by block from an empty table. */
public class InfluxVolume extends VolumeBenchmarkBase {
    @Override
    protected Database database() {
        return new InfluxDatabase();
    }
}
