package org.tsdbbench.influx.bench;

import org.tsdbbench.common.bench.IotFileLoadBenchmarkBase;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.influx.IotRequestBody;

/**
 * The client's work on a load of a TSBS file, no server: the file read and each batch's line protocol
 * body built, or, as the session sends it, the file's lines as the batch carries them.
 */
public class InfluxIotFileLoad extends IotFileLoadBenchmarkBase {

    private final IotRequestBody body = new IotRequestBody();

    /** The session's request of a TSBS file's records: their lines. */
    @Override
    protected boolean tsbsLines() {
        return true;
    }

    @Override
    protected long build(TruckBatch batch) {
        return body.build(batch);
    }
}
