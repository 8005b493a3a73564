package org.tsdbbench.tdengine;

import java.util.ArrayList;
import java.util.List;
import org.tsdbbench.common.data.RowBatch;

/**
 * A request's rows regrouped for parameter binding: one run of rows per sub-table, each run as
 * the three columns the driver binds ({@code ts}, {@code temperature}, {@code humidity}). The lists
 * are reused from request to request; the driver's binding API takes boxed lists. {@link #build}
 * makes a request's runs in lists of their own, to be bound later ({@code --option prebuild=true}).
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

    /** One sub-table's rows, ready to bind: its name, its device's tags and its three columns. */
    record Run(String table, int devid, String devname, int devgroup, ArrayList<Long> ts, ArrayList<Integer> temperature,
               ArrayList<Float> humidity) {
        /**
         * Heap a row's three boxed values and their list slots hold, about (Long 24, Integer 16,
         * Float 16 bytes, 3 references; small Integers are cached, so this is an upper figure).
         */
        static final long ROW_BYTES = 80;

        long bytes() {
            return 256 + ROW_BYTES * ts.size();
        }
    }

    /** The batch's runs, each in lists of its own that later refills of the batch leave alone. */
    List<Run> build(RowBatch b) {
        split(b);
        List<Run> out = new ArrayList<>(runs);
        for (int r = 0; r < runs; r++) {
            int from = runStart[r];
            int to = r + 1 < runs ? runStart[r + 1] : b.size();
            ArrayList<Long> t = new ArrayList<>(to - from);
            ArrayList<Integer> temp = new ArrayList<>(to - from);
            ArrayList<Float> hum = new ArrayList<>(to - from);
            for (int i = from; i < to; i++) {
                t.add(b.ts[i]);
                temp.add(b.temperature[i]);
                hum.add(b.humidity[i]);
            }
            out.add(new Run("dev" + b.devid[from], b.devid[from], b.devname[from], b.devgroup[from], t, temp, hum));
        }
        return out;
    }
}
