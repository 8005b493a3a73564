package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The data set measured: its workload, its spec (every value is a function of these numbers) and
 * where the rows came from. {@code spec} is the devices' and {@code trucks} the IoT workload's; the
 * other is null (and left out of the JSON). A manifest written before the IoT workload has no
 * {@code name}: it is the devices' ({@link #workload()}), and it is written back as it was read.
 */
public record WorkloadRecord(@JsonInclude(JsonInclude.Include.NON_NULL) String name, Spec spec,
        @JsonInclude(JsonInclude.Include.NON_NULL) Trucks trucks, String source) {

    public static final String DEVICES = "devices";
    public static final String IOT = "iot";

    /** The devices' record. */
    public WorkloadRecord(Spec spec, String source) {
        this(DEVICES, spec, null, source);
    }

    /** The IoT workload's record. */
    public WorkloadRecord(Trucks trucks, String source) {
        this(IOT, null, trucks, source);
    }

    /** The workload's name; the devices' for a manifest written before there were others. */
    public String workload() {
        return name == null ? DEVICES : name;
    }

    public boolean devices() {
        return DEVICES.equals(workload());
    }

    /** Devices, rows per device, the first timestamp (epoch ms) and the seed. */
    public record Spec(int numOfDevices, int rowsPerDevice, long startTs, long seed) {
    }

    /**
     * The IoT trucks as TSBS's flags say them: trucks, the time range (ns since the epoch, end
     * exclusive), the log interval, the seed; {@code scale} names report C's scenario when the data
     * set is one of them ({@code iot-1} .. {@code iot-5}), else null; {@code file} is the TSBS file
     * the rows were read from (its trucks and range as its validating pass found them), else null.
     */
    public record Trucks(int trucks, long startNs, long endNs, long intervalNs, long seed, String scale, String file) {
    }
}
