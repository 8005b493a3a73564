package org.tsdbbench.tdengine.bench;

import org.tsdbbench.common.bench.WriteBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.tdengine.TDengineDatabase;

/** The write test against TDengine 3.x; runs from an IDE against taosAdapter at 127.0.0.1:6041 (WebSocket). */
public class TDengineWrite extends WriteBenchmarkBase {
    @Override
    protected Database database() {
        return new TDengineDatabase();
    }
}
