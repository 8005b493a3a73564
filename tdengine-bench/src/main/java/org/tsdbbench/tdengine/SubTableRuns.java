package org.tsdbbench.tdengine;

import java.util.Arrays;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;

/**
 * A batch's rows grouped by sub-table, in time order within each: a primitive sort of row indexes keyed
 * by a sub-table number, so a request names each sub-table once without an object per row, then each
 * sub-table's rows put in time order, stably (an IoT late record comes after later ones in the stream;
 * TDengine's stmt path took 1.4-1.7x as long for a request whose sub-tables' rows were out of order:
 * see the module README, "IoT"). A run is in time order but for its few late rows, so that is about
 * one pass. Reused from batch to batch: the trucks' names and the hosts both use it.
 */
final class SubTableRuns {

    private long[] order = new long[1024];
    private int size;

    /** Sorts rows {@code [0, size)} by {@code subTable} (a number of at least 0), each run by {@code time}. */
    void sort(int rows, IntUnaryOperator subTable, IntToLongFunction time) {
        size = rows;
        if (order.length < size) order = new long[Math.max(size, order.length * 2)];
        for (int i = 0; i < size; i++) order[i] = ((long) subTable.applyAsInt(i) << 32) | i;
        Arrays.sort(order, 0, size);
        for (int k = 0; k < size; k = runEnd(k)) timeOrder(time, k, runEnd(k));
    }

    private void timeOrder(IntToLongFunction time, int from, int to) {
        for (int k = from + 1; k < to; k++) {
            long key = order[k];
            long t = time.applyAsLong((int) key);
            int j = k - 1;
            while (j >= from && time.applyAsLong((int) order[j]) > t) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = key;
        }
    }

    int size() {
        return size;
    }

    /** The batch row of the k-th row in run order. */
    int row(int k) {
        return (int) order[k];
    }

    /** The sub-table number of the k-th row. */
    int subTable(int k) {
        return (int) (order[k] >>> 32);
    }

    /** Where the run of one sub-table's rows that starts at k ends (exclusive). */
    int runEnd(int k) {
        long table = order[k] >>> 32;
        int end = k + 1;
        while (end < size && order[end] >>> 32 == table) end++;
        return end;
    }
}
