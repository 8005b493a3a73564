package org.tsdbbench.clickhouse;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.tsdbbench.common.data.RequestBytes;
import org.tsdbbench.common.data.TextFormat;
import org.tsdbbench.common.iot.IotTag;
import org.tsdbbench.common.iot.TableRows;
import org.tsdbbench.common.iot.TruckEncodings;
import org.tsdbbench.common.iot.Trucks;

/**
 * Builds the body of one table's {@code INSERT ... FORMAT TabSeparated} for IoT records, in
 * {@link IotLayout#columns} order: {@code ts} (ns), the eight tags, the fields; {@code \N} for a
 * NULL tag or field. Straight into one reused byte buffer, no object per row: a truck's tag values
 * are encoded once per data set's {@link Trucks} (texts escaped for TabSeparated, numbers in the
 * shortest decimal), names as {@code truck_} and the number, doubles formatted into the buffer; a
 * truck's whole run of tags is kept too ({@link TruckEncodings}), copied into every record of it
 * that nulls none of them.
 */
public final class IotTabSeparatedBuilder {

    private static final IotTag[] TAGS = IotTag.values();
    private static final byte[] NULL = {'\\', 'N'};
    private static final byte[] TRUCK = "truck_".getBytes(StandardCharsets.US_ASCII);

    private final RequestBytes bytes = new RequestBytes();
    /** {@code tagBytes[tag][code]}: a tag value as written, made on first use for {@link #encodedFor}. */
    private final byte[][][] tagBytes = new byte[TAGS.length][][];
    private Trucks encodedFor;
    /** A truck's eight tags, each after its tab, as a record that nulls none of them has them. */
    private final TruckEncodings truckTags = new TruckEncodings(this::encodedTags);

    /** The TabSeparated rows of {@code rows} (of {@code trucks}); {@link #array()} and {@link #length()} hold them until the next build. */
    public IotTabSeparatedBuilder build(Trucks trucks, TableRows rows) {
        if (encodedFor != trucks) {
            Arrays.fill(tagBytes, null);
            encodedFor = trucks;
        }
        RequestBytes out = bytes;
        out.clear();
        int fields = rows.table.fieldCount();
        for (int r = 0; r < rows.size(); r++) {
            out.reserve(20 + TAGS.length * 2 + fields * (TextFormat.DOUBLE_MAX + 1) + 2);
            out.number(rows.ts[r]);
            if (rows.nullTag[r] == TableRows.NO_NULL) {
                out.append(truckTags.of(trucks, rows.truck[r]));
            } else {
                tags(out, trucks, rows.truck[r], rows.nullTag[r]);
            }
            out.reserve(fields * (TextFormat.DOUBLE_MAX + 1) + 1);
            for (int f = 0; f < fields; f++) {
                out.put('\t');
                double v = rows.field[f][r];
                if (Double.isNaN(v)) {
                    out.put('\\').put('N');
                } else if (rows.table.isInteger(f)) {
                    out.number((long) v);
                } else {
                    number(out, v);
                }
            }
            out.put('\n');
        }
        return this;
    }

    public byte[] array() {
        return bytes.array();
    }

    public int length() {
        return bytes.length();
    }

    /** The body as bytes of its own. */
    public byte[] copy() {
        return bytes.copy();
    }

    /** The body as text (UTF-8). */
    public String text() {
        return bytes.text();
    }

    /** The truck's tags, a tab before each, {@code \N} for a NULL: all of them but {@code nullTag} (an ordinal, or NO_NULL). */
    private void tags(RequestBytes out, Trucks trucks, int truck, byte nullTag) {
        for (IotTag tag : TAGS) {
            out.reserve(3);
            out.put('\t');
            int code = tag.ordinal() == nullTag ? -1 : trucks.code(truck, tag);
            if (code < 0) {
                out.append(NULL);
            } else if (tag == IotTag.NAME) {
                out.reserve(TRUCK.length + 20);
                out.put(TRUCK).number(code);
            } else {
                out.append(encoded(trucks, tag, code));
            }
        }
    }

    /** {@link #tags} of a truck as bytes of their own, written past the body's end and taken back off it. */
    private byte[] encodedTags(Trucks trucks, int truck) {
        int start = bytes.length();
        tags(bytes, trucks, truck, TableRows.NO_NULL);
        byte[] encoded = Arrays.copyOfRange(bytes.array(), start, bytes.length());
        bytes.setLength(start);
        return encoded;
    }

    private byte[] encoded(Trucks trucks, IotTag tag, int code) {
        byte[][] known = tagBytes[tag.ordinal()];
        if (known == null || code >= known.length) {
            known = known == null ? new byte[Math.max(8, code + 1)][] : Arrays.copyOf(known, Math.max(code + 1, known.length * 2));
            tagBytes[tag.ordinal()] = known;
        }
        if (known[code] == null) known[code] = tag.numeric ? numberBytes(trucks.number(tag, code)) : escaped(trucks.values(tag).get(code));
        return known[code];
    }

    /** A text as a TabSeparated field: backslash, tab, newline and carriage return escaped, UTF-8. */
    static byte[] escaped(String value) {
        StringBuilder s = new StringBuilder(value.length() + 4);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> s.append("\\\\");
                case '\t' -> s.append("\\t");
                case '\n' -> s.append("\\n");
                case '\r' -> s.append("\\r");
                case '\0' -> s.append("\\0");
                default -> s.append(c);
            }
        }
        return s.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] numberBytes(double v) {
        IotTabSeparatedBuilder b = new IotTabSeparatedBuilder();
        b.number(v);
        return b.copy();
    }

    /**
     * A double in the shortest plain decimal that reads back the same value (TSBS's values have a
     * few decimals at most), without an object for one of at most 9 decimals and 15 digits; any
     * other in Java's shortest text ({@code 1.0E20}), which ClickHouse's Float64 reads too; infinities as ClickHouse writes them.
     */
    void number(double v) {
        number(bytes, v);
    }

    private static void number(RequestBytes out, double v) {
        out.reserve(TextFormat.DOUBLE_MAX);
        if (Double.isInfinite(v)) {
            out.append((v > 0 ? "inf" : "-inf").getBytes(StandardCharsets.US_ASCII));
            return;
        }
        if (v == 0 && 1 / v < 0) {
            // -0.0 as ClickHouse keeps it (TextFormat writes 0)
            out.put('-').put('0');
            return;
        }
        out.number(v);
    }
}
