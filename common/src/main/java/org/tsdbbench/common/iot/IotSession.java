package org.tsdbbench.common.iot;

import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.db.Session;

/**
 * What a database implements to take the IoT trucks: their tables, the write of a {@link TruckBatch}
 * and the count and bytes of what it stores. A module's session implements it beside the other
 * workloads'; the trucks' own types reach it through {@link #of}, so {@link Session} and the harness
 * never name the trucks.
 */
public interface IotSession extends Session {

    /** Drops the IoT workload's tables (readings, diagnostics) if present and creates them empty. */
    void recreateSchema(IotSpec spec) throws DatabaseException;

    /**
     * Sends one request holding the batch's IoT records (both tables; a module may send one
     * request per table and count both as this request's).
     *
     * @return the records the database acknowledged (not the records sent)
     * @throws DatabaseException when the request failed
     */
    long write(TruckBatch batch) throws DatabaseException;

    /**
     * Whether this session's IoT request is, record for record, the line a TSBS file of
     * {@code tsbs_generate_data --format=influx} holds: InfluxDB's line protocol in nanoseconds, the
     * file's measurements, tag keys and field keys, the numeric tags as fields, a null tag or field
     * left out, in any order within a request. Then a data set read from such a file may hand it
     * batches carrying those lines instead of values ({@link TruckBatch#lines()}), which
     * {@link #write(TruckBatch)} and {@link #prepare(TruckBatch)} must send as they are. False by default.
     */
    default boolean takesTsbsLines() {
        return false;
    }

    /**
     * Builds the request for these IoT records now, to be sent later by {@link PreparedWrite#send}
     * (the batch is copied: it is refilled after this returns). By default only the records are
     * copied; a module overrides it to build the whole request.
     */
    default PreparedWrite prepare(TruckBatch batch) throws DatabaseException {
        TruckBatch copy = batch.copy();
        return PreparedWrite.of(copy.size(), 80L * copy.size(), () -> write(copy));
    }

    /** The IoT records stored now (readings and diagnostics), counted by the database. */
    long countRows(IotSpec spec) throws DatabaseException;

    /**
     * Waits the database's own way for its flush/compaction of the trucks' tables to settle and returns
     * the bytes it keeps for them; by default not measured, saying so (a module whose figure covers its
     * whole database, whatever it holds, returns that).
     */
    default DiskUse diskUse(IotSpec spec) throws DatabaseException {
        return DiskUse.notMeasured("this module measures the devices' tables only, not yet the IoT trucks'");
    }

    /**
     * The session as the trucks' session; a DatabaseException naming the session when its module does
     * not take the trucks (the harness checks the module's descriptor before any work: a safety net).
     */
    static IotSession of(Session session) throws DatabaseException {
        if (session instanceof IotSession iot) return iot;
        throw new DatabaseException(session.getClass().getSimpleName() + " does not take the "
                + IotWorkload.INSTANCE.name() + " workload");
    }
}
