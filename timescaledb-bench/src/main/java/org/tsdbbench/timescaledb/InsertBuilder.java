package org.tsdbbench.timescaledb;

import java.nio.charset.StandardCharsets;
import org.tsdbbench.common.data.RowBatch;

/**
 * Builds one multi-row INSERT for a batch: {@code INSERT INTO devices (...) VALUES (...),(...)}.
 * One statement per request, one implicit transaction: the server's row count ({@code INSERT 0 n})
 * is exactly the rows it acknowledged. Reused for every request of a client (no garbage per row).
 * Names are standard SQL literals (PostgreSQL's standard_conforming_strings, on by default): only
 * a quote is doubled; a device's name is quoted once for its run of rows.
 */
public final class InsertBuilder {

    static final String PREFIX = "INSERT INTO " + DevicesTable.NAME + " (" + DevicesTable.COLUMNS + ") VALUES ";
    private static final byte[] PREFIX_BYTES = PREFIX.getBytes(StandardCharsets.US_ASCII);

    private final TextBuffer text = new TextBuffer();
    private final TimestampText timestamps = new TimestampText();
    private final RowNames names = new RowNames(s -> s.replace("'", "''"));

    public String build(RowBatch b) {
        text.clear();
        text.reserve(PREFIX_BYTES.length);
        text.put(PREFIX_BYTES);
        for (int i = 0; i < b.size(); i++) {
            byte[] name = names.text(b.devname[i]);
            text.reserve(TextBuffer.ROW_BYTES + name.length);
            if (i > 0) text.put(',');
            text.put('(').put('\'').timestamp(timestamps, b.ts[i]).put('\'').put(',').number(b.devid[i]).put(',').put('\'').put(name)
                    .put('\'').put(',').number(b.devgroup[i]).put(',').number(b.temperature[i]).put(',').number(b.humidity[i]).put(')');
        }
        return text.text();
    }
}
