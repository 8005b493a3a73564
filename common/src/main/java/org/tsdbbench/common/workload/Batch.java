package org.tsdbbench.common.workload;

import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.Dialect;

/**
 * One request's worth of a workload's rows, in columns (no object per row), refilled by its
 * {@link BatchSource}. Sending it calls its workload's own session interface (the devices'
 * {@code DeviceSession}, the trucks' {@code IotSession}): one interface call per request, none per row.
 */
public interface Batch {

    /** Rows in the batch, over all its tables: what a database acknowledges. */
    int size();

    /**
     * The values the rows carry, as TSBS counts metrics: the field values of each row's line
     * (the IoT trucks' numeric tags among them, as TSBS's influx format writes them), nulls left
     * out. Metrics/s is this over the time, beside rows/s.
     */
    long metrics();

    /**
     * Rows of this batch that a database speaking {@code dialect} stores in place of a row an earlier
     * batch of the same source wrote (two rows sharing its key: the IoT records without a name):
     * acknowledged, they add no stored row. None by default.
     */
    default long superseded(Dialect dialect) {
        return 0;
    }

    default boolean isEmpty() {
        return size() == 0;
    }

    /** Sends the rows as one request (its workload session's {@code write}); the rows the database acknowledged. */
    long write(Session session) throws DatabaseException;

    /** Builds the request for these rows now, to be sent later (its {@code prepare}). */
    PreparedWrite prepare(Session session) throws DatabaseException;
}
