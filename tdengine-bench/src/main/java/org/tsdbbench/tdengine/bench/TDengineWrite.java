package org.tsdbbench.tdengine.bench;

import org.tsdbbench.common.bench.WriteBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.tdengine.TDengineDatabase;

/** The write test against TDengine; from an IDE it reaches 127.0.0.1:6041 on the path the server's version picks (-Dtsbench.* settings as for every module). */
public class TDengineWrite extends WriteBenchmarkBase {
    @Override
    protected Database database() {
        return new TDengineDatabase();
    }
}
