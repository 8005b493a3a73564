package org.tsdbbench.orchestrator;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The IoT trucks' data-set flags of a comparison run (a picocli mixin of {@link CompareCommand}) and their checks. */
final class IotOptions {

    /**
     * The most workers of any published IoT cell (report D's 30; the cells are the modules' own, common's
     * {@code IotPublishedCells}): each client owns at least one truck, so the published matrix's data set
     * needs as many.
     */
    static final int PUBLISHED_WORKERS = 30;

    @Option(names = "--trucks", paramLabel = "N", description = "IoT: trucks (default: the scale's, else 20).")
    Integer trucks;

    @Option(names = "--hours", paramLabel = "H", description = "IoT: the data set's length in hours (default: the scale's, else 36).")
    Double hours;

    @Option(names = "--tsbs-file", paramLabel = "PATH",
            description = "IoT: load this file of tsbs_generate_data --use-case=iot --format=influx (plain or gzip)"
                    + " instead of generating the trucks.")
    Path tsbsFile;

    /** A run without the trucks: each flag given is an error naming it. */
    void refuseGiven() throws UsageException {
        for (Object[] f : new Object[][] {{"--trucks", trucks}, {"--hours", hours}, {"--tsbs-file", tsbsFile}}) {
            if (f[1] != null) throw new UsageException(f[0] + " " + f[1] + ": an IoT data-set flag, for --workload iot or all");
        }
    }

    /**
     * Checks the flags against each other and the scale; with {@code publishedMatrix}, 30 trucks by default
     * so that report D's 30 workers each own one (a scenario has 100 or more; a TSBS file's own are checked by
     * the write step), and fewer given is an error naming the flag.
     */
    void check(String scale, boolean iotScale, boolean publishedMatrix) throws UsageException {
        if (tsbsFile != null && (iotScale || trucks != null || hours != null)) {
            throw new UsageException("--tsbs-file " + tsbsFile + " and "
                    + (iotScale ? "--scale " + scale : trucks != null ? "--trucks " + trucks : "--hours " + hours)
                    + ": the file's records decide the trucks and the time range");
        }
        if (publishedMatrix) {
            if (trucks == null && !iotScale && tsbsFile == null) trucks = PUBLISHED_WORKERS;
            if (trucks != null && trucks < PUBLISHED_WORKERS) {
                throw new UsageException("--trucks " + trucks + " with --matrix published: report D's cells run " + PUBLISHED_WORKERS
                        + " workers, each owning a truck: at least " + PUBLISHED_WORKERS);
            }
        }
        if (tsbsFile != null && !Files.isRegularFile(tsbsFile)) throw new UsageException("--tsbs-file " + tsbsFile + ": no such file");
        if (trucks != null && trucks < 1) throw new UsageException("--trucks " + trucks + ": must be at least 1");
        if (hours != null && !(hours > 0)) throw new UsageException("--hours " + hours + ": must be more than 0");
    }

    /** The trucks' part of a run. */
    IotRun run(String scale, boolean further, String matrix, String rowsPerRequest, String clients) {
        return new IotRun(scale, trucks, hours, tsbsFile, further, matrix, rowsPerRequest, clients);
    }
}
