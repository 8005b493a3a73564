package org.tsdbbench.common.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import org.tsdbbench.results.SuiteVersion;
import org.tsdbbench.results.StepFlags;

/**
 * The devices' generator command: writes the data set as {@code numOfFiles} text files,
 * {@code testdata<i>.csv}, each holding a block of whole devices. The same seed gives
 * byte-identical files whatever the thread count, because every value is a function of (seed,
 * devid, row) and each file is written by one thread.
 */
@Command(name = "generator", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = SuiteVersion.class,
        description = "Generate the temperature/humidity data set as text files (devid devname devgroup ts temperature humidity).")
public final class DeviceFileGenerator implements Callable<Integer> {

    @Option(names = {StepFlags.DATA_DIR, "--data-dir"}, paramLabel = "DIR", description = "Folder for the files (default: ${DEFAULT-VALUE}).")
    Path dataDir = Path.of("data");

    @Option(names = {StepFlags.NUM_OF_FILES, "--num-of-files"}, paramLabel = "N", description = "Files to write (default: ${DEFAULT-VALUE}).")
    int numOfFiles = 10;

    @Mixin
    final DeviceSpecOptions flags = new DeviceSpecOptions();

    @Option(names = {"-threads", "--threads"}, description = "Files written at once (default: the number of cores).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--no-progress", description = "Do not show a progress bar.")
    boolean noProgress;

    @Override
    public Integer call() throws Exception {
        if (numOfFiles < 1) throw new IllegalArgumentException(StepFlags.NUM_OF_FILES + " " + numOfFiles + ": must be at least 1");
        WorkloadSpec spec = flags.spec();
        if (numOfFiles > spec.numOfDevices()) {
            throw new IllegalArgumentException(StepFlags.NUM_OF_FILES + " " + numOfFiles + ": more files than devices (" + spec.numOfDevices() + ")");
        }
        if (threads < 1) throw new IllegalArgumentException("-threads " + threads + ": must be at least 1");
        try {
            Files.createDirectories(dataDir);
        } catch (IOException e) {
            throw new IOException("cannot create data folder " + dataDir + ": " + e.getMessage(), e);
        }
        DeviceGenerator generator = new DeviceGenerator(spec);
        long start = System.nanoTime();
        ProgressBarBuilder pbb = new ProgressBarBuilder().setTaskName("generate").setInitialMax(spec.totalRows())
                .setStyle(ProgressBarStyle.ASCII).setUnit(" rows", 1).showSpeed();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, numOfFiles));
        try (ProgressBar bar = noProgress ? null : pbb.build()) {
            List<Future<Path>> files = new ArrayList<>();
            for (int i = 0; i < numOfFiles; i++) {
                int index = i;
                files.add(pool.submit(() -> writeFile(generator, index, bar)));
            }
            for (Future<Path> f : files) f.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception ex ? ex : e;
        } finally {
            pool.shutdownNow();
        }
        double secs = (System.nanoTime() - start) / 1e9;
        System.out.printf("wrote %,d rows in %d files to %s in %.1f s (%,.0f rows/s)%n", spec.totalRows(), numOfFiles, dataDir,
                secs, spec.totalRows() / secs);
        return 0;
    }

    private Path writeFile(DeviceGenerator generator, int index, ProgressBar bar) throws IOException {
        Path file = DataFiles.file(dataDir, index);
        DeviceRange devices = DeviceRange.part(generator.spec().numOfDevices(), index, numOfFiles);
        RowBatch batch = new RowBatch(8192);
        try (DataFileWriter out = new DataFileWriter(file)) {
            GeneratedRows rows = new GeneratedRows(generator, devices, false);
            while (rows.fill(batch, batch.capacity()) > 0) {
                out.write(batch);
                if (bar != null) bar.stepBy(batch.size());
            }
        } catch (IOException e) {
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        return file;
    }
}
