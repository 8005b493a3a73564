package org.tsdbbench.cnosdb.bench;

import org.tsdbbench.cnosdb.IotLayout;
import org.tsdbbench.cnosdb.LineProtocol;
import org.tsdbbench.common.bench.IotFileLoadBenchmarkBase;
import org.tsdbbench.common.iot.TruckBatch;

/** The client's work on a load of a TSBS file, no server: the file read and each batch's line protocol body built. */
public class CnosIotFileLoad extends IotFileLoadBenchmarkBase {

    private final IotLayout layout = new IotLayout();
    private final LineProtocol lines = new LineProtocol();

    @Override
    protected long build(TruckBatch batch) {
        layout.lines(batch, lines);
        return lines.length();
    }
}
