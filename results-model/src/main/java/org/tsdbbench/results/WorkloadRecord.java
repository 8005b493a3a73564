package org.tsdbbench.results;

/** The data set measured: its spec (every value is a function of these four numbers) and where the rows came from. */
public record WorkloadRecord(Spec spec, String source) {

    /** Devices, rows per device, the first timestamp (epoch ms) and the seed. */
    public record Spec(int numOfDevices, int rowsPerDevice, long startTs, long seed) {
    }
}
