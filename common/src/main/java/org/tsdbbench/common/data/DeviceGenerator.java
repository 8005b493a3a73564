package org.tsdbbench.common.data;

import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * The deterministic, random-access generator of the workload's values: every value is a pure
 * function of (seed, devid, row), so any thread can produce any device's rows in any order and
 * get the same numbers on every machine.
 *
 * <p>Each device has its own centre per field; a value is {@code centre + (radius / 3) * g} with
 * {@code g} standard normal clamped to [-3, 3]. {@code g} comes from a 65,536-entry table of
 * normal quantiles indexed by 16 bits of a SplitMix64 hash: no transcendental function on the hot
 * path, and only IEEE double arithmetic, which Java makes identical everywhere. Humidity is kept
 * to hundredths so that files, databases and expected answers hold the very same value.
 */
public final class DeviceGenerator {

    public static final int TEMPERATURE_RADIUS = 17;
    public static final int TEMPERATURE_CENTRE_MAX = 21;
    public static final int HUMIDITY_RADIUS = 35;
    public static final int HUMIDITY_CENTRE_MAX = 99;
    public static final int HUMIDITY_CENTRE_MIN_CLAMP = 35;
    public static final int HUMIDITY_CENTRE_MAX_CLAMP = 65;

    private static final double TEMPERATURE_SCALE = TEMPERATURE_RADIUS / 3.0;
    private static final double HUMIDITY_SCALE = HUMIDITY_RADIUS / 3.0;
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;
    private static final double[] NORMAL = normalQuantiles(1 << 16);

    private final WorkloadSpec spec;
    /** Indexed by devid; slot 0 unused. */
    private final double[] temperatureCentre;
    private final double[] humidityCentre;
    private final long[] deviceBase;
    private final String[] devname;

    public DeviceGenerator(WorkloadSpec spec) {
        this.spec = spec;
        int n = spec.numOfDevices();
        temperatureCentre = new double[n + 1];
        humidityCentre = new double[n + 1];
        deviceBase = new long[n + 1];
        devname = new String[n + 1];
        for (int devid = 1; devid <= n; devid++) {
            long h = mix(spec.seed() * GOLDEN_GAMMA + devid);
            temperatureCentre[devid] = TEMPERATURE_CENTRE_MAX * unit(mix(h ^ 0x7E3A_1C0FL));
            double hc = HUMIDITY_CENTRE_MAX * unit(mix(h ^ 0x4D1D_17E5L));
            humidityCentre[devid] = Math.min(HUMIDITY_CENTRE_MAX_CLAMP, Math.max(HUMIDITY_CENTRE_MIN_CLAMP, hc));
            deviceBase[devid] = mix(h ^ 0x5EED_BA5EL);
            devname[devid] = WorkloadSpec.devname(devid);
        }
    }

    public WorkloadSpec spec() {
        return spec;
    }

    public double temperatureCentre(int devid) {
        return temperatureCentre[devid];
    }

    public double humidityCentre(int devid) {
        return humidityCentre[devid];
    }

    public String devname(int devid) {
        return devname[devid];
    }

    /** Temperature of row {@code row} (0-based, any row index, also past rowsPerDevice) of a device. */
    public int temperature(int devid, long row) {
        long h = hash(devid, row);
        return (int) (temperatureCentre[devid] + TEMPERATURE_SCALE * NORMAL[(int) (h >>> 48)]);
    }

    /** Humidity in hundredths (5725 for 57.25). */
    public int humidityCenti(int devid, long row) {
        long h = hash(devid, row);
        return (int) Math.round((humidityCentre[devid] + HUMIDITY_SCALE * NORMAL[(int) (h >>> 32) & 0xFFFF]) * 100);
    }

    /**
     * Appends rows {@code [fromRow, fromRow + count)} of one device to the batch. The hot path of
     * every write test: one hash and two table look-ups per row.
     */
    public void appendRows(RowBatch batch, int devid, long fromRow, int count) {
        String name = devname[devid];
        int group = WorkloadSpec.group(devid);
        double tc = temperatureCentre[devid];
        double hc = humidityCentre[devid];
        long base = deviceBase[devid];
        long ts = spec.timestamp(fromRow);
        for (int i = 0; i < count; i++, ts += WorkloadSpec.INTERVAL_MS) {
            long h = mix(base + (fromRow + i) * GOLDEN_GAMMA);
            int temp = (int) (tc + TEMPERATURE_SCALE * NORMAL[(int) (h >>> 48)]);
            long centi = Math.round((hc + HUMIDITY_SCALE * NORMAL[(int) (h >>> 32) & 0xFFFF]) * 100);
            batch.add(devid, name, group, ts, temp, centi / 100f);
        }
    }

    private long hash(int devid, long row) {
        return mix(deviceBase[devid] + row * GOLDEN_GAMMA);
    }

    /** SplitMix64's finalizer: a fast, well-mixed 64-bit hash. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A double in [0, 1) from the top 53 bits. */
    private static double unit(long h) {
        return (h >>> 11) * 0x1.0p-53;
    }

    /** Quantiles of the standard normal at the midpoints of {@code size} equal slices, clamped to [-3, 3]. */
    private static double[] normalQuantiles(int size) {
        NormalDistribution normal = new NormalDistribution(null, 0, 1);
        double[] table = new double[size];
        for (int i = 0; i < size; i++) {
            double g = normal.inverseCumulativeProbability((i + 0.5) / size);
            table[i] = Math.max(-3, Math.min(3, g));
        }
        return table;
    }
}
