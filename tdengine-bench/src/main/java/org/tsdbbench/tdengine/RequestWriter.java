package org.tsdbbench.tdengine;

import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.PreparedWrite;

/** Sends one request of rows in one write mode; returns the rows acknowledged. */
interface RequestWriter extends AutoCloseable {

    long write(RowBatch batch) throws DatabaseException;

    /** The request built now and sent later; null where building and sending are one driver call (bound parameters). */
    default PreparedWrite prepare(RowBatch batch) {
        return null;
    }

    /** How the rows are acknowledged, for the manifest and README (a count from the server, or the request's success). */
    String acknowledgement();

    @Override
    default void close() {
    }
}
