package org.tsdbbench.common.query;

/**
 * Turns the rows a database returns for one logical query into the catalog's shape (see
 * {@link Dialect}): a dialect knows both what it asked and what comes back, so it owns both the
 * text and the shaper, and a session only decodes its wire format into rows of numbers.
 */
@FunctionalInterface
public interface RowShaper {

    /** The rows as they come are already the catalog's. */
    RowShaper AS_IS = canonical -> canonical;

    /**
     * A sink for the database's rows that passes the catalog's rows on to {@code canonical}; its
     * {@link ResultSink#end()} must be called after the last row (a shaper may combine rows).
     */
    ResultSink shape(ResultSink canonical);
}
