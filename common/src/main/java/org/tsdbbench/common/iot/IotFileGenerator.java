package org.tsdbbench.common.iot;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.tsdbbench.common.workload.GeneratedFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The IoT workload's generator command: writes a data set as one file in the format of
 * {@code tsbs_generate_data --use-case=iot --format=influx} (gzip-compressed when the name ends in
 * {@code .gz}), records in TSBS's order (tick by tick, readings then diagnostics, late records
 * where their delay puts them), so that TSBS's loaders and this suite's {@code -file} both read it.
 * One thread: the order interleaves every truck.
 */
@Command(name = "generator", mixinStandardHelpOptions = true, sortOptions = false, version = "tsdb-bench 0.1.0",
        description = "Generate TSBS's IoT trucks as a file of tsbs_generate_data --use-case=iot --format=influx.")
public final class IotFileGenerator implements Callable<Integer> {

    @Mixin
    final IotSpecOptions flags = new IotSpecOptions();

    @Option(names = {"-file", "--file"}, paramLabel = "PATH", description = "File to write, gzip when it ends in .gz (default: ${DEFAULT-VALUE}).")
    Path file = Path.of("data", "iot.gz");

    @Override
    public Integer call() throws Exception {
        IotSpec spec = flags.spec();
        String scale = IotSpecOptions.scaleOf(spec);
        return GeneratedFile.write(file, (scale == null ? "" : scale + ": ") + spec, "records", f -> {
            try (IotRowSource all = new IotGenerator(spec).all()) {
                return IotLineWriter.write(all, f);
            }
        });
    }
}
