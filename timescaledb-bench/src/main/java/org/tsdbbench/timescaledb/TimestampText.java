package org.tsdbbench.timescaledb;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;

/**
 * Epoch milliseconds as PostgreSQL reads a {@code timestamptz} in text, in UTC:
 * {@code 2019-07-16 04:01:40+00}, with {@code .123} when the milliseconds are not zero (and
 * {@code BC} after years before 1). The INSERT text, the COPY body and the dialect's time ranges
 * all say a timestamp this way. The date part is kept for the last day seen (a request's rows
 * share a day or two), so a row costs a few digits and no object. One per builder: not for
 * several threads at once.
 */
final class TimestampText {

    private static final long DAY_MS = 86_400_000L;
    /** Room for the longest text: {@code yyyy-mm-dd hh:mm:ss.mmmuuu+00 BC} with the 9-digit years of the far ends of epoch ms. */
    static final int MAX_LENGTH = 43;

    private long day = Long.MIN_VALUE;
    /** {@code yyyy-mm-dd } of {@link #day}. */
    private byte[] dayText;
    /** Whether {@link #day} is before year 1 (PostgreSQL counts 1 BC, 2 BC... where ISO counts 0, -1...). */
    private boolean beforeChrist;

    /** Appends the timestamp's text; returns the position after it. */
    int append(byte[] buf, int pos, long epochMs) {
        return append(buf, pos, epochMs, 0);
    }

    /**
     * Epoch nanoseconds (the IoT workload's times) to the microsecond, which is what a
     * {@code timestamptz} keeps: a time with nanoseconds below that is an IllegalArgumentException,
     * never rounded into another record's time.
     */
    int appendNanos(byte[] buf, int pos, long epochNs) {
        int belowMs = (int) Math.floorMod(epochNs, 1_000_000L);
        if (belowMs % 1000 != 0) {
            throw new IllegalArgumentException("a time of " + epochNs + " ns since the epoch: TimescaleDB keeps microseconds, not nanoseconds");
        }
        return append(buf, pos, Math.floorDiv(epochNs, 1_000_000L), belowMs / 1000);
    }

    /** The text of epoch milliseconds plus {@code micros} (0..999) microseconds. */
    private int append(byte[] buf, int pos, long epochMs, int micros) {
        long d = Math.floorDiv(epochMs, DAY_MS);
        if (d != day) newDay(d);
        System.arraycopy(dayText, 0, buf, pos, dayText.length);
        pos += dayText.length;
        int msOfDay = (int) Math.floorMod(epochMs, DAY_MS);
        int seconds = msOfDay / 1000;
        pos = twoDigits(buf, pos, seconds / 3600);
        buf[pos++] = ':';
        pos = twoDigits(buf, pos, seconds / 60 % 60);
        buf[pos++] = ':';
        pos = twoDigits(buf, pos, seconds % 60);
        int ms = msOfDay % 1000;
        if (ms != 0 || micros != 0) {
            buf[pos++] = '.';
            buf[pos++] = (byte) ('0' + ms / 100);
            pos = twoDigits(buf, pos, ms % 100);
            if (micros != 0) {
                buf[pos++] = (byte) ('0' + micros / 100);
                pos = twoDigits(buf, pos, micros % 100);
            }
        }
        buf[pos++] = '+';
        buf[pos++] = '0';
        buf[pos++] = '0';
        if (beforeChrist) {
            buf[pos++] = ' ';
            buf[pos++] = 'B';
            buf[pos++] = 'C';
        }
        return pos;
    }

    /** The text of one timestamp, e.g. for a query's time range. */
    static String of(long epochMs) {
        byte[] text = new byte[MAX_LENGTH];
        return new String(text, 0, new TimestampText().append(text, 0, epochMs), StandardCharsets.US_ASCII);
    }

    private void newDay(long d) {
        LocalDate date = LocalDate.ofEpochDay(d);
        int year = date.getYear();
        beforeChrist = year < 1;
        String y = String.valueOf(beforeChrist ? 1 - year : year);
        dayText = ("0".repeat(Math.max(0, 4 - y.length())) + y + String.format("-%02d-%02d ", date.getMonthValue(), date.getDayOfMonth()))
                .getBytes(StandardCharsets.US_ASCII);
        day = d;
    }

    private static int twoDigits(byte[] buf, int pos, int v) {
        buf[pos] = (byte) ('0' + v / 10);
        buf[pos + 1] = (byte) ('0' + v % 10);
        return pos + 2;
    }
}
