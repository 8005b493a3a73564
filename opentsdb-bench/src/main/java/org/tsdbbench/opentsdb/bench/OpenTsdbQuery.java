package org.tsdbbench.opentsdb.bench;

import org.tsdbbench.common.bench.QueryBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.opentsdb.OpenTsdbDatabase;

/** The query tests against OpenTSDB; loads the data set first when the server does not hold it. */
public class OpenTsdbQuery extends QueryBenchmarkBase {
    @Override
    protected Database database() {
        return new OpenTsdbDatabase();
    }
}
