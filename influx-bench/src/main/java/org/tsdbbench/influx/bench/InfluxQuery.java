package org.tsdbbench.influx.bench;

import org.tsdbbench.common.bench.QueryBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.influx.InfluxDatabase;

/** The query tests against InfluxDB; loads the data set first when the server does not hold it. */
public class InfluxQuery extends QueryBenchmarkBase {
    @Override
    protected Database database() {
        return new InfluxDatabase();
    }
}
