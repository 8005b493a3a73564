package org.tsdbbench.influx.bench;

import org.tsdbbench.common.bench.RangeQueryBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.influx.InfluxDatabase;

/** The concurrent range queries against InfluxDB; loads the data set first when the server does not hold it. */
public class InfluxRangeQuery extends RangeQueryBenchmarkBase {
    @Override
    protected Database database() {
        return new InfluxDatabase();
    }
}
