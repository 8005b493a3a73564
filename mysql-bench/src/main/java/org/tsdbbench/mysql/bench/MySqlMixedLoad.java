package org.tsdbbench.mysql.bench;

import org.tsdbbench.common.bench.MixedLoadBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.mysql.MySqlDatabase;

/** Writers and readers at the same time against MySQL. */
public class MySqlMixedLoad extends MixedLoadBenchmarkBase {
    @Override
    protected Database database() {
        return new MySqlDatabase();
    }
}
