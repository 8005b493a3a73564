package org.tsdbbench.common.devops;

import java.util.Arrays;
import java.util.List;
import org.tsdbbench.common.data.RequestBytes;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.workload.Batch;

/**
 * One request's worth of TSBS {@code cpu} rows in columns: each row's host (a number into
 * {@link #hosts()}), its time in ns and its ten integer fields, {@code value(row, field)} in
 * {@link #FIELDS} order. Sent through the session's {@link DevopsSession#write(CpuBatch)}.
 */
public final class CpuBatch implements Batch {

    /** The ten fields of a {@code cpu} row, in TSBS's order. */
    public static final List<String> FIELDS = List.of("usage_user", "usage_system", "usage_idle", "usage_nice", "usage_iowait", "usage_irq",
            "usage_softirq", "usage_steal", "usage_guest", "usage_guest_nice");
    public static final int FIELD_COUNT = 10;

    private final Hosts hosts;
    private int size;
    private int[] host;
    private long[] timeNs;
    private long[] values;
    /** A TSBS file's lines of the rows, one after another, each ending in '\n'; null: the rows are values. */
    private RequestBytes lines;

    public CpuBatch(Hosts hosts, int capacity) {
        this.hosts = hosts;
        this.host = new int[Math.max(1, capacity)];
        this.timeNs = new long[host.length];
        this.values = new long[host.length * FIELD_COUNT];
    }

    /** {@code batch} when it holds {@code rows} rows of {@code hosts}, else a new one that does. */
    static CpuBatch atLeast(CpuBatch batch, Hosts hosts, int rows) {
        return batch != null && batch.hosts == hosts && batch.host.length >= rows ? batch : new CpuBatch(hosts, rows);
    }

    public Hosts hosts() {
        return hosts;
    }

    @Override
    public int size() {
        return size;
    }

    /** Ten values per row. */
    @Override
    public long metrics() {
        return (long) size * FIELD_COUNT;
    }

    public int host(int row) {
        return host[row];
    }

    /** The row's tag values, hostname first ({@link HostTags#KEYS} order). */
    public String[] tags(int row) {
        return hosts.tags(host[row]);
    }

    public long timeNs(int row) {
        return timeNs[row];
    }

    public long value(int row, int field) {
        return values[row * FIELD_COUNT + field];
    }

    /**
     * Whether the batch carries its rows as a TSBS file's lines ({@link #lines()}), for a session that
     * sends them as they are ({@link DevopsSession#takesCpuLines}): its values are then not read (0).
     */
    public boolean hasLines() {
        return lines != null;
    }

    /** The rows' lines, {@code [0, linesLength())}, each as the file holds it and ending in '\n'. */
    public byte[] lines() {
        return lines == null ? null : lines.array();
    }

    public int linesLength() {
        return lines == null ? 0 : lines.length();
    }

    /** The rows' values, row after row, ten each: for a module that copies them in bulk. */
    public long[] values() {
        return values;
    }

    void clear() {
        size = 0;
        if (lines != null) lines.clear();
    }

    /** Appends a row read as a file's line {@code text[from, to)}, its values not read. */
    void addLine(int hostNumber, long time, byte[] text, int from, int to) {
        add(hostNumber, time);
        int n = to - from;
        if (lines == null) lines = new RequestBytes();
        lines.reserve(n + 1);
        lines.put(text, from, n).put('\n');
    }

    boolean full() {
        return size == host.length;
    }

    /** Appends a row whose values the caller then writes at {@code values()[row * 10 ..]}; the row's index. */
    int add(int hostNumber, long time) {
        if (size == host.length) grow();
        host[size] = hostNumber;
        timeNs[size] = time;
        return size++;
    }

    private void grow() {
        int n = host.length * 2;
        host = Arrays.copyOf(host, n);
        timeNs = Arrays.copyOf(timeNs, n);
        values = Arrays.copyOf(values, n * FIELD_COUNT);
    }

    /** An independent copy of the rows (the batch is refilled by its source). */
    public CpuBatch copy() {
        CpuBatch c = new CpuBatch(hosts, size);
        System.arraycopy(host, 0, c.host, 0, size);
        System.arraycopy(timeNs, 0, c.timeNs, 0, size);
        System.arraycopy(values, 0, c.values, 0, size * FIELD_COUNT);
        if (lines != null) {
            c.lines = new RequestBytes();
            c.lines.append(lines.array(), 0, lines.length());
        }
        c.size = size;
        return c;
    }

    @Override
    public long write(Session session) throws DatabaseException {
        return DevopsSession.of(session).write(this);
    }

    @Override
    public PreparedWrite prepare(Session session) throws DatabaseException {
        return DevopsSession.of(session).prepare(this);
    }
}
