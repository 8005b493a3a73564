package org.tsdbbench.common.iot;

import java.io.IOException;
import org.tsdbbench.common.workload.BatchSource;

/**
 * A stream of IoT records in the order they are written, as batches: generated
 * ({@link IotGenerator#source}) or read from a TSBS file ({@link IotFileReader}) look the same.
 * As a workload's {@link BatchSource} it refills a batch of its own ({@link #next}).
 */
public interface IotRowSource extends BatchSource {

    /** The trucks the records' truck indexes refer to. */
    Trucks trucks();

    /**
     * Clears {@code batch} and fills it with up to {@code records} next records of the stream.
     *
     * @return the records filled; 0 when the stream has ended
     */
    int fill(TruckBatch batch, int records) throws IOException;

    /** {@link #fill} into this source's own batch, made (or made larger) when first asked for so many records. */
    @Override
    TruckBatch next(int records) throws IOException;

    @Override
    default void close() throws IOException {
    }
}
