package org.tsdbbench.mysql.bench;

import org.tsdbbench.common.bench.QueryBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.mysql.MySqlDatabase;

/** The query tests against MySQL; loads the data set first when the server does not hold it. */
public class MySqlQuery extends QueryBenchmarkBase {
    @Override
    protected Database database() {
        return new MySqlDatabase();
    }
}
