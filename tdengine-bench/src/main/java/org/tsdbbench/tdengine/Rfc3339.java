package org.tsdbbench.tdengine;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * Epoch milliseconds from the timestamps TDengine 3.x's REST API writes
 * ({@code 2019-07-16T04:01:40.000Z}, or with an offset such as {@code +08:00}). A full read of one
 * group is a million of them, so the usual shape is read by position; anything else goes through
 * {@link OffsetDateTime}.
 */
final class Rfc3339 {

    private Rfc3339() {
    }

    static double epochMillis(String s) {
        int n = s.length();
        if (n < 20 || s.charAt(4) != '-' || s.charAt(7) != '-' || s.charAt(10) != 'T' || s.charAt(13) != ':' || s.charAt(16) != ':') {
            return slow(s);
        }
        int i = 19;
        long millis = 0;
        if (s.charAt(i) == '.') {
            int digits = 0;
            for (i++; i < n && Character.isDigit(s.charAt(i)); i++, digits++) {
                if (digits < 3) millis = millis * 10 + (s.charAt(i) - '0');
            }
            for (; digits < 3; digits++) millis *= 10;
        }
        long offsetMinutes;
        if (i == n - 1 && s.charAt(i) == 'Z') {
            offsetMinutes = 0;
        } else if (i == n - 6 && (s.charAt(i) == '+' || s.charAt(i) == '-') && s.charAt(i + 3) == ':') {
            offsetMinutes = (s.charAt(i) == '-' ? -1 : 1) * (num(s, i + 1, 2) * 60L + num(s, i + 4, 2));
        } else {
            return slow(s);
        }
        long day = LocalDate.of(num(s, 0, 4), num(s, 5, 2), num(s, 8, 2)).toEpochDay();
        long seconds = day * 86_400 + num(s, 11, 2) * 3600L + num(s, 14, 2) * 60L + num(s, 17, 2) - offsetMinutes * 60;
        return seconds * 1000 + millis;
    }

    private static int num(String s, int from, int length) {
        int v = 0;
        for (int i = from; i < from + length; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') throw new DateTimeParseException("not a digit at " + i, s, i);
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private static double slow(String s) {
        try {
            return OffsetDateTime.parse(s).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            return Double.NaN;
        }
    }
}
