package org.tsdbbench.common.devops;

import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.db.Session;

/**
 * What a database implements to take TSBS's DevOps hosts: the {@code cpu} table in its layout for
 * DevOps, the write of a {@link CpuBatch} and the count and bytes of what it stores. A module's
 * session implements it beside the other workloads'; {@link #of} reaches it from a {@link Session}.
 */
public interface DevopsSession extends Session {

    /** Drops the DevOps tables if present and creates them empty. */
    void recreateSchema(DevopsSpec spec) throws DatabaseException;

    /**
     * Sends one request holding the batch's rows.
     *
     * @return the rows the database acknowledged (not the rows sent)
     * @throws DatabaseException when the request failed
     */
    long write(CpuBatch batch) throws DatabaseException;

    /**
     * Whether this session's request is, row for row, the line a TSBS file of
     * {@code tsbs_generate_data --use-case=cpu-only --format=influx} holds (InfluxDB's line protocol in
     * nanoseconds, the file's tag and field keys). Then a data set read from such a file may hand it
     * batches carrying those lines ({@link CpuBatch#hasLines()}), which {@link #write(CpuBatch)} and
     * {@link #prepare(CpuBatch)} must send as they are. False by default.
     */
    default boolean takesCpuLines() {
        return false;
    }

    /** Builds the request now, to be sent later (the batch is refilled after this returns); by default only the rows are copied. */
    default PreparedWrite prepare(CpuBatch batch) throws DatabaseException {
        CpuBatch copy = batch.copy();
        return PreparedWrite.of(copy.size(), 200L * copy.size(), () -> write(copy));
    }

    /** The {@code cpu} rows stored now, counted by the database. */
    long countRows(DevopsSpec spec) throws DatabaseException;

    /** The bytes the database keeps for the DevOps tables once settled; by default not measured, saying so. */
    default DiskUse diskUse(DevopsSpec spec) throws DatabaseException {
        return DiskUse.notMeasured("this module does not measure the DevOps tables' disk use yet");
    }

    /** The session as the DevOps session; a DatabaseException naming it when its module does not take DevOps. */
    static DevopsSession of(Session session) throws DatabaseException {
        if (session instanceof DevopsSession devops) return devops;
        throw new DatabaseException(session.getClass().getSimpleName() + " does not take the " + CpuOnlyWorkload.INSTANCE.name() + " workload");
    }
}
