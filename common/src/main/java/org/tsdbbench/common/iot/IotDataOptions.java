package org.tsdbbench.common.iot;

import java.nio.file.Path;
import org.tsdbbench.common.workload.DataOptions;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import org.tsdbbench.results.StepFlags;

/** The IoT workload's data-set flags: a generated data set ({@link IotSpecOptions}), or a TSBS file ({@code -file}). */
public final class IotDataOptions implements DataOptions {

    @Mixin
    final IotSpecOptions spec = new IotSpecOptions();

    @Option(names = {StepFlags.TSBS_FILE, "--file"}, paramLabel = "PATH",
            description = "Read the records from this file of tsbs_generate_data --use-case=iot --format=influx (plain or gzip) instead of generating them;"
                    + " its lines decide the trucks and the time range, -seed the queries' parameters.")
    Path file;

    /** The data set, made once: a file's validating pass is made once per command. */
    private IotDataSet made;

    /**
     * Checks the flags and, for a file, reads it once (its trucks decide how many shards and
     * clients it has): a missing file or a malformed line is one line naming the file and line.
     */
    @Override
    public void validate() {
        String range = spec.firstRangeFlag();
        if (file != null && range != null) {
            throw new IllegalArgumentException("-file " + file + " and " + range + ": the file's records decide the trucks and the time range");
        }
        try {
            dataSet().checkFiles();
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    @Override
    public IotDataSet dataSet() {
        if (made == null) made = file == null ? IotDataSet.generated(spec.spec()) : IotDataSet.file(file, spec.seed());
        return made;
    }
}
