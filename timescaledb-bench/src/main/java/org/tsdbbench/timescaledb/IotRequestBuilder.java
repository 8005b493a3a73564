package org.tsdbbench.timescaledb;

import java.nio.charset.StandardCharsets;
import org.tsdbbench.common.data.TextFormat;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.TableRows;

/**
 * Builds the text of an IoT request's multi-row {@code INSERT INTO <table> (...) VALUES} for
 * writeMode=multirow, field by field into one reused buffer (no object per row). A row is its time
 * (to the microsecond), its tags row's id ({@link TagIds}) and its fields, a NaN field as NULL.
 * (writeMode=copy sends {@link BinaryCopy}'s bodies.)
 */
final class IotRequestBuilder {

    private final TextBuffer text = new TextBuffer();
    private final TimestampText timestamps = new TimestampText();

    /** Appends {@code INSERT INTO <table> (...) VALUES (...),...;} for the table's rows (nothing for none) to the text built so far. */
    IotRequestBuilder insert(TableRows rows, TagIds tags) {
        if (rows.size() == 0) return this;
        byte[] prefix = ("INSERT INTO " + rows.table.measurement + " (" + IotTables.columns(rows.table) + ") VALUES ").getBytes(StandardCharsets.US_ASCII);
        text.reserve(prefix.length + 1);
        text.put(prefix);
        int fields = rows.table.fieldCount();
        for (int r = 0; r < rows.size(); r++) {
            text.reserve(rowBytes(fields) + 8);
            if (r > 0) text.put(',');
            text.put('(').put('\'').timestampNanos(timestamps, rows.ts[r]).put('\'').put(',').number(tags.id(rows, r));
            for (int f = 0; f < fields; f++) {
                text.put(',');
                double v = rows.field[f][r];
                if (Double.isNaN(v)) text.put(NULL);
                else text.number(v);
            }
            text.put(')');
        }
        text.put(';');
        return this;
    }

    /** Starts an INSERT text (see {@link #insert}). */
    IotRequestBuilder clear() {
        text.clear();
        return this;
    }

    private static final byte[] NULL = "NULL".getBytes(StandardCharsets.US_ASCII);

    private static int rowBytes(int fields) {
        return TimestampText.MAX_LENGTH + 2 + 12 + fields * (TextFormat.DOUBLE_MAX + 1) + 2;
    }

    String text() {
        return text.text();
    }
}
