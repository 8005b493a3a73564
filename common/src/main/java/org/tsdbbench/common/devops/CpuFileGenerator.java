package org.tsdbbench.common.devops;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.tsdbbench.common.workload.GeneratedFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The cpu-only workload's generator command: writes a data set as one file in the format of
 * {@code tsbs_generate_data --use-case=cpu-only --format=influx} (gzip when the name ends in
 * {@code .gz}), rows in TSBS's order, so that TSBS's loaders and this suite's {@code -file} both read it.
 */
@Command(name = "generator", mixinStandardHelpOptions = true, sortOptions = false, version = "tsdb-bench 0.1.0",
        description = "Generate TSBS's cpu-only hosts as a file of tsbs_generate_data --use-case=cpu-only --format=influx.")
public final class CpuFileGenerator implements Callable<Integer> {

    @Mixin
    final CpuSpecOptions flags = new CpuSpecOptions();

    @Option(names = {"-file", "--file"}, paramLabel = "PATH", description = "File to write, gzip when it ends in .gz (default: ${DEFAULT-VALUE}).")
    Path file = Path.of("data", "cpu-only.gz");

    @Override
    public Integer call() throws Exception {
        DevopsSpec spec = flags.spec();
        return GeneratedFile.write(file, spec.toString(), "rows", f -> {
            try (CpuSource all = new CpuGenerator(spec).all()) {
                return CpuLineWriter.write(all, f);
            }
        });
    }
}
