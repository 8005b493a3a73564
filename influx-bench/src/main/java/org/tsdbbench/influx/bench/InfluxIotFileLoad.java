package org.tsdbbench.influx.bench;

import org.tsdbbench.common.bench.IotFileLoadBenchmarkBase;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.influx.IotRequestBody;

/** The client's work on a load of a TSBS file, no server: the file read and each batch's line protocol body built. */
public class InfluxIotFileLoad extends IotFileLoadBenchmarkBase {

    private final IotRequestBody body = new IotRequestBody();

    @Override
    protected long build(TruckBatch batch) {
        return body.build(batch);
    }
}
