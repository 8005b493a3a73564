package org.tsdbbench.common.iot;

import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.workload.Batch;

/**
 * A request's worth of IoT records in columns, per table ({@link #readings}, {@link #diagnostics}),
 * plus the order they came in across the two tables (what a file holds line by line). An
 * {@link IotRowSource} refills the same batch again and again.
 */
public final class TruckBatch implements Batch {

    public final Trucks trucks;
    public final TableRows readings;
    public final TableRows diagnostics;
    /** {@code order[i]}: the table of the i-th record (the ordinal of its {@link IotTable}). */
    private final byte[] order;
    private int size;

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
        return readings.metrics(trucks) + diagnostics.metrics(trucks);
    }

    public int capacity() {
        return order.length;
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    /** The session's IoT overload. */
    @Override
    public long write(Session session) throws DatabaseException {
        return session.write(this);
    }

    /** The session's IoT overload. */
    @Override
    public PreparedWrite prepare(Session session) throws DatabaseException {
        return session.prepare(this);
    }

    /** {@code batch} when it holds {@code records} of {@code trucks}, else a new one that does: a source's own batch, made on first use. */
    static TruckBatch atLeast(TruckBatch batch, Trucks trucks, int records) {
        return batch != null && batch.trucks == trucks && batch.capacity() >= records ? batch : new TruckBatch(trucks, Math.max(1, records));
    }

    public void clear() {
        size = 0;
        readings.clear();
        diagnostics.clear();
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
        order[size++] = (byte) table.ordinal();
        return rows(table).add(ts, truck, nullTag);
    }

    /** A batch of the same records that later refills of this one leave alone. */
    public TruckBatch copy() {
        TruckBatch c = new TruckBatch(trucks, Math.max(1, size));
        int[] next = new int[2];
        for (int i = 0; i < size; i++) {
            IotTable t = tableOf(i);
            TableRows from = rows(t);
            int r = next[t.ordinal()]++;
            int to = c.add(t, from.ts[r], from.truck[r], from.nullTag[r]);
            for (int f = 0; f < t.fieldCount(); f++) c.rows(t).field[f][to] = from.field[f][r];
        }
        return c;
    }
}
