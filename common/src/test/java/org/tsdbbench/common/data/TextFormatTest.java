package org.tsdbbench.common.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TextFormatTest {

    private static String format(long v) {
        byte[] buf = new byte[32];
        int end = TextFormat.appendLong(buf, 0, v);
        return new String(buf, 0, end, StandardCharsets.US_ASCII);
    }

    @Test
    void longsFormatLikeJava() {
        long[] edge = {0, 1, 9, 10, 99, 100, 101, 999_999_999L, 1_000_000_000L, 1_000_000_001L, 1_563_249_700_000L,
                -1, -10, -17, Long.MAX_VALUE, Long.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE, 1_000_000_000_000_000_000L};
        for (long v : edge) assertEquals(Long.toString(v), format(v));
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < 100_000; i++) {
            long v = r.nextLong() >> r.nextInt(64);
            assertEquals(Long.toString(v), format(v));
        }
    }

    @Test
    void hundredthsHaveTwoDecimals() {
        byte[] buf = new byte[16];
        assertEquals("57.25", new String(buf, 0, TextFormat.appendHundredths(buf, 0, 5725), StandardCharsets.US_ASCII));
        assertEquals("0.05", new String(buf, 0, TextFormat.appendHundredths(buf, 0, 5), StandardCharsets.US_ASCII));
        assertEquals("100.00", new String(buf, 0, TextFormat.appendHundredths(buf, 0, 10000), StandardCharsets.US_ASCII));
        assertEquals("-3.10", new String(buf, 0, TextFormat.appendHundredths(buf, 0, -310), StandardCharsets.US_ASCII));
        StringBuilder sb = new StringBuilder();
        TextFormat.appendFloat(sb, 57.3f);
        sb.append(' ');
        TextFormat.appendFloat(sb, 12.3456f);
        assertEquals("57.30 12.3456", sb.toString());
    }

    private static String shortDecimal(double v) {
        byte[] buf = new byte[TextFormat.SHORT_DECIMAL_MAX];
        int end = TextFormat.appendShortDecimal(buf, 0, v);
        return end < 0 ? null : new String(buf, 0, end, StandardCharsets.US_ASCII);
    }

    @Test
    void shortDecimalsAreTheFewestDigitsThatReadBack() {
        assertEquals("1500", shortDecimal(1500.0));
        assertEquals("52.31854", shortDecimal(52.31854));
        assertEquals("0.005", shortDecimal(0.005));
        assertEquals("-0.1", shortDecimal(-0.1));
        assertEquals("0", shortDecimal(-0.0));
        assertEquals("0.000000001", shortDecimal(1e-9));
        assertEquals("-99999999999999", shortDecimal(-99_999_999_999_999.0));
        // No form within nine decimals and 15 digits: left to the caller.
        for (double v : new double[] {Double.NaN, Double.POSITIVE_INFINITY, 1e-12, 1e20, Math.PI}) assertEquals(null, shortDecimal(v), "" + v);
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 100_000; i++) {
            // TSBS's values: up to five decimals, any sign and size up to a million.
            double v = Math.round((r.nextDouble() - 0.5) * 2e11) / 1e5;
            String text = shortDecimal(v);
            assertEquals(v, Double.parseDouble(text), text);
            assertTrue(!text.contains("E") && text.length() <= new java.math.BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString().length(),
                    v + " as " + text);
        }
    }
}
