package org.tsdbbench.opentsdb.bench;

import org.tsdbbench.common.bench.RangeQueryBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.opentsdb.OpenTsdbDatabase;

/** The concurrent range queries against OpenTSDB; loads the data set first when the server does not hold it. */
public class OpenTsdbRangeQuery extends RangeQueryBenchmarkBase {
    @Override
    protected Database database() {
        return new OpenTsdbDatabase();
    }
}
