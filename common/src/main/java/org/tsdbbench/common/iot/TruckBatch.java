package org.tsdbbench.common.iot;

import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.Dialect;
import org.tsdbbench.common.workload.Batch;

/**
 * A request's worth of IoT records in columns, per table ({@link #readings}, {@link #diagnostics}),
 * plus the order they came in across the two tables (what a file holds line by line). An
 * {@link IotRowSource} refills the same batch again and again.
 *
 * <p>Records without a name are the only ones two of which a database may key alike (TDengine's
 * {@code r_truck_null} row of a time, InfluxDB's point of a series and time): a source never puts
 * two of one table and time in one batch ({@link #fitsNameless}; {@code NamelessQueue} holds the
 * second back for a later batch), so what a database keeps of them does not depend on where
 * requests begin, and counts per {@link TagModel} the records that take the place of one an earlier
 * batch of the source wrote ({@link #superseded}).
 *
 * <p>A batch of a TSBS file read for a module that sends the file's lines as they are may carry its
 * records as those lines instead of values ({@link #lines()}): then each record's table, time,
 * truck and null tag are in the columns as always, its fields are not (not parsed:
 * {@link #hasValues()} is false), and {@link #metrics()} is counted from the lines.
 */
public final class TruckBatch implements Batch {

    public final Trucks trucks;
    public final TableRows readings;
    public final TableRows diagnostics;
    /** {@code order[i]}: the table of the i-th record (the ordinal of its {@link IotTable}). */
    private final byte[] order;
    private int size;
    /** The batch's records without a name: their table ordinal and time, in order. */
    private byte[] namelessTable = new byte[4];
    private long[] namelessTs = new long[4];
    private int nameless;
    private final int[] superseded = new int[TagModel.values().length];
    /** The records' lines, made on first use; {@link #carriesLines}: this fill's records are lines, not values. */
    private TruckLines lines;
    private boolean carriesLines;

    /** A batch of up to {@code capacity} records (in either table) of the given trucks. */
    public TruckBatch(Trucks trucks, int capacity) {
        if (capacity < 1) throw new IllegalArgumentException("batch capacity must be at least 1, got " + capacity);
        this.trucks = trucks;
        readings = new TableRows(IotTable.READINGS, capacity);
        diagnostics = new TableRows(IotTable.DIAGNOSTICS, capacity);
        order = new byte[capacity];
    }

    /** Records in the batch, over both tables. */
    @Override
    public int size() {
        return size;
    }

    /** Per record: its numeric tags and its fields that are not null, as {@link IotLineWriter} writes them after the space. */
    @Override
    public long metrics() {
        if (carriesLines) return lines.metrics();
        return readings.metrics(trucks) + diagnostics.metrics(trucks);
    }

    /**
     * The records as the lines of the TSBS file they were read from, in this batch's order; null
     * when the batch holds values (generated records, or a source not asked for lines).
     */
    public TruckLines lines() {
        return carriesLines ? lines : null;
    }

    /**
     * Whether the columns hold the records' fields: false when the batch carries lines
     * ({@link #lines()}), whose fields were not parsed. A writer of values must not be given such a batch.
     */
    public boolean hasValues() {
        return !carriesLines;
    }

    public int capacity() {
        return order.length;
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    /** Through the session's {@link IotSession} (a DatabaseException when its module does not take the trucks). */
    @Override
    public long write(Session session) throws DatabaseException {
        return IotSession.of(session).write(this);
    }

    /** Through the session's {@link IotSession} (a DatabaseException when its module does not take the trucks). */
    @Override
    public PreparedWrite prepare(Session session) throws DatabaseException {
        return IotSession.of(session).prepare(this);
    }

    /** {@code batch} when it holds {@code records} of {@code trucks}, else a new one that does: a source's own batch, made on first use. */
    static TruckBatch atLeast(TruckBatch batch, Trucks trucks, int records) {
        return batch != null && batch.trucks == trucks && batch.capacity() >= records ? batch : new TruckBatch(trucks, Math.max(1, records));
    }

    /** Empties the batch; it holds values until a source fills it with lines ({@link #startLines}). */
    public void clear() {
        carriesLines = false;
        size = 0;
        nameless = 0;
        java.util.Arrays.fill(superseded, 0);
        readings.clear();
        diagnostics.clear();
    }

    /** Makes the emptied batch one that carries its records as lines (each {@link #add} followed by its line). */
    void startLines() {
        if (size > 0) throw new IllegalStateException("a batch carries lines or values from its first record on");
        if (lines == null) lines = new TruckLines();
        lines.clear();
        carriesLines = true;
    }

    /** Whether a record without a name of this table and time may join: none of the batch's shares them. */
    boolean fitsNameless(IotTable table, long ts) {
        for (int i = 0; i < nameless; i++) if (namelessTs[i] == ts && namelessTable[i] == table.ordinal()) return false;
        return true;
    }

    /**
     * Records of this batch that a database keeping records as {@code model} says stores in place of
     * one an earlier batch of the same source wrote: acknowledged, they add no stored record.
     */
    public int superseded(TagModel model) {
        return superseded[model.ordinal()];
    }

    /** {@link #superseded(TagModel)} under the dialect's model. */
    @Override
    public long superseded(Dialect dialect) {
        return superseded(IotDialect.of(dialect).tagModel());
    }

    /** Counts one more record of this batch superseding an earlier one under {@code model}. */
    void supersedes(TagModel model) {
        superseded[model.ordinal()]++;
    }

    public TableRows rows(IotTable table) {
        return table == IotTable.READINGS ? readings : diagnostics;
    }

    /** The table of the i-th record in the order the source gave them. */
    public IotTable tableOf(int i) {
        return order[i] == 0 ? IotTable.READINGS : IotTable.DIAGNOSTICS;
    }

    /** Appends a record to a table's columns (fields written by the caller at the returned row). */
    int add(IotTable table, long ts, int truck, byte nullTag) {
        if (nullTag == NAME) {
            if (nameless == namelessTs.length) {
                namelessTs = java.util.Arrays.copyOf(namelessTs, nameless * 2);
                namelessTable = java.util.Arrays.copyOf(namelessTable, nameless * 2);
            }
            namelessTs[nameless] = ts;
            namelessTable[nameless++] = (byte) table.ordinal();
        }
        order[size++] = (byte) table.ordinal();
        return rows(table).add(ts, truck, nullTag);
    }

    private static final byte NAME = (byte) IotTag.NAME.ordinal();

    /** A batch of the same records (values or lines) that later refills of this one leave alone. */
    public TruckBatch copy() {
        TruckBatch c = new TruckBatch(trucks, Math.max(1, size));
        if (carriesLines) {
            c.startLines();
            c.lines.appendAll(lines);
        }
        int[] next = new int[2];
        for (int i = 0; i < size; i++) {
            IotTable t = tableOf(i);
            TableRows from = rows(t);
            int r = next[t.ordinal()]++;
            int to = c.add(t, from.ts[r], from.truck[r], from.nullTag[r]);
            if (carriesLines) continue;
            for (int f = 0; f < t.fieldCount(); f++) c.rows(t).field[f][to] = from.field[f][r];
        }
        System.arraycopy(superseded, 0, c.superseded, 0, superseded.length);
        return c;
    }
}
