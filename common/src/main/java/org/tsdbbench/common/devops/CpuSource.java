package org.tsdbbench.common.devops;

import java.io.IOException;
import org.tsdbbench.common.workload.BatchSource;

/** A stream of {@code cpu} rows in the order they are written: generated ({@link CpuGenerator}) or read from a TSBS file ({@link CpuFileReader}). */
public interface CpuSource extends BatchSource {

    /** The next up to {@code rows} rows in this source's own batch (refilled by the next call); empty at the end. */
    @Override
    CpuBatch next(int rows) throws IOException;
}
