package org.tsdbbench.common.query;

/**
 * Receives a query's rows as they arrive. The array may be reused for the next row; NULL arrives
 * as NaN. A session passes the database's rows; a dialect's {@link RowShaper} turns them into the
 * catalog's (see {@link Dialect}).
 */
@FunctionalInterface
public interface ResultSink {
    void row(double[] values);

    /**
     * A row with its text columns: {@code texts[i]} is column i as text when the database sent
     * text there (a tag, a name), else null, and {@code values[i]} its number or NaN. Both arrays
     * may be reused for the next row. A sink that reads only numbers (every devices check) keeps
     * this default; one that reads names (a truck, a fleet) overrides it.
     */
    default void row(double[] values, String[] texts) {
        row(values);
    }

    /** The last row has arrived: a sink that combines rows passes its result on now. */
    default void end() {
    }
}
