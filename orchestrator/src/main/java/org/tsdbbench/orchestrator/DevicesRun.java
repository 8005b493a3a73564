package org.tsdbbench.orchestrator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.tsdbbench.results.StepFlags;

/**
 * The devices of the 2018-2019 reports in a comparison run: the data files generated once (devices x
 * rows in files), the 2018 write matrix (each module's published one with {@code --matrix published}),
 * and with {@code --further} the range, mixed, volume and fixed-rate tests, which read the devices.
 */
record DevicesRun(int devices, int rows, int files, String scale, String matrix,
                  String rowsPerRequest, String clients, Path generatorJar,
                  List<String> java, Path resultsDir) implements WorkloadRun {

    static final String NAME = "devices";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String dataSetText() {
        return devices + " devices x " + rows + " rows in " + files + " files ("
                + (scale.startsWith("iot-") ? "default" : scale) + ")";
    }

    @Override
    public String resultsLabel() {
        return "";
    }

    @Override
    public void prepare(Path data, Consumer<String> log) throws IOException, InterruptedException, UsageException {
        checkDiskSpace();
        log.accept("generating the data set once: " + devices + " devices x " + rows + " rows in " + files
                + " files (" + data + ")");
        List<String> command = CompareCommand.concat(java, "-jar", generatorJar.toString(),
                StepFlags.NUM_OF_DEVICES, devices, StepFlags.ROWS_PER_DEVICE, rows, StepFlags.NUM_OF_FILES, files,
                StepFlags.DATA_DIR, data, "--no-progress");
        int rc = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.INHERIT)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start().waitFor();
        if (rc != 0) throw new UsageException("the data set could not be generated into " + data);
    }

    /** The data files take about 40 bytes a row (3.9 GB at 100 M rows): refused before filling the disk. */
    private void checkDiskSpace() throws IOException, UsageException {
        long need = 40L * devices * rows;
        long free = Files.getFileStore(resultsDir).getUsableSpace();
        if (free < need + need / 4) {
            throw new UsageException("the data set needs about " + need / 1_000_000 + " MB in " + resultsDir
                    + " (and the databases as much again); "
                    + free / 1_000_000 + " MB free");
        }
    }

    /** The devices' data set as the steps' flags, single node and cluster alike (each adds its own -results). */
    @Override
    public List<String> dataSetFlags(Path data) {
        return List.of(StepFlags.NUM_OF_DEVICES, String.valueOf(devices),
                StepFlags.ROWS_PER_DEVICE, String.valueOf(rows), StepFlags.DATA_DIR,
                data.toString(), StepFlags.NUM_OF_FILES, String.valueOf(files));
    }

    /** The data set's shape alone, for the cluster's shard clients. */
    List<String> shapeFlags() {
        return List.of(StepFlags.NUM_OF_DEVICES, String.valueOf(devices),
                StepFlags.ROWS_PER_DEVICE, String.valueOf(rows));
    }

    @Override
    public List<String> writeCells(Module m, Consumer<String> log) {
        String rpr = rowsPerRequest;
        String cls = clients;
        if (matrix.equals("published")) {
            if (rpr == null) rpr = m.publishedRowsPerRequest() != null
                    ? m.publishedRowsPerRequest() : CompareCommand.DEFAULT_ROWS_PER_REQUEST;
            if (cls == null) cls = m.publishedClients() != null ? m.publishedClients() : "1-7";
        }
        return List.of(StepFlags.ROWS_PER_REQUEST, rpr, StepFlags.WRITE_CLIENTS, cls);
    }

    @Override
    public Set<Phase> phases(boolean further) {
        Set<Phase> phases = EnumSet.of(Phase.LOAD, Phase.DISK, Phase.QUERY, Phase.WRITE);
        if (further) phases.addAll(List.of(Phase.RANGE, Phase.MIXED, Phase.VOLUME, Phase.FIXED_RATE));
        return phases;
    }

    /** The volume step: five blocks of 20 rows of every device. */
    @Override
    public List<String> phaseFlags(Phase phase) {
        return phase == Phase.VOLUME
                ? List.of(StepFlags.BLOCKS, "5", StepFlags.BLOCK_ROWS, String.valueOf(devices * 20))
                : List.of();
    }
}
