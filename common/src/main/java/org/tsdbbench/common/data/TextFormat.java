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

    private static final double[] DOUBLE_POW10 = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};
    private static final int[] INT_POW10 = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000};

    /** The longest text {@link #appendShortDecimal} writes: a sign, a leading zero, a point and 15 digits. */
    public static final int SHORT_DECIMAL_MAX = 18;

    /**
     * Appends {@code v} in the fewest decimals (at most nine, under 10^15 once scaled) that read
     * back as the same double, in plain notation: {@code 1500}, {@code 52.31854}, {@code 0.005}.
     * Every value TSBS writes has such a form. Returns the position after it, or -1 (nothing
     * written) for a value without one (NaN, infinities, 1e-12, 1e20), which the caller writes its
     * own way. Needs {@link #SHORT_DECIMAL_MAX} bytes of room.
     */
    public static int appendShortDecimal(byte[] buf, int pos, double v) {
        for (int p = 0; p < DOUBLE_POW10.length; p++) {
            double scaled = v * DOUBLE_POW10[p];
            if (Math.abs(scaled) >= 1e15) break;
            long k = Math.round(scaled);
            // Both operands are exact doubles, so the division is correctly rounded: equal means the text reads back as v.
            if (k / DOUBLE_POW10[p] == v) {
                if (k < 0) {
                    buf[pos++] = '-';
                    k = -k;
                }
                if (p == 0) return appendLong(buf, pos, k);
                pos = appendLong(buf, pos, k / INT_POW10[p]);
                buf[pos++] = '.';
                return appendPositiveInt(buf, pos, (int) (k % INT_POW10[p]), p);
            }
        }
        return -1;
    }

    /** The longest text {@link #appendDouble} writes: Java's shortest text of a double, such as {@code -1.2345678901234567E-300}. */
    public static final int DOUBLE_MAX = 24;

    /**
     * Appends {@code v} as {@link #appendShortDecimal} does, or, for a value without such a form, as
     * Java's shortest text ({@code 1.0E-12}, {@code Infinity}, {@code NaN}), which the text formats
     * of the databases here read. Returns the position after it; needs {@link #DOUBLE_MAX} bytes of room.
     */
    public static int appendDouble(byte[] buf, int pos, double v) {
        int end = appendShortDecimal(buf, pos, v);
        if (end >= 0) return end;
        String text = Double.toString(v);
        for (int i = 0; i < text.length(); i++) buf[pos++] = (byte) text.charAt(i);
        return pos;
    }

    /**
     * {@link #appendShortDecimal} into a StringBuilder (the SQL builders'), any value without such a
     * form as Java's text; {@code scratch} is the caller's, of {@link #SHORT_DECIMAL_MAX} bytes.
     */
    public static void appendDecimal(StringBuilder sb, double v, byte[] scratch) {
        int end = appendShortDecimal(scratch, 0, v);
        if (end < 0) {
            sb.append(v);
            return;
        }
        for (int i = 0; i < end; i++) sb.append((char) scratch[i]);
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
