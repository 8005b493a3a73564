package org.tsdbbench.influx.bench;

import org.tsdbbench.common.bench.MixedLoadBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.influx.InfluxDatabase;

/** Writers and readers at the same time against InfluxDB. */
public class InfluxMixedLoad extends MixedLoadBenchmarkBase {
    @Override
    protected Database database() {
        return new InfluxDatabase();
    }
}
