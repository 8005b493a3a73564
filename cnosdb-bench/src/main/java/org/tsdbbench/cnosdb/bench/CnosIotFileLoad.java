package org.tsdbbench.cnosdb.bench;

import org.tsdbbench.cnosdb.IotLayout;
import org.tsdbbench.cnosdb.LineProtocol;
import org.tsdbbench.common.bench.IotFileLoadBenchmarkBase;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.iot.TruckLines;

/**
 * The client's work on a load of a TSBS file, no server: the file read and each batch's line protocol
 * body built, or, as the session sends it, the file's lines as the batch carries them.
 */
public class CnosIotFileLoad extends IotFileLoadBenchmarkBase {

    private final IotLayout layout = new IotLayout();
    private final LineProtocol lines = new LineProtocol();

    /** The session's request of a TSBS file's records: their lines. */
    @Override
    protected boolean tsbsLines() {
        return true;
    }

    @Override
    protected long build(TruckBatch batch) {
        TruckLines fileLines = batch.lines();
        if (fileLines != null) return fileLines.length();
        layout.lines(batch, lines);
        return lines.length();
    }
}
