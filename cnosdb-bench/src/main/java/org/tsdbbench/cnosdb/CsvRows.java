package org.tsdbbench.cnosdb;

import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import org.tsdbbench.common.query.ResultSink;

/**
 * CnosDB's CSV answer (its default format: a header line, then one line per row) read as the bytes
 * arrive and passed on as rows of numbers, so a large answer is never held whole and the request's
 * deadline, which ends the exchange, also ends the reading. Numbers are parsed from the bytes
 * without an object per value; NULL ({@code ""}) and text are NaN, a timestamp printed as text
 * ({@code 2019-07-16T04:01:40.000000000}) is epoch milliseconds. A field that is not a number (a
 * tag such as a truck's name) also arrives as text ({@link ResultSink#row(double[], String[])}),
 * the only fields that cost an object; CSV has no types, so a tag whose value reads as a number
 * arrives as that number. Quoted fields (the header names functions with commas) follow RFC 4180.
 */
final class CsvRows implements HttpResponse.BodySubscriber<Void> {

    /** The largest count of decimal digits whose value a double holds exactly (10^15 < 2^53). */
    private static final int EXACT_DIGITS = 15;
    private static final double[] POWERS_OF_TEN = new double[EXACT_DIGITS + 1];

    static {
        POWERS_OF_TEN[0] = 1;
        for (int i = 1; i < POWERS_OF_TEN.length; i++) POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
    }

    private final ResultSink sink;
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private Flow.Subscription subscription;

    private byte[] field = new byte[64];
    private int fieldLength;
    private boolean inQuotes;
    private boolean quoteInQuotes;
    private boolean header = true;
    private int columns;
    private double[] row;
    private String[] texts;
    private int column;
    private long line = 1;

    CsvRows(ResultSink sink) {
        this.sink = sink;
    }

    @Override
    public CompletionStage<Void> getBody() {
        return done;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        try {
            for (ByteBuffer b : buffers) {
                while (b.hasRemaining()) accept(b.get());
            }
        } catch (RuntimeException e) {
            subscription.cancel();
            done.completeExceptionally(e);
        }
    }

    @Override
    public void onError(Throwable t) {
        done.completeExceptionally(t);
    }

    @Override
    public void onComplete() {
        try {
            inQuotes = false;
            if (column > 0 || fieldLength > 0) endRow();
            done.complete(null);
        } catch (RuntimeException e) {
            done.completeExceptionally(e);
        }
    }

    /** Feeds one byte of the answer (the offline test feeds whole answers through here). */
    void accept(byte c) {
        if (inQuotes) {
            if (quoteInQuotes) {
                quoteInQuotes = false;
                if (c == '"') {
                    append(c); // "" inside quotes is one quote
                    return;
                }
                inQuotes = false; // the quote closed the field: c is what follows it
            } else {
                if (c == '"') quoteInQuotes = true;
                else append(c);
                return;
            }
        }
        switch (c) {
            case '"' -> {
                if (fieldLength == 0) inQuotes = true;
                else append(c);
            }
            case ',' -> endField();
            case '\n' -> endRow();
            case '\r' -> { }
            default -> append(c);
        }
    }

    private void append(byte c) {
        if (fieldLength == field.length) field = Arrays.copyOf(field, 2 * field.length);
        field[fieldLength++] = c;
    }

    private void endField() {
        if (!header) {
            if (column == columns) throw new IllegalStateException("CnosDB answer line " + line + ": more than the header's " + columns + " columns");
            double v = number(field, fieldLength);
            row[column] = v;
            texts[column] = !Double.isNaN(v) || fieldLength == 0 ? null : new String(field, 0, fieldLength, StandardCharsets.UTF_8);
        }
        column++;
        fieldLength = 0;
    }

    private void endRow() {
        endField();
        if (header) {
            header = false;
            columns = column;
            row = new double[columns];
            texts = new String[columns];
        } else {
            if (column != columns) throw new IllegalStateException("CnosDB answer line " + line + ": " + column + " columns, the header has " + columns);
            sink.row(row, texts);
        }
        column = 0;
        line++;
    }

    /** The field's value: a plain decimal number parsed from the bytes, anything else through {@link #text}. */
    static double number(byte[] b, int length) {
        int i = 0;
        boolean negative = length > 0 && b[0] == '-';
        if (negative) i = 1;
        long mantissa = 0;
        int digits = 0;
        int decimals = -1;
        for (; i < length; i++) {
            byte c = b[i];
            if (c >= '0' && c <= '9') {
                if (++digits > EXACT_DIGITS) return text(b, length);
                mantissa = mantissa * 10 + (c - '0');
                if (decimals >= 0) decimals++;
            } else if (c == '.' && decimals < 0) {
                decimals = 0;
            } else {
                return text(b, length);
            }
        }
        if (digits == 0) return length == 0 ? Double.NaN : text(b, length);
        // Both operands are exact doubles, so the one division is correctly rounded: the same
        // double Double.parseDouble gives (Clinger's fast path).
        double v = decimals > 0 ? mantissa / POWERS_OF_TEN[decimals] : mantissa;
        return negative ? -v : v;
    }

    /** A field that is not a plain short decimal: any number Java reads, a timestamp as epoch ms, else NaN (text, NULL). */
    static double text(byte[] b, int length) {
        String s = new String(b, 0, length, StandardCharsets.UTF_8);
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException notANumber) {
            return epochMillis(s);
        }
    }

    private static double epochMillis(String s) {
        if (s.length() < 19 || s.charAt(4) != '-' || s.charAt(10) != 'T' && s.charAt(10) != ' ') return Double.NaN;
        String iso = s.charAt(10) == ' ' ? s.substring(0, 10) + 'T' + s.substring(11) : s;
        try {
            return LocalDateTime.parse(iso).toInstant(ZoneOffset.UTC).toEpochMilli();
        } catch (DateTimeParseException local) {
            try {
                return OffsetDateTime.parse(iso).toInstant().toEpochMilli();
            } catch (DateTimeParseException zoned) {
                return Double.NaN;
            }
        }
    }
}
