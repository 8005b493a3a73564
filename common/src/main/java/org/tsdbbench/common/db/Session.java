package org.tsdbbench.common.db;

import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.query.ResultSink;
import org.tsdbbench.common.workload.Workload;

/**
 * One client's connection to a database: one per client thread, like one YCSB DB instance per
 * thread. Everything a test does to a database goes through these few methods.
 *
 * <p>What depends on the workload has an overload per workload's type, which the workload's own
 * {@link org.tsdbbench.common.workload.Batch} and {@link org.tsdbbench.common.workload.DataSpec}
 * call (double dispatch): the devices' {@link RowBatch} and {@link WorkloadSpec} here. A
 * workload's overloads are abstract when every module takes it; those of a workload only some
 * modules take default to a DatabaseException saying the database does not take it (the harness
 * checks {@link DatabaseDescriptor#takes} before any work, so that is a safety net).
 */
public interface Session extends AutoCloseable {

    /** Drops the devices' table(s) if present and creates them empty. */
    void recreateSchema(WorkloadSpec spec) throws DatabaseException;

    /**
     * Sends one request holding the batch's rows (devices).
     *
     * @return the rows the database acknowledged (not the rows sent)
     * @throws DatabaseException when the request failed
     */
    long write(RowBatch batch) throws DatabaseException;

    /** Drops the IoT workload's tables (readings, diagnostics) if present and creates them empty. */
    default void recreateSchema(IotSpec spec) throws DatabaseException {
        throw notTaken("iot");
    }

    /**
     * Sends one request holding the batch's IoT records (both tables; a module may send one
     * request per table and count both as this request's).
     *
     * @return the records the database acknowledged (not the records sent)
     */
    default long write(TruckBatch batch) throws DatabaseException {
        throw notTaken("iot");
    }

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

    /** Builds the request for these IoT records now, to be sent later, as {@link #prepare(RowBatch)}. */
    default PreparedWrite prepare(TruckBatch batch) throws DatabaseException {
        TruckBatch copy = batch.copy();
        return PreparedWrite.of(copy.size(), 80L * copy.size(), () -> write(copy));
    }

    /** The IoT records stored now (readings and diagnostics), counted by the database. */
    default long countRows(IotSpec spec) throws DatabaseException {
        throw notTaken("iot");
    }

    /** The safety net of a workload's overloads: the harness checks the descriptor before any work. */
    private DatabaseException notTaken(String workload) {
        return new DatabaseException(getClass().getSimpleName() + " does not take the " + workload + " workload");
    }

    /**
     * Runs one query and passes every row it returns to the sink before returning, decoded from
     * the wire into numbers in the order the database sends them; the dialect's
     * {@link org.tsdbbench.common.query.RowShaper} (inside the sink) makes them the catalog's.
     */
    void query(String text, ResultSink rows) throws DatabaseException;

    /**
     * Builds the request for these rows (devices) now, to be sent later by {@link PreparedWrite#send}: the
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
     * As {@link #diskUse()}, for the IoT trucks' tables; by default not measured, saying so (a
     * module whose figure covers its whole database, whatever it holds, returns {@code diskUse()}).
     */
    default DiskUse diskUse(IotSpec spec) throws DatabaseException {
        return DiskUse.notMeasured("this module measures the devices' tables only, not yet the IoT trucks'");
    }

    /**
     * What this session counted about its own requests that a reader of the figures must know
     * (e.g. requests split at a server's size limit); summed over a trial's clients into the
     * manifest's write cells. Default none.
     */
    default java.util.Map<String, Long> counters() {
        return java.util.Map.of();
    }

    /**
     * Versions, settings, and the schema of the given workload's tables as this module lays them
     * out, for the manifest: an IoT run records the trucks' tables, not the devices'.
     */
    ServerFacts facts(Workload workload) throws DatabaseException;

    /**
     * The settings that decide what a crash of the server keeps of acknowledged rows, read from the
     * server (or the request parameters this session sends). Default none: then any acknowledged
     * row a killed server loses fails the fault step, as nothing the database documents excuses it.
     */
    default java.util.List<DurabilitySetting> durability() throws DatabaseException {
        return java.util.List.of();
    }

    @Override
    void close();
}
