package org.tsdbbench.common.data;

import picocli.CommandLine.Option;
import org.tsdbbench.results.StepFlags;

/** The flags of a {@link WorkloadSpec}: the devices, their rows, the first timestamp and the seed, for the steps and the generator. */
public final class DeviceSpecOptions {

    @Option(names = {StepFlags.NUM_OF_DEVICES, "--num-of-devices"}, paramLabel = "N", description = "Devices in the data set (default: ${DEFAULT-VALUE}).")
    int numOfDevices = WorkloadSpec.DEFAULT_DEVICES;

    @Option(names = {StepFlags.ROWS_PER_DEVICE, "--rows-per-device"}, paramLabel = "N", description = "Rows per device, one a second (default: ${DEFAULT-VALUE}).")
    int rowsPerDevice = WorkloadSpec.DEFAULT_ROWS_PER_DEVICE;

    @Option(names = {"-startTs", "--start-ts"}, paramLabel = "MS", description = "Timestamp of each device's first row, epoch ms (default: ${DEFAULT-VALUE}).")
    long startTs = WorkloadSpec.DEFAULT_START_TS;

    @Option(names = {"-seed", "--seed"}, description = "Seed that decides every value (default: ${DEFAULT-VALUE}).")
    long seed = WorkloadSpec.DEFAULT_SEED;

    /** Checks the counts; a bad one is an IllegalArgumentException naming flag and value. */
    void validate() {
        positive(StepFlags.NUM_OF_DEVICES, numOfDevices);
        positive(StepFlags.ROWS_PER_DEVICE, rowsPerDevice);
    }

    static void positive(String flag, long value) {
        if (value < 1) throw new IllegalArgumentException(flag + " " + value + ": must be at least 1");
    }

    WorkloadSpec spec() {
        return new WorkloadSpec(numOfDevices, rowsPerDevice, startTs, seed);
    }
}
