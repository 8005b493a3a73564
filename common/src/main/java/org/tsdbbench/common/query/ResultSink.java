package org.tsdbbench.common.query;

/**
 * Receives a query's rows as they arrive, in the dialect's canonical column order (see
 * {@link Dialect}). The array may be reused for the next row; NULL arrives as NaN.
 */
@FunctionalInterface
public interface ResultSink {
    void row(double[] values);
}
