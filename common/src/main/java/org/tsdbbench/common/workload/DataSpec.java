package org.tsdbbench.common.workload;

import java.util.List;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Session;

/**
 * What decides a data set's rows (scale, time range, seed), independent of where the rows are
 * read from. A session creates the tables and counts the rows for a spec: each spec calls its
 * workload's own session interface (the devices' {@code DeviceSession}, the trucks' {@code IotSession}),
 * so the harness never names a workload's spec, and a module that does not take a workload fails
 * there with a DatabaseException.
 */
public interface DataSpec {

    Workload workload();

    /** The workload's catalog for this spec, in its order (parameters a workload draws from the seed are drawn here). */
    List<? extends Query> catalog();

    /** Drops the workload's tables in the session's database, if present, and creates them empty. */
    void recreateSchema(Session session) throws DatabaseException;

    /** The workload's rows the session's database stores now, counted by the database. */
    long countRows(Session session) throws DatabaseException;

    /** The bytes the session's database keeps for the workload's data once settled; null: no way to tell. */
    DiskUse diskUse(Session session) throws DatabaseException;
}
