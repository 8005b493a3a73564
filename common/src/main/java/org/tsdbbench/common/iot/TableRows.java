package org.tsdbbench.common.iot;

/**
 * One table's records of a {@link TruckBatch}, in columns: the time (ns since the epoch), the
 * truck (an index into the batch's {@link Trucks}, whose tag set every row of that truck shares),
 * the one tag the record leaves null ({@link #NO_NULL} for none) and the fields, NaN where null.
 * Writers read the public arrays up to {@link #size()}; sources refill them, never allocating per row.
 */
public final class TableRows {

    /** {@link #nullTag} of a record that carries all its truck's tags. */
    public static final byte NO_NULL = -1;
    private static final IotTag[] NUMERIC_TAGS = java.util.Arrays.stream(IotTag.values()).filter(t -> t.numeric).toArray(IotTag[]::new);

    public final IotTable table;
    public final long[] ts;
    public final int[] truck;
    /** The ordinal of the {@link IotTag} the record leaves null, or {@link #NO_NULL}. */
    public final byte[] nullTag;
    /** {@code field[f][row]}: field f of the table (see {@link IotTable#fields()}); NaN is NULL. Status holds whole numbers. */
    public final double[][] field;
    private int size;

    TableRows(IotTable table, int capacity) {
        this.table = table;
        ts = new long[capacity];
        truck = new int[capacity];
        nullTag = new byte[capacity];
        field = new double[table.fieldCount()][capacity];
    }

    public int size() {
        return size;
    }

    public int capacity() {
        return ts.length;
    }

    void clear() {
        size = 0;
    }

    /** Appends a row whose fields the caller then writes at the returned index. */
    int add(long time, int truckIndex, byte nulled) {
        int i = size++;
        ts[i] = time;
        truck[i] = truckIndex;
        nullTag[i] = nulled;
        return i;
    }

    /** The code of the row's tag (see {@link Trucks#code}), -1 when the row or its truck has none. */
    public int tagCode(Trucks trucks, int row, IotTag tag) {
        return nullTag[row] == tag.ordinal() ? -1 : trucks.code(truck[row], tag);
    }

    /** The rows' numeric tags and fields that are not null: their metrics, as TSBS counts them. */
    long metrics(Trucks trucks) {
        long n = 0;
        int fields = table.fieldCount();
        for (int r = 0; r < size; r++) {
            for (IotTag tag : NUMERIC_TAGS) if (tagCode(trucks, r, tag) >= 0) n++;
            for (int f = 0; f < fields; f++) if (!Double.isNaN(field[f][r])) n++;
        }
        return n;
    }

    /** Whether field f of a row is NULL. */
    public boolean isNull(int row, int f) {
        return Double.isNaN(field[f][row]);
    }
}
