package org.tsdbbench.common.data;

import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.workload.Batch;

/**
 * A request's worth of the devices' rows in columns: no object per row on the hot path. A writer
 * reads {@code size()} rows from the public arrays; a {@link RowSource} refills the same batch
 * again and again.
 */
public final class RowBatch implements Batch {
    public final int[] devid;
    /** Shared per-device strings (never one per row). */
    public final String[] devname;
    public final int[] devgroup;
    public final long[] ts;
    public final int[] temperature;
    public final float[] humidity;
    private int size;

    public RowBatch(int capacity) {
        if (capacity < 1) throw new IllegalArgumentException("batch capacity must be at least 1, got " + capacity);
        devid = new int[capacity];
        devname = new String[capacity];
        devgroup = new int[capacity];
        ts = new long[capacity];
        temperature = new int[capacity];
        humidity = new float[capacity];
    }

    public int capacity() {
        return devid.length;
    }

    @Override
    public int size() {
        return size;
    }

    /** A device's row carries two values, temperature and humidity (never null). */
    @Override
    public long metrics() {
        return 2L * size();
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    /** Through the session's {@link DeviceSession} (a DatabaseException when its module does not take the devices). */
    @Override
    public long write(Session session) throws DatabaseException {
        return DeviceSession.of(session).write(this);
    }

    /** Through the session's {@link DeviceSession} (a DatabaseException when its module does not take the devices). */
    @Override
    public PreparedWrite prepare(Session session) throws DatabaseException {
        return DeviceSession.of(session).prepare(this);
    }

    public void clear() {
        size = 0;
    }

    /** A batch of the same rows that later refills of this one leave alone. */
    public RowBatch copy() {
        RowBatch c = new RowBatch(Math.max(1, size));
        for (int i = 0; i < size; i++) c.add(devid[i], devname[i], devgroup[i], ts[i], temperature[i], humidity[i]);
        return c;
    }

    /** Appends one row; the caller checks capacity (sources fill at most {@code capacity()} rows). */
    public void add(int id, String name, int group, long timestamp, int temp, float hum) {
        int i = size++;
        devid[i] = id;
        devname[i] = name;
        devgroup[i] = group;
        ts[i] = timestamp;
        temperature[i] = temp;
        humidity[i] = hum;
    }
}
