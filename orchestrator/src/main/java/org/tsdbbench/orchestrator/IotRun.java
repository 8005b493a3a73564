package org.tsdbbench.orchestrator;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.tsdbbench.results.PublishedCells;
import org.tsdbbench.results.StepFlags;

/**
 * TSBS's IoT trucks in a comparison run: the data set generated in each step from its seed (report C's
 * scenario, or trucks x hours) or read from a TSBS file; the write matrix given, or with
 * {@code --matrix published} each module's published cells; the further tests are the devices' alone.
 */
record IotRun(String scale, Integer trucks, Double hours, Path tsbsFile, boolean further, String matrix,
              String rowsPerRequest, String clients)
        implements WorkloadRun {

    static final String NAME = "iot";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String dataSetText() {
        if (tsbsFile != null) return "IoT trucks from the TSBS file " + tsbsFile;
        if (scale.matches("iot-[1-5]")) return "IoT trucks, " + scale + " (report C's scenario)";
        if (trucks == null && hours == null) return "IoT trucks, 20 trucks x 36 h (default)";
        return "IoT trucks, " + (trucks != null ? trucks : 20) + " trucks x " + (hours != null ? hours : 36) + " h";
    }

    @Override
    public String resultsLabel() {
        return "IoT ";
    }

    @Override
    public void prepare(Path data, Consumer<String> log) {
        log.accept("IoT trucks: " + dataSetText() + ", generated in each step from its seed"
                + (tsbsFile != null ? " (read from the file)" : "")
                + "; results in " + data.getParent());
        if (further) log.accept("IoT: the further tests are the devices' (range, mixed and volume read the devices' q6"
                + " and rows): not run for the trucks");
    }

    /**
     * The workload and its data-set flags: the scenario, trucks and hours given, or a TSBS file; none
     * for the default data set.
     */
    @Override
    public List<String> dataSetFlags(Path data) {
        List<String> flags = new ArrayList<>(List.of(StepFlags.WORKLOAD_KEBAB, NAME));
        if (scale.matches("iot-[1-5]")) flags.addAll(List.of(StepFlags.SCALE, scale));
        if (trucks != null) flags.addAll(List.of(StepFlags.TRUCKS, String.valueOf(trucks)));
        if (hours != null) flags.addAll(List.of(StepFlags.HOURS, String.valueOf(hours)));
        if (tsbsFile != null) flags.addAll(List.of(StepFlags.TSBS_FILE, tsbsFile.toAbsolutePath().toString()));
        return flags;
    }

    @Override
    public List<String> writeCells(Module m, Consumer<String> log) {
        if (matrix.equals("published") && rowsPerRequest == null && clients == null) {
            PublishedCells published = m.publishedCells(NAME);
            if (published != null) {
                log.accept(m.name() + ": " + NAME + " write cells (R/R x clients) " + published.cells() + ", "
                        + published.source());
                return List.of(StepFlags.CELLS, published.cells());
            }
        }
        return List.of(StepFlags.ROWS_PER_REQUEST,
                rowsPerRequest != null ? rowsPerRequest : CompareCommand.DEFAULT_ROWS_PER_REQUEST,
                StepFlags.WRITE_CLIENTS, clients != null ? clients : CompareCommand.DEFAULT_CLIENTS);
    }

    @Override
    public Set<Phase> phases(boolean further) {
        return EnumSet.of(Phase.LOAD, Phase.DISK, Phase.QUERY, Phase.WRITE);
    }
}
