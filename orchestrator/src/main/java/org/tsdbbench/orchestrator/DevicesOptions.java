package org.tsdbbench.orchestrator;

import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** The devices' data-set flags of a comparison run (a picocli mixin of {@link CompareCommand}), their defaults and checks. */
final class DevicesOptions {

    @Option(names = "--devices", paramLabel = "N", description = "Devices (default: 100; --scale published: 10,000).")
    Integer devices;

    @Option(names = "--rows", paramLabel = "N", description = "Rows per device (default: 1,000; --scale published: 10,000).")
    Integer rows;

    @Option(names = "--files", paramLabel = "N", description = "Data files (default: 4; --scale published or --matrix published: 10).")
    Integer files;

    /** A run without the devices: each flag given is an error naming it. */
    void refuseGiven() throws UsageException {
        for (Object[] f : new Object[][] {{"--devices", devices}, {"--rows", rows}, {"--files", files}}) {
            if (f[1] != null) {
                throw new UsageException(f[0] + " " + f[1]
                        + ": a devices' data-set flag; the IoT trucks take --scale iot-N, --trucks, --hours, --tsbs-file");
            }
        }
    }

    /** The scale's defaults: 100 devices x 1,000 rows, or the published 10,000 x 10,000 in 10 files (as the original generator wrote it). */
    void resolveScale(String scale) throws UsageException {
        switch (scale) {
            case "default" -> {
                if (devices == null) devices = 100;
                if (rows == null) rows = 1000;
            }
            case "published" -> {
                if (devices == null) devices = 10_000;
                if (rows == null) rows = 10_000;
                if (files == null) files = 10;
            }
            default -> throw new UsageException("--scale " + scale + ": default, published or iot-1 .. iot-5");
        }
    }

    /** The matrix's files: 4 by default; the published one runs up to 7 clients, each owning whole files, so 10 unless given. */
    void resolveMatrix(boolean published) throws UsageException {
        if (!published) {
            if (files == null) files = 4;
            return;
        }
        if (files == null) files = 10;
        if (files < 7) throw new UsageException("--matrix published runs up to 7 clients, each owning whole files: --files " + files + " must be at least 7");
    }

    void validate(boolean cluster) throws UsageException {
        if (devices < 1) throw new UsageException("--devices " + devices + ": must be at least 1");
        if (rows < 1) throw new UsageException("--rows " + rows + ": must be at least 1");
        if (files < 1) throw new UsageException("--files " + files + ": must be at least 1");
        if (devices < files) throw new UsageException("--devices " + devices + ": fewer than --files " + files + " (each file holds whole devices)");
        if (cluster && files < ClusterRun.NODES) {
            throw new UsageException("--cluster runs " + ClusterRun.NODES + " shard clients, each owning whole files: --files " + files
                    + " must be at least " + ClusterRun.NODES);
        }
    }

    /** The devices' part of a run into {@code dir}. */
    DevicesRun run(String scale, String matrix, String rowsPerRequest, String clients, Path generatorJar, List<String> java, Path dir) {
        return new DevicesRun(devices, rows, files, scale, matrix, rowsPerRequest, clients, generatorJar, java, dir);
    }
}
