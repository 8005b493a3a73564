package org.tsdbbench.orchestrator;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** TSBS DevOps' (cpu-only) data-set flags of a comparison run (a picocli mixin of {@link CompareCommand}) and their checks. */
final class CpuOnlyOptions {

    @Option(names = "--hosts", paramLabel = "N", description = "cpu-only: hosts, TSBS's --scale (default: 10, over 13 h).")
    Integer hosts;

    @Option(names = "--cpu-only-file", paramLabel = "PATH",
            description = "cpu-only: load this file of tsbs_generate_data --use-case=cpu-only --format=influx (plain or gzip) instead of generating the hosts.")
    Path tsbsFile;

    /** A run without cpu-only: each flag given is an error naming it. */
    void refuseGiven() throws UsageException {
        for (Object[] f : new Object[][] {{"--hosts", hosts}, {"--cpu-only-file", tsbsFile}}) {
            if (f[1] != null) throw new UsageException(f[0] + " " + f[1] + ": a cpu-only data-set flag, for --workload cpu-only or all");
        }
    }

    /** Checks the flags against each other. */
    void check() throws UsageException {
        if (tsbsFile != null && hosts != null) {
            throw new UsageException("--cpu-only-file " + tsbsFile + " and --hosts " + hosts + ": the file's rows decide the hosts and the time range");
        }
        if (tsbsFile != null && !Files.isRegularFile(tsbsFile)) throw new UsageException("--cpu-only-file " + tsbsFile + ": no such file");
        if (hosts != null && hosts < 1) throw new UsageException("--hosts " + hosts + ": must be at least 1");
    }

    CpuOnlyRun run(boolean further, String rowsPerRequest, String clients) {
        return new CpuOnlyRun(hosts, tsbsFile, further, rowsPerRequest, clients);
    }
}
