package org.tsdbbench.opentsdb;

import java.util.List;
import org.tsdbbench.common.data.TextFormat;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotTag;
import org.tsdbbench.common.iot.TableRows;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.iot.Trucks;

/**
 * Builds the {@code /api/put} JSON body of an IoT batch, record by record in the batch's order.
 * A record becomes one data point per field it has ({@code readings.velocity}, ...; a null field
 * is no point) plus its table's record point ({@code readings.record}, see {@link #recordValue}),
 * each with the record's time in milliseconds and the record's own tags (a null tag left out).
 * Reused for every request of a client; the tags of each truck are encoded once.
 */
public final class IotPutBuilder {

    /** The metric of a table's field: {@code readings.velocity}. */
    public static String metric(IotTable table, int field) {
        return table.measurement + "." + table.fields().get(field);
    }

    /** The metric of a table's record points: {@code readings.record}. */
    public static String recordMetric(IotTable table) {
        return table.measurement + ".record";
    }

    /** Every metric of the trucks' layout: each table's fields, then its record metric. */
    public static final List<String> METRICS = metrics();

    /**
     * The value of a record's record point: its time in milliseconds times 8, plus 1 + the index of
     * the field it leaves null (0 when it has every field). A series' greatest record value is its
     * latest record's, and says which of that record's fields has no point. Below 2^53 until the
     * year 37,000, so exact as a long and as a double.
     */
    public static long recordValue(long tsMs, int nullField) {
        return tsMs * 8 + nullField + 1;
    }

    /** The time (ms) of a record value. */
    public static long recordTime(double recordValue) {
        return (long) recordValue >> 3;
    }

    /** The field a record value says is null, or -1. */
    public static int recordNullField(double recordValue) {
        return (int) ((long) recordValue & 7) - 1;
    }

    private final StringBuilder json = new StringBuilder(1 << 16);
    private final byte[] scratch = new byte[TextFormat.SHORT_DECIMAL_MAX];
    private final String[][] fieldPrefix = new String[2][];
    private final String[] recordPrefix = new String[2];
    /**
     * The tags object of recent trucks (all their tags), made on first use, for the batch's
     * {@link Trucks}: a direct-mapped cache of {@value #CACHED} slots (a client's block of trucks,
     * bounded however many trucks the data set has).
     */
    private static final int CACHED = 1 << 16;
    private final String[] truckTags = new String[CACHED];
    private final int[] cachedTruck = new int[CACHED];
    private Trucks tagsOf;
    private int points;

    public IotPutBuilder() {
        for (IotTable t : IotTable.values()) {
            fieldPrefix[t.ordinal()] = new String[t.fieldCount()];
            for (int f = 0; f < t.fieldCount(); f++) fieldPrefix[t.ordinal()][f] = "{\"metric\":\"" + metric(t, f) + "\",\"timestamp\":";
            recordPrefix[t.ordinal()] = "{\"metric\":\"" + recordMetric(t) + "\",\"timestamp\":";
        }
    }

    /** The data points of the last body built. */
    public int points() {
        return points;
    }

    public String build(TruckBatch b) {
        if (tagsOf != b.trucks) {
            tagsOf = b.trucks;
            java.util.Arrays.fill(truckTags, null);
        }
        json.setLength(0);
        json.append('[');
        points = 0;
        int[] next = new int[2];
        for (int i = 0; i < b.size(); i++) {
            IotTable t = b.tableOf(i);
            record(b, b.rows(t), next[t.ordinal()]++);
        }
        return json.append(']').toString();
    }

    private void record(TruckBatch b, TableRows rows, int r) {
        int table = rows.table.ordinal();
        long ms = Math.floorDiv(rows.ts[r], 1_000_000L);
        String tags = tags(b.trucks, rows, r);
        int nullField = -1;
        for (int f = 0; f < rows.table.fieldCount(); f++) {
            double v = rows.field[f][r];
            if (Double.isNaN(v)) {
                nullField = f;
                continue;
            }
            if (points++ > 0) json.append(',');
            json.append(fieldPrefix[table][f]).append(ms).append(",\"value\":");
            TextFormat.appendDecimal(json, v, scratch);
            json.append(tags);
        }
        if (points++ > 0) json.append(',');
        json.append(recordPrefix[table]).append(ms).append(",\"value\":").append(recordValue(ms, nullField)).append(tags);
    }

    /** {@code ,"tags":{...}}}: the record's tags, a null one left out (OpenTSDB has no null tag value). */
    private String tags(Trucks trucks, TableRows rows, int r) {
        int truck = rows.truck[r];
        if (rows.nullTag[r] != TableRows.NO_NULL) return encode(trucks, rows, r);
        int slot = truck & (CACHED - 1);
        String t = truckTags[slot];
        if (t == null || cachedTruck[slot] != truck) {
            truckTags[slot] = t = encode(trucks, rows, r);
            cachedTruck[slot] = truck;
        }
        return t;
    }

    private static String encode(Trucks trucks, TableRows rows, int r) {
        // OpenTSDB takes only letters, digits and -_./ in tag values: TSBS's need no JSON escaping,
        // and a value with other characters is refused by the server and its record counted failed.
        StringBuilder s = new StringBuilder(",\"tags\":{");
        boolean first = true;
        for (IotTag tag : IotTag.values()) {
            int code = rows.tagCode(trucks, r, tag);
            if (code < 0) continue;
            if (!first) s.append(',');
            first = false;
            s.append('"').append(tag.key).append("\":\"").append(trucks.text(tag, code)).append('"');
        }
        return s.append("}}").toString();
    }

    private static List<String> metrics() {
        List<String> all = new java.util.ArrayList<>();
        for (IotTable t : IotTable.values()) {
            for (int f = 0; f < t.fieldCount(); f++) all.add(metric(t, f));
            all.add(recordMetric(t));
        }
        return List.copyOf(all);
    }
}
