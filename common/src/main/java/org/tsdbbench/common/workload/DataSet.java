package org.tsdbbench.common.workload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.DataInput;
import java.io.IOException;
import java.util.OptionalLong;
import org.tsdbbench.common.data.Shard;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.results.WorkloadRecord;

/**
 * The rows a run writes and checks: a workload's data set, generated from its {@link DataSpec} or
 * read from files, and with a {@link Shard} only this process's part of it. It hands each client
 * its own disjoint part (whole series or whole files), computes its expected answers in one pass,
 * and describes itself for the settings file and the manifest.
 */
public interface DataSet {

    /** What decides the rows. */
    DataSpec spec();

    default Workload workload() {
        return spec().workload();
    }

    Shard shard();

    /** This data set with another shard. */
    DataSet withShard(Shard shard);

    /** The whole data set, whatever this process's shard. */
    default DataSet whole() {
        return withShard(Shard.WHOLE);
    }

    /** Whether the rows are read from files (else generated). */
    boolean fromFiles();

    /** Fails with a {@link org.tsdbbench.common.data.DataFileException} naming the first missing or unreadable file. */
    void checkFiles() throws IOException;

    /**
     * Reads every file once, so a malformed line is reported (file and line) before a test starts
     * rather than in the middle of one; the rows read.
     */
    long validateFiles() throws IOException;

    /**
     * Whether two rows of the data set may share the key a database keeps rows by, so that it stores
     * one of them (the IoT records without a name); then the answers say how many
     * ({@link Answers#superseded}). False by default.
     */
    default boolean keysMayRepeat() {
        return false;
    }

    /** Seconds the check of its files took ({@link #checkFiles}, once per data set); 0 for generated rows or before the check. */
    default double filesCheckedSeconds() {
        return 0;
    }

    /** Client {@code index} of {@code clients}: its own part of this shard, once or without end (past the data set in time). */
    BatchSource client(int index, int clients, boolean unbounded);

    /**
     * {@link #client}, for the session that sends its batches: a data set whose workload can hand a
     * session its rows in the session's own request form (a TSBS IoT file's lines, to a session that
     * sends them as they are: {@code IotSession#takesTsbsLines}) does so where it can; every other data
     * set ignores the session (by default).
     */
    default BatchSource client(int index, int clients, boolean unbounded, Session writer) {
        return client(index, clients, unbounded);
    }

    /** Every row of this shard once. */
    default BatchSource all() {
        return client(0, 1, false);
    }

    /** The most clients that still each own something: parts are never split. */
    int maxClients();

    /** What one client owns whole, in the plural, for messages: devices, files. */
    String splitUnit();

    /** The rows of this shard when known without reading them (generated data); empty when only a pass over the rows tells. */
    OptionalLong knownRows();

    /** Bytes of this shard as text (the files' size, or the size they would have): the reports' raw data size. */
    long rawTextBytes() throws IOException;

    /** One line for the output and the manifest: the scale and seed, or the files; and the shard. */
    String describe();

    /** The manifest's record of this data set. */
    WorkloadRecord record();

    /** What decides the rows of this shard, and so its expected answers: the key they are kept under. */
    String answersKey() throws IOException;

    /** The expected answers of this shard, computed in one pass over its rows. */
    Answers answers() throws IOException;

    /** The answers {@link Answers#writeTo} wrote for this data set. */
    Answers readAnswers(DataInput in) throws IOException;

    /** Writes this data set into the settings file's node, for {@link Workload#readDataSet} (paths absolute). */
    void writeJson(ObjectNode node);
}
