package org.tsdbbench.orchestrator;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What a comparison run does for one workload, each beside the others as TSBS's use cases are: how
 * run.json says its data set, the data it prepares once before the databases, the data-set flags of
 * every step, a module's write cells and the phases it runs. {@link CompareCommand} runs each the same way.
 */
interface WorkloadRun {

    /** The workload's name, as the steps' {@code --workload} and the modules' describe say it. */
    String name();

    /** The data set as run.json's settings and the log say it. */
    String dataSetText();

    /** What the run's closing log line calls its results ("IoT results in ..."). */
    String resultsLabel();

    /** Makes the data set once, into {@code data}, before the first database (or says it is made in each step). */
    void prepare(Path data, Consumer<String> log) throws IOException, InterruptedException, UsageException;

    /** The data-set flags of every step of every database ({@code -results} is the run's own). */
    List<String> dataSetFlags(Path data);

    /**
     * The write step's cells for this module: the matrix given, or with --matrix published the module's
     * published one.
     */
    List<String> writeCells(Module m, Consumer<String> log);

    /** The phases of one database's run. */
    Set<Phase> phases(boolean further);

    /** The phase's own flags from the data set (the volume step's blocks); none by default. */
    default List<String> phaseFlags(Phase phase) {
        return List.of();
    }
}
