package org.tsdbbench.common.iot;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A source's records without a name on their way into its batches, so that no batch holds two of
 * one table and time (a database keying them so, TDengine's {@code r_truck_null}, would merge two
 * in one request field by field but replace one by another across requests) and each key's records
 * are written in stream order. A record that finds its key in the batch, or records of its key
 * waiting, waits behind them; each batch begins with the first waiting record of every key. So
 * what a database keeps does not depend on the requests' size, and a batch stays full: when many
 * trucks lose their name at one tick (TSBS at 100,000 trucks), their records spread over the
 * batches that follow, one of each time a batch, instead of each cutting a batch short. A record
 * waits as its values or, for a batch carrying lines ({@link TruckBatch#lines()}), as its line.
 */
final class NamelessQueue {

    private record Key(int table, long ts) {
    }

    /** A record waiting: its fields, or (null fields) its line up to its timestamp and its metrics. */
    private record Waiting(IotTable table, long ts, int truck, double[] fields, byte[] line, int metrics) {
    }

    private final Map<Key, ArrayDeque<Waiting>> waiting = new LinkedHashMap<>();
    private final NamelessKeys keys = new NamelessKeys();

    /**
     * Puts a record without a name into the batch when neither it nor this queue holds one of its
     * table and time; else it waits. {@code fields} are copied.
     */
    void offer(TruckBatch batch, IotTable table, long ts, int truck, double[] fields) {
        ArrayDeque<Waiting> queue = queueFor(batch, table, ts);
        if (queue == null) {
            add(batch, table, ts, truck, fields);
        } else {
            queue.add(new Waiting(table, ts, truck, java.util.Arrays.copyOf(fields, table.fieldCount()), null, 0));
        }
    }

    /**
     * As {@link #offer}, for a batch carrying lines: the record is its line, {@code line[0, timeAt)}
     * (up to its timestamp) followed by {@code ts}, of {@code metrics} metrics; a waiting one keeps
     * that part of its line, copied.
     */
    void offerLine(TruckBatch batch, IotTable table, long ts, int truck, byte[] line, int timeAt, int metrics) {
        ArrayDeque<Waiting> queue = queueFor(batch, table, ts);
        if (queue == null) {
            addLine(batch, table, ts, truck, line, timeAt, metrics);
        } else {
            queue.add(new Waiting(table, ts, truck, null, java.util.Arrays.copyOf(line, timeAt), metrics));
        }
    }

    /** The queue a record of this table and time waits in (made for the first), or null: it joins the batch. */
    private ArrayDeque<Waiting> queueFor(TruckBatch batch, IotTable table, long ts) {
        Key key = new Key(table.ordinal(), ts);
        ArrayDeque<Waiting> queue = waiting.get(key);
        if (queue == null && batch.fitsNameless(table, ts)) return null;
        if (queue == null) waiting.put(key, queue = new ArrayDeque<>());
        return queue;
    }

    /** At the start of a batch: the first waiting record of each time, in the order their times first waited, while there is room. */
    void drainInto(TruckBatch batch, int want) {
        Iterator<ArrayDeque<Waiting>> lines = waiting.values().iterator();
        while (batch.size() < want && lines.hasNext()) {
            ArrayDeque<Waiting> line = lines.next();
            Waiting w = line.poll();
            if (w.fields != null) {
                add(batch, w.table, w.ts, w.truck, w.fields);
            } else {
                addLine(batch, w.table, w.ts, w.truck, w.line, w.line.length, w.metrics);
            }
            if (line.isEmpty()) lines.remove();
        }
    }

    boolean isEmpty() {
        return waiting.isEmpty();
    }

    private void add(TruckBatch batch, IotTable table, long ts, int truck, double[] fields) {
        int row = batch.add(table, ts, truck, (byte) IotTag.NAME.ordinal());
        double[][] field = batch.rows(table).field;
        for (int f = 0; f < table.fieldCount(); f++) field[f][row] = fields[f];
        keys.admit(batch, table, ts, truck);
    }

    private void addLine(TruckBatch batch, IotTable table, long ts, int truck, byte[] line, int timeAt, int metrics) {
        batch.add(table, ts, truck, (byte) IotTag.NAME.ordinal());
        batch.lines().appendRetimed(line, 0, timeAt, ts, metrics);
        keys.admit(batch, table, ts, truck);
    }
}
