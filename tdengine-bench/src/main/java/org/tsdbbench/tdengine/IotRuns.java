package org.tsdbbench.tdengine;

import java.util.Arrays;
import org.tsdbbench.common.iot.IotTag;
import org.tsdbbench.common.iot.TableRows;
import org.tsdbbench.common.iot.Trucks;

/**
 * One table's records of a batch grouped by sub-table, in time order within each: a primitive sort
 * of row indexes keyed by the record's truck name number ({@code -1} for the null-name table), so
 * a request names each sub-table once without an object per row, then each sub-table's records
 * put in time order (a late record comes after later ones in the stream; TDengine's stmt path took
 * 1.4-1.7x as long for a request whose sub-tables' rows were out of order: see the module README,
 * "IoT"). Reused from batch to batch.
 */
final class IotRuns {

    private long[] order = new long[1024];
    private int size;

    /** Sorts the table's rows; then {@link #row} and {@link #name} give them run by run. */
    void sort(Trucks trucks, TableRows rows) {
        size = rows.size();
        if (order.length < size) order = new long[Math.max(size, order.length * 2)];
        for (int i = 0; i < size; i++) order[i] = ((long) (rows.tagCode(trucks, i, IotTag.NAME) + 1) << 32) | i;
        Arrays.sort(order, 0, size);
        for (int k = 0; k < size; k = runEnd(k)) timeOrder(rows.ts, k, runEnd(k));
    }

    /**
     * An insertion sort of the run [from, to) by time, stable (two records of one sub-table and time
     * keep their stream order): a run is in time order but for its few late records, so this is
     * about one pass.
     */
    private void timeOrder(long[] ts, int from, int to) {
        for (int k = from + 1; k < to; k++) {
            long key = order[k];
            long t = ts[(int) key];
            int j = k - 1;
            while (j >= from && ts[(int) order[j]] > t) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = key;
        }
    }

    int size() {
        return size;
    }

    /** The batch row of the k-th record in sub-table order. */
    int row(int k) {
        return (int) order[k];
    }

    /** The truck name number of the k-th record's sub-table, -1 for the null-name table. */
    int name(int k) {
        return (int) (order[k] >>> 32) - 1;
    }

    /** Where the run of sub-table records that starts at k ends (exclusive). */
    int runEnd(int k) {
        int name = name(k);
        int end = k + 1;
        while (end < size && name(end) == name) end++;
        return end;
    }
}
