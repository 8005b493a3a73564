package org.tsdbbench.tdengine;

import java.util.Arrays;
import org.tsdbbench.common.devops.CpuBatch;

/**
 * A batch's cpu rows grouped by host (one run per sub-table), each run in time order: a primitive sort
 * of row indexes keyed by host number, so a request names each sub-table once without an object per
 * row. Reused from batch to batch.
 */
final class CpuRuns {

    private long[] order = new long[1024];
    private int size;

    /** Sorts the batch's rows; then {@link #row} gives them run by run. */
    void sort(CpuBatch batch) {
        size = batch.size();
        if (order.length < size) order = new long[Math.max(size, order.length * 2)];
        for (int i = 0; i < size; i++) order[i] = ((long) batch.host(i) << 32) | i;
        Arrays.sort(order, 0, size);
        for (int k = 0; k < size; k = runEnd(k)) timeOrder(batch, k, runEnd(k));
    }

    /** A stable insertion sort of the run [from, to) by time: a host's rows come in time order, so one pass. */
    private void timeOrder(CpuBatch batch, int from, int to) {
        for (int k = from + 1; k < to; k++) {
            long key = order[k];
            long t = batch.timeNs((int) key);
            int j = k - 1;
            while (j >= from && batch.timeNs((int) order[j]) > t) {
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

    /** Where the run of one host's rows that starts at k ends (exclusive). */
    int runEnd(int k) {
        long host = order[k] >>> 32;
        int end = k + 1;
        while (end < size && order[end] >>> 32 == host) end++;
        return end;
    }
}
