package org.tsdbbench.tdengine;

import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.PreparedWrite;

/** Sends one request of rows in one write mode; returns the rows acknowledged. */
interface RequestWriter extends AutoCloseable {

    long write(RowBatch batch) throws DatabaseException;

    /** The request built now (text, or bound columns) and sent later: {@code --option prebuild=true}. */
    PreparedWrite prepare(RowBatch batch);

    /** How the rows are acknowledged, for the manifest and README (a count from the server, or the request's success). */
    String acknowledgement();

    @Override
    default void close() {
    }
}
