package org.tsdbbench.common.devops;

import java.nio.file.Path;
import org.tsdbbench.common.workload.DataOptions;
import org.tsdbbench.results.StepFlags;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The cpu-only workload's data-set flags: a generated data set ({@link CpuSpecOptions}), or a TSBS file ({@code -file}). */
public final class CpuDataOptions implements DataOptions {

    @Mixin
    final CpuSpecOptions spec = new CpuSpecOptions();

    @Option(names = {StepFlags.TSBS_FILE, "--file"}, paramLabel = "PATH",
            description = "Read the rows from this file of tsbs_generate_data --use-case=cpu-only --format=influx (plain or gzip) instead of generating them;"
                    + " its lines decide the hosts and the time range, -seed the queries' parameters.")
    Path file;

    private CpuDataSet made;

    @Override
    public void validate() {
        String range = spec.firstRangeFlag();
        if (file != null && range != null) throw new IllegalArgumentException("-file " + file + " and " + range + ": the file's rows decide the hosts and the time range");
        try {
            dataSet().checkFiles();
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    @Override
    public CpuDataSet dataSet() {
        if (made == null) made = file == null ? CpuDataSet.generated(spec.spec()) : CpuDataSet.file(file, spec.seed());
        return made;
    }
}
