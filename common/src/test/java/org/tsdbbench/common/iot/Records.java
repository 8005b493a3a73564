package org.tsdbbench.common.iot;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/** Test helper: a source's records as plain objects, with their tags as texts (what a file or a database sees). */
final class Records {

    /** One record: its table, time, truck index (of the source's trucks), the eight tags as texts (null where null) and fields (NaN where null). */
    record Rec(IotTable table, long ts, int truck, String[] tags, double[] fields) {
        String tag(IotTag t) {
            return tags[t.ordinal()];
        }

        double field(int f) {
            return fields[f];
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Rec r && r.table == table && r.ts == ts && Arrays.equals(r.tags, tags) && Arrays.equals(r.fields, fields);
        }

        @Override
        public int hashCode() {
            return Objects.hash(table, ts, Arrays.hashCode(tags), Arrays.hashCode(fields));
        }

        @Override
        public String toString() {
            return table.measurement + " " + ts + " " + Arrays.toString(tags) + " " + Arrays.toString(fields);
        }
    }

    private Records() {
    }

    static List<Rec> drain(IotRowSource source, int batchSize) throws IOException {
        List<Rec> out = new ArrayList<>();
        TruckBatch batch = new TruckBatch(source.trucks(), batchSize);
        while (source.fill(batch, batchSize) > 0) out.addAll(of(batch));
        return out;
    }

    static List<Rec> of(TruckBatch batch) {
        List<Rec> out = new ArrayList<>();
        int[] next = new int[2];
        for (int i = 0; i < batch.size(); i++) {
            IotTable t = batch.tableOf(i);
            TableRows rows = batch.rows(t);
            int r = next[t.ordinal()]++;
            String[] tags = new String[IotTag.values().length];
            for (IotTag tag : IotTag.values()) tags[tag.ordinal()] = batch.trucks.text(tag, rows.tagCode(batch.trucks, r, tag));
            double[] fields = new double[t.fieldCount()];
            for (int f = 0; f < fields.length; f++) fields[f] = rows.field[f][r];
            out.add(new Rec(t, rows.ts[r], rows.truck[r], tags, fields));
        }
        return out;
    }

    static List<Rec> generate(IotSpec spec) throws IOException {
        try (IotRowSource all = new IotGenerator(spec).all()) {
            return drain(all, 997);
        }
    }
}
