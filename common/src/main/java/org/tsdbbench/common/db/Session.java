package org.tsdbbench.common.db;

import org.tsdbbench.common.query.ResultSink;
import org.tsdbbench.common.workload.Workload;

/**
 * One client's connection to a database: one per client thread, like one YCSB DB instance per
 * thread. It holds what is the connection's (queries, facts, durability, counters, close); what a
 * workload needs of it (its tables, the write of its batch, its count and disk figure) is that
 * workload's own interface extending this one ({@code DeviceSession}, {@code IotSession}), which a
 * module's session implements for each workload it takes and the workload's types call: a new
 * workload adds its interface beside them, never a method here.
 */
public interface Session extends AutoCloseable {

    /**
     * Runs one query and passes every row it returns to the sink before returning, decoded from
     * the wire into numbers in the order the database sends them; the dialect's
     * {@link org.tsdbbench.common.query.RowShaper} (inside the sink) makes them the catalog's.
     */
    void query(String text, ResultSink rows) throws DatabaseException;

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
