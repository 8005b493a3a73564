package org.tsdbbench.common.workload;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.Dialect;

/**
 * A workload the suite runs against a database, as a plug-in beside the database modules: the
 * tables it writes (with their tags and typed fields), how its data sets are named on the command
 * line and made (generated from a seed, or read from files), its query ids, and its file
 * generator. The harness (steps, JMH benchmarks, loader, answer cache) holds only these
 * interfaces; the devices of the 2018 reports are the first workload. A module says which
 * workloads it takes in its {@link org.tsdbbench.common.db.DatabaseDescriptor}, and its session and
 * dialect implement the workload's own interfaces (the devices' {@code DeviceSession} and
 * {@code DeviceDialect}; the trucks' {@code IotSession} and {@code IotDialect}), which the workload's
 * batch, spec and answers call. {@link Workloads} lists them.
 */
public interface Workload {

    /** Short lower-case name, as {@code --workload} takes it: devices, iot. */
    String name();

    /** One line for the help: what the data is and where it comes from. */
    String description();

    /** The tables (measurements) a data set of this workload fills. */
    List<Table> tables();

    /**
     * A fresh object of this workload's data-set flags, annotated for picocli: every step of every
     * module takes them as a mixin when this workload is chosen.
     */
    DataOptions options();

    /** The data set of a run from an IDE, with no flags: the workload's defaults. */
    DataSet defaultDataSet();

    /** The data set {@link DataSet#writeJson} wrote (the benchmarks' settings file); a bad one is an IOException naming what. */
    DataSet readDataSet(JsonNode json) throws IOException;

    /** The query an id names (query files, JMH's queryId); an id of no query is an IllegalArgumentException naming it. */
    Query query(String id);

    /**
     * Whether a module's session and dialect implement what this workload needs of a database (its
     * own session and dialect interfaces): the module's descriptor, which the harness checks before
     * any work, must say it takes the workload exactly then (each module's contract test holds them together).
     */
    boolean implementedBy(Session session, Dialect dialect);

    /**
     * A fresh picocli command (its flags annotated on it) that writes a data set of this workload
     * as files: what {@code generator -workload <name>} runs. It returns the exit code.
     */
    Callable<Integer> generator();
}
