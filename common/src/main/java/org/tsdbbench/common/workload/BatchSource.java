package org.tsdbbench.common.workload;

import java.io.IOException;

/**
 * One client's stream of a workload's rows, in the order they are written, as batches: generated
 * and file-backed sources look the same. A source owns its batch and refills it on every call.
 */
public interface BatchSource extends AutoCloseable {

    /**
     * The next up to {@code rows} rows of the stream, in this source's own batch: valid until the
     * next call, which refills it. An empty batch when the stream has ended.
     */
    Batch next(int rows) throws IOException;

    @Override
    default void close() throws IOException {
    }
}
