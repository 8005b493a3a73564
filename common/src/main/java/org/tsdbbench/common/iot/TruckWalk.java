package org.tsdbbench.common.iot;

import org.tsdbbench.common.workload.Mix;

/**
 * The values of one truck as TSBS's IoT models make them, tick by tick: each field is a clamped
 * random walk (TSBS's {@code CWD}) started where TSBS starts it, fuel falls and refills at empty,
 * the load jumps to a new uniform value with 5% chance a tick (TSBS's lazy distribution), and the
 * status walks with normal steps. The record of tick 0 holds the start values; each later tick
 * advances every walk once, as TSBS's {@code TickAll}. Emitted values are truncated to TSBS's
 * precision ({@code FP}: 5 decimals for latitude and longitude, 1 for fuel, none for the rest).
 *
 * <p>Randomness: each step is a pure function of (truck key, tick), from six SplitMix64 hashes,
 * so the state of a truck at tick t is reached by walking t steps from its start: a source keeps
 * the state of the trucks it makes, tick by tick. Status steps are normal by the sum of four
 * 16-bit uniforms (Irwin-Hall), not Go's generator: the statistics are TSBS's, the numbers not.
 */
final class TruckWalk {

    static final int LAT = 0;
    static final int LON = 1;
    static final int ELEVATION = 2;
    static final int VELOCITY = 3;
    static final int HEADING = 4;
    static final int GRADE = 5;
    static final int FUEL_CONSUMPTION = 6;
    static final int FUEL_STATE = 7;
    static final int LOAD = 8;
    static final int STATUS = 9;
    /** Doubles of state per truck. */
    static final int SIZE = 10;

    private static final double SQRT3 = Math.sqrt(3);

    private TruckWalk() {
    }

    /** The start values (TSBS's distribution makers): random positions and heading, a standing, fuelled, empty truck. */
    static void start(double[] s, int o, long key) {
        long z = Mix.mix(key ^ 0x57A2_7000L);
        long z2 = Mix.mix(z + Mix.GAMMA);
        s[o + LAT] = Mix.unitHigh(z) * 90.0;
        s[o + LON] = Mix.unit(z) * 180.0;
        s[o + ELEVATION] = Mix.unitHigh(z2) * 500.0;
        s[o + VELOCITY] = 0;
        s[o + HEADING] = Mix.unit(z2) * 360.0;
        s[o + GRADE] = 0;
        s[o + FUEL_CONSUMPTION] = 25;
        s[o + FUEL_STATE] = 1;
        s[o + LOAD] = 0;
        s[o + STATUS] = 0;
    }

    /** Advances every walk by the steps of {@code tick} (1 or more: tick 0 is the start). */
    static void advance(double[] s, int o, long key, long tick) {
        long base = key + tick * (8 * Mix.GAMMA);
        long z0 = Mix.mix(base);
        long z1 = Mix.mix(base + Mix.GAMMA);
        long z2 = Mix.mix(base + 2 * Mix.GAMMA);
        long z3 = Mix.mix(base + 3 * Mix.GAMMA);
        long z4 = Mix.mix(base + 4 * Mix.GAMMA);
        long z5 = Mix.mix(base + 5 * Mix.GAMMA);
        s[o + LAT] = clamp(s[o + LAT] + step(Mix.unitHigh(z0), -0.005, 0.005), -90, 90);
        s[o + LON] = clamp(s[o + LON] + step(Mix.unit(z0), -0.005, 0.005), -180, 180);
        s[o + ELEVATION] = clamp(s[o + ELEVATION] + step(Mix.unitHigh(z1), -10, 10), 0, 5000);
        s[o + VELOCITY] = clamp(s[o + VELOCITY] + step(Mix.unit(z1), -10, 10), 0, 100);
        s[o + HEADING] = clamp(s[o + HEADING] + step(Mix.unitHigh(z2), -5, 5), 0, 360);
        s[o + GRADE] = clamp(s[o + GRADE] + step(Mix.unit(z2), -5, 5), 0, 100);
        s[o + FUEL_CONSUMPTION] = clamp(s[o + FUEL_CONSUMPTION] + step(Mix.unitHigh(z3), -5, 5), 0, 50);
        double fuel = clamp(s[o + FUEL_STATE] + step(Mix.unit(z3), -0.001, 0), 0, 1);
        s[o + FUEL_STATE] = fuel == 0 ? 1 : fuel; // TSBS refuels the truck when the walk reaches empty
        if (Mix.unitHigh(z4) >= 0.95) s[o + LOAD] = step(Mix.unit(z4), 0, 5000);
        double normal = ((z5 & 0xFFFF) + ((z5 >>> 16) & 0xFFFF) + ((z5 >>> 32) & 0xFFFF) + (z5 >>> 48) + 2.0) / 65536.0 - 2.0;
        s[o + STATUS] = clamp(s[o + STATUS] + normal * SQRT3, 0, 5);
    }

