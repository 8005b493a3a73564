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
 * batches that follow, one of each time a batch, instead of each cutting a batch short.
 */
final class NamelessQueue {

    private record Key(int table, long ts) {
    }

    private record Waiting(IotTable table, long ts, int truck, double[] fields) {
    }

    private final Map<Key, ArrayDeque<Waiting>> waiting = new LinkedHashMap<>();
    private final NamelessKeys keys = new NamelessKeys();

    /**
     * Puts a record without a name into the batch when neither it nor this queue holds one of its
     * table and time; else it waits. {@code fields} are copied.
     */
    void offer(TruckBatch batch, IotTable table, long ts, int truck, double[] fields) {
        Key key = new Key(table.ordinal(), ts);
        ArrayDeque<Waiting> line = waiting.get(key);
        if (line == null && batch.fitsNameless(table, ts)) {
            add(batch, table, ts, truck, fields);
            return;
        }
        if (line == null) waiting.put(key, line = new ArrayDeque<>());
        line.add(new Waiting(table, ts, truck, java.util.Arrays.copyOf(fields, table.fieldCount())));
    }

    /** At the start of a batch: the first waiting record of each time, in the order their times first waited, while there is room. */
    void drainInto(TruckBatch batch, int want) {
        Iterator<ArrayDeque<Waiting>> lines = waiting.values().iterator();
        while (batch.size() < want && lines.hasNext()) {
            ArrayDeque<Waiting> line = lines.next();
            Waiting w = line.poll();
            add(batch, w.table, w.ts, w.truck, w.fields);
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
}
