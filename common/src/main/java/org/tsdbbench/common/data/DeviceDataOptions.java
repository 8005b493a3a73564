package org.tsdbbench.common.data;

import java.nio.file.Path;
import org.tsdbbench.common.workload.DataOptions;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import org.tsdbbench.results.StepFlags;

/** The devices' data-set flags: the original tools' single-dash flags and their --kebab-case forms. */
public final class DeviceDataOptions implements DataOptions {

    @Mixin
    final DeviceSpecOptions spec = new DeviceSpecOptions();

    @Option(names = {StepFlags.DATA_DIR, "--data-dir"}, paramLabel = "DIR", description = "Read rows from testdata<i>.csv files here instead of generating them.")
    Path dataDir;

    @Option(names = {StepFlags.NUM_OF_FILES, "--num-of-files"}, paramLabel = "N", description = "Data files in -dataDir (default: ${DEFAULT-VALUE}).")
    int numOfFiles = 10;

    @Override
    public void validate() {
        spec.validate();
        DeviceSpecOptions.positive(StepFlags.NUM_OF_FILES, numOfFiles);
    }

    @Override
    public DeviceDataSet dataSet() {
        return dataDir == null ? DeviceDataSet.generated(spec.spec()) : new DeviceDataSet(spec.spec(), dataDir, numOfFiles);
    }
}
