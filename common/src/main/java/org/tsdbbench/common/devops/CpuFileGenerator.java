package org.tsdbbench.common.devops;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
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
        Path dir = file.toAbsolutePath().getParent();
        try {
            if (dir != null) Files.createDirectories(dir);
        } catch (IOException e) {
            throw new IOException("cannot create folder " + dir + ": " + e.getMessage(), e);
        }
        if (Files.isDirectory(file)) throw new IllegalArgumentException("-file " + file + ": is a directory");
        long start = System.nanoTime();
        long rows;
        try (CpuSource all = new CpuGenerator(spec).all()) {
            rows = CpuLineWriter.write(all, file);
        } catch (IOException e) {
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        double secs = (System.nanoTime() - start) / 1e9;
        System.out.printf("wrote %,d rows of %s to %s in %.1f s (%,.0f rows/s)%n", rows, spec, file, secs, rows / secs);
        return 0;
    }
}
