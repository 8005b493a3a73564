package org.tsdbbench.common.data;

import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.db.Session;

/**
 * What a database implements to take the devices of the 2018 reports: their table, the write of a
 * {@link RowBatch} and the count and bytes of what it stores. A module's session implements it beside
 * the other workloads'; the devices' own types reach it through {@link #of}.
 */
public interface DeviceSession extends Session {

    /** Drops the devices' table(s) if present and creates them empty. */
    void recreateSchema(WorkloadSpec spec) throws DatabaseException;

    /**
     * Sends one request holding the batch's rows.
     *
     * @return the rows the database acknowledged (not the rows sent)
     * @throws DatabaseException when the request failed
     */
    long write(RowBatch batch) throws DatabaseException;

    /**
     * Builds the request for these rows now, to be sent later by {@link PreparedWrite#send}: the
     * batch is copied (it is refilled after this returns). By default only the rows are made
     * ahead and the module builds its request when it is sent; every module overrides this to
     * build the whole request (text, encoded body, bound parameters), so that the measured send
     * is the database call alone. {@link PreparedWrite#bytes} bounds memory: an honest estimate.
     */
    default PreparedWrite prepare(RowBatch batch) throws DatabaseException {
        RowBatch copy = batch.copy();
        return PreparedWrite.of(copy.size(), 40L * copy.size(), () -> write(copy));
    }

    /** The devices' rows stored now, counted by the database. */
    long countRows(WorkloadSpec spec) throws DatabaseException;

    /**
     * Waits the database's own way for its flush/compaction of the benchmark's data to settle and
     * returns the bytes it keeps for it; {@code null} when the database offers no way to tell.
     */
    default DiskUse diskUse() throws DatabaseException {
        return null;
    }

    /**
     * The session as the devices' session; a DatabaseException naming the session when its module
     * does not take the devices (the harness checks the module's descriptor before any work).
     */
    static DeviceSession of(Session session) throws DatabaseException {
        if (session instanceof DeviceSession devices) return devices;
        throw new DatabaseException(session.getClass().getSimpleName() + " does not take the "
                + DevicesWorkload.INSTANCE.name() + " workload");
    }
}
