package org.tsdbbench.common.data;

import java.io.IOException;
import org.tsdbbench.common.workload.BatchSource;

/**
 * A client's stream of the devices' rows, in the order they are written: device by device, each
 * device's rows in time order (the order of the data files). Generated and file-backed sources
 * look the same.
 */
public interface RowSource extends BatchSource {

    /**
     * Clears {@code batch} and fills it with up to {@code rows} next rows of the stream.
     *
     * @return the rows filled; 0 when the stream has ended
     */
    int fill(RowBatch batch, int rows) throws IOException;

    /** {@link #fill} into this source's own batch, made (or made larger) when first asked for so many rows. */
    @Override
    RowBatch next(int rows) throws IOException;
}
