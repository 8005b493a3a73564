package org.tsdbbench.influx.bench;

import org.tsdbbench.common.bench.WriteBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.influx.InfluxDatabase;

/** The write test against InfluxDB; runs from an IDE against 127.0.0.1:8086. */
public class InfluxWrite extends WriteBenchmarkBase {
    @Override
    protected Database database() {
        return new InfluxDatabase();
    }
}
