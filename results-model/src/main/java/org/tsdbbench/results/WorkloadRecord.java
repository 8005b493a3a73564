package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The data set measured: its workload, its spec (every value is a function of these numbers) and
 * where the rows came from. {@code spec} is the devices', {@code trucks} the IoT workload's and
 * {@code hosts} TSBS DevOps'; the others are null (and left out of the JSON). A manifest written before the IoT workload has no
 * {@code name}: it is the devices' ({@link #workload()}), and it is written back as it was read.
 */
public record WorkloadRecord(@JsonInclude(JsonInclude.Include.NON_NULL) String name, Spec spec,
        @JsonInclude(JsonInclude.Include.NON_NULL) Trucks trucks,
        @JsonInclude(JsonInclude.Include.NON_NULL) Hosts hosts, String source) {

    public static final String DEVICES = "devices";
    public static final String IOT = "iot";
    public static final String CPU_ONLY = "cpu-only";

    /** The devices' record. */
    public WorkloadRecord(Spec spec, String source) {
        this(DEVICES, spec, null, null, source);
    }

    /** The IoT workload's record. */
    public WorkloadRecord(Trucks trucks, String source) {
        this(IOT, null, trucks, null, source);
    }

    /** TSBS DevOps' record (its cpu-only use case). */
    public WorkloadRecord(Hosts hosts, String source) {
        this(CPU_ONLY, null, null, hosts, source);
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

    /**
     * TSBS DevOps' hosts as TSBS's flags say them: hosts ({@code --scale}), the time range (ns since
     * the epoch, end exclusive), the log interval, the seed; {@code file} is the TSBS file the rows
     * were read from, else null.
     */
    public record Hosts(int hosts, long startNs, long endNs, long intervalNs, long seed, String file) {
    }
}
