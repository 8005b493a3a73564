package org.tsdbbench.tdengine;

import java.util.ArrayList;
import org.tsdbbench.common.data.RowBatch;

/**
 * A request's rows regrouped for parameter binding: one run of rows per sub-table, each run as
 * the three columns the driver binds ({@code ts}, {@code temperature}, {@code humidity}). The lists
 * are reused from request to request; the driver's binding API takes boxed lists.
 */
final class StmtColumns {

    /** Where each sub-table's run starts in the batch, and how many runs there are. */
    private int[] runStart = new int[16];
    private int runs;
    final ArrayList<Long> ts = new ArrayList<>();
    final ArrayList<Integer> temperature = new ArrayList<>();
    final ArrayList<Float> humidity = new ArrayList<>();

    /** Finds the runs of consecutive rows of one device. */
    void split(RowBatch b) {
        runs = 0;
        for (int i = 0; i < b.size(); i++) {
            if (i == 0 || b.devid[i] != b.devid[i - 1]) {
                if (runs == runStart.length) runStart = java.util.Arrays.copyOf(runStart, runs * 2);
                runStart[runs++] = i;
            }
        }
    }

    int runs() {
        return runs;
    }

    /** The first row of run {@code r} (its device's tags). */
    int firstRow(int r) {
        return runStart[r];
    }

    /** Fills the column lists with run {@code r}'s rows. */
    void fill(RowBatch b, int r) {
        int from = runStart[r];
        int to = r + 1 < runs ? runStart[r + 1] : b.size();
        ts.clear();
        temperature.clear();
        humidity.clear();
        for (int i = from; i < to; i++) {
            ts.add(b.ts[i]);
            temperature.add(b.temperature[i]);
            humidity.add(b.humidity[i]);
        }
    }
}
