package org.tsdbbench.common.data;

import java.io.IOException;

/**
 * A client's stream of rows, in the order they are written: device by device, each device's rows
 * in time order (the order of the data files). Generated and file-backed sources look the same.
 */
public interface RowSource extends AutoCloseable {

    /**
     * Clears {@code batch} and fills it with up to {@code rows} next rows of the stream.
     *
     * @return the rows filled; 0 when the stream has ended
     */
    int fill(RowBatch batch, int rows) throws IOException;

    @Override
    default void close() throws IOException {
    }
}
