package org.tsdbbench.orchestrator;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.tsdbbench.results.StepFlags;

/**
 * TSBS's DevOps hosts (cpu-only) in a comparison run: the data set generated in each step from its seed
 * (hosts x 13 hours by default) or read from a TSBS file; the write matrix given (no report published
 * cells of it); no further tests.
 */
record CpuOnlyRun(Integer hosts, Path tsbsFile, boolean further, String rowsPerRequest, String clients) implements WorkloadRun {

    static final String NAME = "cpu-only";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String dataSetText() {
        if (tsbsFile != null) return "TSBS cpu-only hosts from the file " + tsbsFile;
        return "TSBS cpu-only hosts, " + (hosts != null ? hosts : 10) + " hosts x 13 h" + (hosts == null ? " (default)" : "");
    }

    @Override
    public String resultsLabel() {
        return "cpu-only ";
    }

    @Override
    public void prepare(Path data, Consumer<String> log) {
        log.accept("cpu-only: " + dataSetText() + ", generated in each step from its seed" + (tsbsFile != null ? " (read from the file)" : "")
                + "; results in " + data.getParent());
        if (further) log.accept("cpu-only: the further tests are the devices' (range, mixed and volume read the devices' q6 and rows): not run");
    }

    @Override
    public List<String> dataSetFlags(Path data) {
        List<String> flags = new ArrayList<>(List.of(StepFlags.WORKLOAD_KEBAB, NAME));
        if (hosts != null) flags.addAll(List.of(StepFlags.SCALE, String.valueOf(hosts)));
        if (tsbsFile != null) flags.addAll(List.of(StepFlags.TSBS_FILE, tsbsFile.toAbsolutePath().toString()));
        return flags;
    }

    /** The matrix given: no published report ran this workload's cells on these databases. */
    @Override
    public List<String> writeCells(Module m, Consumer<String> log) {
        return List.of(StepFlags.ROWS_PER_REQUEST, rowsPerRequest != null ? rowsPerRequest : CompareCommand.DEFAULT_ROWS_PER_REQUEST,
                StepFlags.WRITE_CLIENTS, clients != null ? clients : CompareCommand.DEFAULT_CLIENTS);
    }

    @Override
    public Set<Phase> phases(boolean further) {
        return EnumSet.of(Phase.LOAD, Phase.DISK, Phase.QUERY, Phase.WRITE);
    }
}