    /** Writes the emitted fields of a table from the state: TSBS's truncated values. */
    static void emit(double[] s, int o, IotTable table, double[][] field, int row) {
        if (table == IotTable.READINGS) {
            field[IotTable.LATITUDE][row] = truncate(s[o + LAT], 1e5);
            field[IotTable.LONGITUDE][row] = truncate(s[o + LON], 1e5);
            field[IotTable.ELEVATION][row] = truncate(s[o + ELEVATION], 1);
            field[IotTable.VELOCITY][row] = truncate(s[o + VELOCITY], 1);
            field[IotTable.HEADING][row] = truncate(s[o + HEADING], 1);
            field[IotTable.GRADE][row] = truncate(s[o + GRADE], 1);
            field[IotTable.FUEL_CONSUMPTION][row] = truncate(s[o + FUEL_CONSUMPTION], 10);
        } else {
            field[IotTable.FUEL_STATE][row] = truncate(s[o + FUEL_STATE], 10);
            field[IotTable.CURRENT_LOAD][row] = truncate(s[o + LOAD], 1);
            field[IotTable.STATUS][row] = truncate(s[o + STATUS], 1);
        }
    }

    /**
     * The fields of a record that lost its name, drawn from {@code key} alone: uniform within the
     * walks' ranges (latitude and longitude where TSBS starts them, status a whole number 0..5),
     * truncated as {@link #emit} truncates. A record without a name cannot be told from its truck
     * by any query, and values that need no walk let one client make every such record of the data
     * set (see {@link GeneratedSource}).
     */
    static void draw(long key, IotTable table, double[][] field, int row) {
        long z0 = Mix.mix(key ^ 0x0A0E_1E55L);
        long z1 = Mix.mix(z0 + Mix.GAMMA);
        long z2 = Mix.mix(z0 + 2 * Mix.GAMMA);
        long z3 = Mix.mix(z0 + 3 * Mix.GAMMA);
        if (table == IotTable.READINGS) {
            field[IotTable.LATITUDE][row] = truncate(Mix.unitHigh(z0) * 90.0, 1e5);
            field[IotTable.LONGITUDE][row] = truncate(Mix.unit(z0) * 180.0, 1e5);
            field[IotTable.ELEVATION][row] = truncate(Mix.unitHigh(z1) * 5000, 1);
            field[IotTable.VELOCITY][row] = truncate(Mix.unit(z1) * 101, 1);
            field[IotTable.HEADING][row] = truncate(Mix.unitHigh(z2) * 360, 1);
            field[IotTable.GRADE][row] = truncate(Mix.unit(z2) * 100, 1);
            field[IotTable.FUEL_CONSUMPTION][row] = truncate(Mix.unitHigh(z3) * 50, 10);
        } else {
            field[IotTable.FUEL_STATE][row] = truncate(Mix.unitHigh(z0) * 1.0, 10);
            field[IotTable.CURRENT_LOAD][row] = truncate(Mix.unit(z0) * 5000, 1);
            field[IotTable.STATUS][row] = truncate(Mix.unitHigh(z1) * 6, 1);
        }
    }

    /** TSBS's uniform step: {@code x * (high - low) + low}. */
    private static double step(double x, double low, double high) {
        return x * (high - low) + low;
    }

    private static double clamp(double v, double min, double max) {
        return v > max ? max : v < min ? min : v;
    }

    /** TSBS's FloatPrecision: {@code float64(int(v * p)) / p}, truncation toward zero. */
    static double truncate(double v, double p) {
        return (double) (long) (v * p) / p;
    }
}
