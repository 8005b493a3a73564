package org.tsdbbench.tdengine.bench;

import org.tsdbbench.common.bench.IotFileLoadBenchmarkBase;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.tdengine.TDengineRequests;

/** The client's work on a load of a TSBS file, no server: the file read and each batch's INSERT text (writeMode=sql) built. */
public class TDengineIotFileLoad extends IotFileLoadBenchmarkBase {

    private final TDengineRequests requests = new TDengineRequests();

    @Override
    protected long build(TruckBatch batch) {
        long chars = 0;
        for (String statement : requests.iotSql(batch)) chars += statement.length();
        return chars;
    }
}
