package org.tsdbbench.common.iot;

import java.util.Arrays;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One session's ids of a tags table's rows, per truck and the tag its record leaves null, as TSBS's
 * SQL loaders cache them: a batch's tag sets not seen before are resolved against the server once
 * (the module's SQL), after which a record's id costs a lookup in an open-addressing table, no
 * object. The ids follow the batch's {@link Trucks}: a batch of other trucks starts them afresh.
 */
public final class TagSetIds {

    /** How a module says one tag set as text: the key by which it inserts the set and reads its id back. */
    @FunctionalInterface
    public interface SetText {
        String of(Trucks trucks, int truck, byte nullTag);
    }

    private static final long EMPTY = -1;

    private Trucks trucks;
    private long[] keys = new long[1024];
    private int[] ids = new int[1024];
    private int size;

    public TagSetIds() {
        Arrays.fill(keys, EMPTY);
    }

    /** Forgets every id (the session recreated its tags table). */
    public void clear() {
        Arrays.fill(keys, EMPTY);
        size = 0;
        trucks = null;
    }

    /** The trucks the ids are for (null before the first batch). */
    public Trucks trucks() {
        return trucks;
    }

    /** The id of a record's tags row, known once its batch's sets are resolved. */
    public int id(TableRows rows, int row) {
        int i = find(key(rows.truck[row], rows.nullTag[row]));
        if (keys[i] == EMPTY) throw new IllegalStateException("tags row of truck " + rows.truck[row] + " not resolved");
        return ids[i];
    }

    /**
     * The batch's tag sets without an id yet, by the module's text of each, with the (truck, null
     * tag) keys that share it ({@link #truck}, {@link #nullTag}). Sorted: clients that insert the
     * same sets lock them in the same order, never a deadlock.
     */
    public SortedMap<String, long[]> missing(TruckBatch batch, SetText text) {
        follow(batch);
        SortedMap<String, long[]> missing = new TreeMap<>();
        for (TableRows rows : new TableRows[] {batch.readings, batch.diagnostics}) {
            for (int r = 0; r < rows.size(); r++) {
                long key = key(rows.truck[r], rows.nullTag[r]);
                if (keys[find(key)] != EMPTY) continue;
                String set = text.of(trucks, rows.truck[r], rows.nullTag[r]);
                long[] known = missing.get(set);
                if (known == null) {
                    missing.put(set, new long[] {key});
                } else if (Arrays.stream(known).noneMatch(k -> k == key)) {
                    long[] more = Arrays.copyOf(known, known.length + 1);
                    more[known.length] = key;
                    missing.put(set, more);
                }
            }
        }
        return missing;
    }

    /** Keeps the id the server gave a key of {@link #missing}. */
    public void put(long key, int id) {
        if (2 * (size + 1) > keys.length) grow();
        int i = find(key);
        if (keys[i] == EMPTY) size++;
        keys[i] = key;
        ids[i] = id;
    }

    /**
     * Numbers the batch's tag sets not seen before here, 1, 2, ... in order of first sight, as a
     * fresh tags table's auto-increment would: the ids of requests built without a server
     * (request-building benchmarks, offline tests).
     */
    public void numberLocally(TruckBatch batch) {
        follow(batch);
        for (TableRows rows : new TableRows[] {batch.readings, batch.diagnostics}) {
            for (int r = 0; r < rows.size(); r++) {
                long key = key(rows.truck[r], rows.nullTag[r]);
                if (keys[find(key)] == EMPTY) put(key, size + 1);
            }
        }
    }

    /** The truck of a key of {@link #missing}. */
    public static int truck(long key) {
        return (int) (key >>> 4);
    }

    /** The tag a key of {@link #missing} leaves null (its ordinal in {@link IotTag}), or -1. */
    public static byte nullTag(long key) {
        return (byte) ((key & 0xF) - 1);
    }

    private void follow(TruckBatch batch) {
        if (batch.trucks != trucks) {
            clear();
            trucks = batch.trucks;
        }
    }

    private static long key(int truck, byte nullTag) {
        return ((long) truck << 4) | (nullTag + 1);
    }

    private int find(long key) {
        int mask = keys.length - 1;
        int i = (int) (Long.hashCode(key * 0x9E3779B97F4A7C15L)) & mask;
        while (keys[i] != EMPTY && keys[i] != key) i = (i + 1) & mask;
        return i;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldIds = ids;
        keys = new long[oldKeys.length * 2];
        ids = new int[oldKeys.length * 2];
        Arrays.fill(keys, EMPTY);
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) if (oldKeys[i] != EMPTY) put(oldKeys[i], oldIds[i]);
    }
}
