package org.tsdbbench.common.data;

/**
 * Number formatting into byte and char buffers without allocating: the shared hot path of the
 * file writer and of every text-based request builder (SQL, line protocol, JSON).
 */
public final class TextFormat {

    private TextFormat() {
    }

    /** The value in hundredths when it has at most two decimals (as every generated humidity has). */
    public static long hundredths(float value) {
        return Math.round(value * 100.0);
    }

    /** True when {@code value} prints exactly with two decimals (generated data always does). */
    public static boolean isHundredths(float value) {
        return (float) (hundredths(value) / 100.0) == value;
    }

    private static final byte[] DIGIT_PAIRS = new byte[200];

    static {
        for (int i = 0; i < 100; i++) {
            DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
            DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    public static int appendLong(byte[] buf, int pos, long v) {
        if (v < 0) {
            if (v == Long.MIN_VALUE) {
                byte[] min = Long.toString(v).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                System.arraycopy(min, 0, buf, pos, min.length);
                return pos + min.length;
            }
            buf[pos++] = '-';
            v = -v;
        }
        if (v < 1_000_000_000L) return appendPositiveInt(buf, pos, (int) v, digits((int) v));
        // Timestamps (13 digits): two int-sized halves, since int division is much cheaper.
        long high = v / 1_000_000_000L;
        int low = (int) (v - high * 1_000_000_000L);
        pos = appendLong(buf, pos, high);
        return appendPositiveInt(buf, pos, low, 9);
    }

    /** Writes {@code v} in exactly {@code len} digits (zero-padded), two digits per step. */
    private static int appendPositiveInt(byte[] buf, int pos, int v, int len) {
        int i = pos + len;
        while (v >= 100 || i - pos > 2) {
            int q = v / 100;
            int r = (v - q * 100) << 1;
            v = q;
            buf[--i] = DIGIT_PAIRS[r + 1];
            buf[--i] = DIGIT_PAIRS[r];
        }
        if (i - pos == 2) {
            buf[--i] = DIGIT_PAIRS[(v << 1) + 1];
            buf[--i] = DIGIT_PAIRS[v << 1];
        } else if (i - pos == 1) {
            buf[--i] = (byte) ('0' + v);
        }
        return pos + len;
    }

    /** Appends {@code centi / 100} as a decimal with exactly two decimals, e.g. 5725 as 57.25. */
    public static int appendHundredths(byte[] buf, int pos, long centi) {
        if (centi < 0) {
            buf[pos++] = '-';
            centi = -centi;
        }
        pos = appendLong(buf, pos, centi / 100);
        int frac = (int) (centi % 100);
        buf[pos++] = '.';
        buf[pos++] = DIGIT_PAIRS[frac << 1];
        buf[pos++] = DIGIT_PAIRS[(frac << 1) + 1];
        return pos;
    }

    /** Appends a float: two decimals when exact (fast), else Java's shortest representation. */
    public static void appendFloat(StringBuilder sb, float value) {
        if (isHundredths(value)) appendHundredths(sb, hundredths(value));
        else sb.append(value);
    }

    public static void appendHundredths(StringBuilder sb, long centi) {
        if (centi < 0) {
            sb.append('-');
            centi = -centi;
        }
        sb.append(centi / 100).append('.');
        int frac = (int) (centi % 100);
        sb.append((char) ('0' + frac / 10)).append((char) ('0' + frac % 10));
    }

    /** Decimal digits of a non-negative int: comparisons, no division. */
    static int digits(int v) {
        if (v < 100_000) {
            if (v < 100) return v < 10 ? 1 : 2;
            return v < 1_000 ? 3 : v < 10_000 ? 4 : 5;
        }
        if (v < 10_000_000) return v < 1_000_000 ? 6 : 7;
        return v < 100_000_000 ? 8 : v < 1_000_000_000 ? 9 : 10;
    }
}
