package org.tsdbbench.timescaledb.bench;

import org.tsdbbench.common.bench.IotFileLoadBenchmarkBase;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.timescaledb.TimescaleIotRequests;

/** The client's work on a load of a TSBS file, no server: the file read and each batch's COPY bodies built. */
public class TimescaleIotFileLoad extends IotFileLoadBenchmarkBase {

    private final TimescaleIotRequests requests = new TimescaleIotRequests();

    @Override
    protected long build(TruckBatch batch) {
        return requests.copy(batch);
    }
}
