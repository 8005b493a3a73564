package org.tsdbbench.common.iot;

import org.tsdbbench.common.workload.Mix;
import java.util.Arrays;

/**
 * A map from long keys to dense slot numbers 0, 1, 2 .. in the order keys first came, in primitive
 * arrays (open addressing): the answers keep their totals per key in parallel arrays indexed by slot,
 * with no object per key.
 */
final class LongSlots {

    private long[] table = new long[64];
    private int[] slotOf = new int[64]; // slot + 1; 0 for an empty cell
    private long[] keys = new long[32];
    private int size;

    int size() {
        return size;
    }

    long key(int slot) {
        return keys[slot];
    }

    /** The slot of a key, taking the next one for a new key. */
    int slot(long key) {
        int i = cell(key);
        if (slotOf[i] != 0) return slotOf[i] - 1;
        if (size == keys.length) keys = Arrays.copyOf(keys, size * 2);
        keys[size] = key;
        table[i] = key;
        slotOf[i] = ++size;
        if (size * 2 > table.length) rehash();
        return size - 1;
    }

    /** Keys in ascending order (signed), for walking groups that share the keys' high bits. */
    long[] sortedKeys() {
        long[] sorted = Arrays.copyOf(keys, size);
        Arrays.sort(sorted);
        return sorted;
    }

    /** The slot of a key, -1 when absent. */
    int find(long key) {
        return slotOf[cell(key)] - 1;
    }

    /** The key's cell, or the empty cell where it would go (linear probing). */
    private int cell(long key) {
        int mask = table.length - 1;
        int i = (int) Mix.mix(key) & mask;
        while (slotOf[i] != 0 && table[i] != key) i = (i + 1) & mask;
        return i;
    }

    private void rehash() {
        long[] oldTable = table;
        int[] oldSlots = slotOf;
        table = new long[oldTable.length * 2];
        slotOf = new int[oldTable.length * 2];
        int mask = table.length - 1;
        for (int j = 0; j < oldTable.length; j++) {
            if (oldSlots[j] == 0) continue;
            int i = (int) Mix.mix(oldTable[j]) & mask;
            while (slotOf[i] != 0) i = (i + 1) & mask;
            table[i] = oldTable[j];
            slotOf[i] = oldSlots[j];
        }
    }

    static double[] grow(double[] a, int slot) {
        return slot < a.length ? a : Arrays.copyOf(a, Math.max(16, a.length * 2));
    }

    static int[] grow(int[] a, int slot) {
        return slot < a.length ? a : Arrays.copyOf(a, Math.max(16, a.length * 2));
    }

    static long[] grow(long[] a, int slot) {
        return slot < a.length ? a : Arrays.copyOf(a, Math.max(16, a.length * 2));
    }
}
