package org.tsdbbench.common.query;

/**
 * Receives a query's rows as they arrive. The array may be reused for the next row; NULL arrives
 * as NaN. A session passes the database's rows; a dialect's {@link RowShaper} turns them into the
 * catalog's (see {@link Dialect}).
 */
@FunctionalInterface
public interface ResultSink {
    void row(double[] values);

    /** The last row has arrived: a sink that combines rows passes its result on now. */
    default void end() {
    }
}
