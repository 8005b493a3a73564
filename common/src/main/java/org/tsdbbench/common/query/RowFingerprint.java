package org.tsdbbench.common.query;

/**
 * A 64-bit hash of one whole row (timestamp, device, temperature, humidity in hundredths). Rows
 * are combined by adding their hashes: the total does not depend on the order the rows come in,
 * yet two rows that swapped a value, or one row twice instead of another, change it (unless two
 * different rows collide in 64 bits).
 */
final class RowFingerprint {

    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private RowFingerprint() {
    }

    static long of(long ts, long devid, long temperature, long humidityCenti) {
        // Each field is folded into the state and mixed again, so the hash depends on which
        // field holds which value, not only on the set of values.
        long h = mix(ts + GOLDEN_GAMMA);
        h = mix(h ^ (devid + 2 * GOLDEN_GAMMA));
        h = mix(h ^ (temperature + 3 * GOLDEN_GAMMA));
        return mix(h ^ (humidityCenti + 4 * GOLDEN_GAMMA));
    }

    /** Humidity as a database returns it (float or double, possibly printed and parsed) in hundredths. */
    static long hundredths(double humidity) {
        return Math.round(humidity * 100.0);
    }

    /** SplitMix64's finalizer. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
