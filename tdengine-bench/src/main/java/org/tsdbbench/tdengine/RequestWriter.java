package org.tsdbbench.tdengine;

import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.iot.TruckBatch;

/** Sends one request of rows in one write mode; returns the rows acknowledged. */
interface RequestWriter extends AutoCloseable {

    long write(RowBatch batch) throws DatabaseException;

    /** The request built now (text, or bound columns) and sent later: {@code --option prebuild=true}. */
    PreparedWrite prepare(RowBatch batch);

    /** Sends one request of IoT records (report C's layout, {@link IotLayout}); returns the records acknowledged. */
    default long write(TruckBatch batch) throws DatabaseException {
        throw new DatabaseException(notIot());
    }

    /** The IoT request built now and sent later ({@code --option prebuild=true}). */
    default PreparedWrite prepare(TruckBatch batch) throws DatabaseException {
        throw new DatabaseException(notIot());
    }

    /** Why this write mode does not take the IoT workload. */
    default String notIot() {
        return "this write mode does not write the iot workload: use --option writeMode=sql or stmt";
    }

    /** Sends one request of DevOps cpu rows (TSBS's layout, {@link CpuLayout}); returns the rows acknowledged. */
    default long write(CpuBatch batch) throws DatabaseException {
        throw new DatabaseException(notDevops());
    }

    /** The DevOps request built now and sent later ({@code --option prebuild=true}). */
    default PreparedWrite prepare(CpuBatch batch) throws DatabaseException {
        throw new DatabaseException(notDevops());
    }

    /** Why this write mode does not take the DevOps workload (line names itself). */
    default String notDevops() {
        return "this write mode does not write the cpu-only workload: use --option writeMode=sql or stmt";
    }

    /** How the rows are acknowledged, for the manifest and README (a count from the server, or the request's success). */
    String acknowledgement();

    @Override
    default void close() {
    }
}
