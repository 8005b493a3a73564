package org.tsdbbench.common.iot;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.tsdbbench.common.data.TextFormat;

/**
 * Writes IoT records as {@code tsbs_generate_data --use-case=iot --format=influx} does: one line of
 * InfluxDB line protocol per record, {@code <table>,<text tags> <numeric tags>,<fields> <ns>}, a null
 * tag or field left out, status an integer ({@code 2i}), numbers in the shortest decimal that reads
 * back the same double and never in exponent form (Go's {@code 'f', -1}). E.g.
 * <pre>readings,name=truck_0,fleet=South,driver=Trish,model=H-2,device_version=v2.3 load_capacity=1500,fuel_capacity=150,nominal_fuel_consumption=12,latitude=52.31854,longitude=4.72037,elevation=124,velocity=0,heading=221,grade=0,fuel_consumption=25 1451606400000000000</pre>
 */
public final class IotLineWriter implements AutoCloseable {

    private static final IotTag[] TAGS = IotTag.values();
    private static final IotTable[] TABLES = IotTable.values();
    /** The line's constant texts, encoded once: a line is mostly keys, so they are copied, not encoded per line. */
    private static final byte[][] MEASUREMENT = new byte[TABLES.length][];
    /** {@code ,<key>=} of a text tag, {@code <key>=} of a numeric tag (null for the other kind). */
    private static final byte[][] TEXT_TAG = new byte[TAGS.length][];
    private static final byte[][] NUMERIC_TAG = new byte[TAGS.length][];
    /** {@code <field>=} per table and field. */
    private static final byte[][][] FIELD = new byte[TABLES.length][][];
    private static final byte[] TRUCK_PREFIX = ascii("truck_");

    static {
        for (IotTable t : TABLES) {
            MEASUREMENT[t.ordinal()] = ascii(t.measurement);
            FIELD[t.ordinal()] = t.fields().stream().map(f -> ascii(f + "=")).toArray(byte[][]::new);
        }
        for (IotTag tag : TAGS) {
            if (tag.numeric) NUMERIC_TAG[tag.ordinal()] = ascii(tag.key + "=");
            else TEXT_TAG[tag.ordinal()] = ascii("," + tag.key + "=");
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private final OutputStream out;
    private byte[] buf = new byte[1 << 16];
    private int len;
    /** Encoded values of the text tags, per tag and code, made on first use. */
    private final byte[][][] tagBytes = new byte[TAGS.length][][];
    private Trucks encodedFor;
    private long records;

    public IotLineWriter(OutputStream out) {
        this.out = out;
    }

    /**
     * Writes every record of a source to a file, gzip-compressed when its name ends in {@code .gz};
     * the records written. Streams: one batch in memory at a time.
     */
    public static long write(IotRowSource source, Path file) throws IOException {
        OutputStream raw = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
        OutputStream sink = file.getFileName().toString().endsWith(".gz") ? new GZIPOutputStream(raw, 1 << 16) : raw;
        try (IotLineWriter writer = new IotLineWriter(sink)) {
            TruckBatch batch = new TruckBatch(source.trucks(), 10_000);
            while (source.fill(batch, batch.capacity()) > 0) writer.write(batch);
            return writer.records();
        }
    }

    /** Records written so far. */
    public long records() {
        return records;
    }

    /** Writes the batch's records as lines, in the batch's order (its lines as they are, when it carries them). */
    public void write(TruckBatch batch) throws IOException {
        TruckLines lines = batch.lines();
        if (lines != null) {
            flush();
            out.write(lines.bytes(), 0, lines.length());
            records += batch.size();
            return;
        }
        if (encodedFor != batch.trucks) {
            java.util.Arrays.fill(tagBytes, null);
            encodedFor = batch.trucks;
        }
        int[] next = new int[2];
        for (int i = 0; i < batch.size(); i++) {
            IotTable table = batch.tableOf(i);
            writeLine(batch.trucks, batch.rows(table), next[table.ordinal()]++);
            if (len > buf.length - 4096) flush();
        }
        records += batch.size();
    }

    private void writeLine(Trucks trucks, TableRows rows, int r) {
        ensure(1024);
        IotTable table = rows.table;
        appendBytes(MEASUREMENT[table.ordinal()]);
        for (IotTag tag : TAGS) {
            if (tag.numeric) continue;
            int code = rows.tagCode(trucks, r, tag);
            if (code < 0) continue;
            appendBytes(TEXT_TAG[tag.ordinal()]);
            if (tag == IotTag.NAME) {
                appendBytes(TRUCK_PREFIX);
                appendLong(code);
            } else {
                appendBytes(encoded(trucks, tag, code));
            }
        }
        buf[len++] = ' ';
        boolean first = true;
        for (IotTag tag : TAGS) {
            if (!tag.numeric) continue;
            int code = rows.tagCode(trucks, r, tag);
            if (code < 0) continue;
            first = separate(first);
            appendBytes(NUMERIC_TAG[tag.ordinal()]);
            appendBytes(encoded(trucks, tag, code));
        }
        byte[][] fieldKeys = FIELD[table.ordinal()];
        for (int f = 0; f < fieldKeys.length; f++) {
            double v = rows.field[f][r];
            if (Double.isNaN(v)) continue;
            first = separate(first);
            appendBytes(fieldKeys[f]);
            if (table.isInteger(f)) {
                appendLong((long) v);
                buf[len++] = 'i';
            } else {
                appendNumber(v);
            }
        }
        buf[len++] = ' ';
        appendLong(rows.ts[r]);
        buf[len++] = '\n';
    }

    private boolean separate(boolean first) {
        if (!first) buf[len++] = ',';
        return false;
    }

    private byte[] encoded(Trucks trucks, IotTag tag, int code) {
        byte[][] known = tagBytes[tag.ordinal()];
        if (known == null || code >= known.length) {
            known = known == null ? new byte[Math.max(8, code + 1)][] : java.util.Arrays.copyOf(known, Math.max(code + 1, known.length * 2));
            tagBytes[tag.ordinal()] = known;
        }
        if (known[code] == null) known[code] = trucks.values(tag).get(code).getBytes(StandardCharsets.UTF_8);
        return known[code];
    }

    /** The shortest plain decimal of v: {@link TextFormat#appendShortDecimal} for all TSBS's values, else via BigDecimal. */
    void appendNumber(double v) {
        ensure(TextFormat.SHORT_DECIMAL_MAX);
        int end = TextFormat.appendShortDecimal(buf, len, v);
        if (end >= 0) len = end;
        else appendAscii(new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString());
    }

    private void appendLong(long v) {
        ensure(20);
        len = TextFormat.appendLong(buf, len, v);
    }

    private void appendAscii(String s) {
        ensure(s.length());
        for (int i = 0; i < s.length(); i++) buf[len++] = (byte) s.charAt(i);
    }

    private void appendBytes(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, buf, len, b.length);
        len += b.length;
    }

    private void ensure(int n) {
        if (len + n > buf.length) buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
    }

    private void flush() throws IOException {
        out.write(buf, 0, len);
        len = 0;
    }

    @Override
    public void close() throws IOException {
        flush();
        out.close();
    }
}
