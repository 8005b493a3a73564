package org.tsdbbench.common.workload;

/** The hash every random choice of a workload comes from: pure functions, identical on every machine. */
public final class Mix {

    public static final long GAMMA = 0x9E3779B97F4A7C15L;

    private Mix() {
    }

    /** SplitMix64's finalizer: a fast, well-mixed 64-bit hash. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A double in [0, 1) from the low 32 bits. */
    public static double unit(long bits) {
        return (bits & 0xFFFF_FFFFL) * 0x1.0p-32;
    }

    /** A double in [0, 1) from the high 32 bits. */
    public static double unitHigh(long bits) {
        return (bits >>> 32) * 0x1.0p-32;
    }
}
