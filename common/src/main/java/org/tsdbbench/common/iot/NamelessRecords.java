package org.tsdbbench.common.iot;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The records without a name of a pass over a data set, in the order they are written, and what a
 * database keeps of them under each {@link TagModel}: every one ({@link TagModel#RECORD}), one per
 * series and time with the later fields over the earlier ({@link TagModel#SERIES}), or one row per
 * table and time, the later whole ({@link TagModel#TABLE}). They are few (about 0.1% of TSBS's
 * records), so they are held with their values until the pass ends.
 */
final class NamelessRecords {

    /** Groups of records a model keeps as one, described in the answers (the first few). */
    static final int EXAMPLES = 3;

    private record Nameless(IotTable table, long ts, int truck, double[] fields) {
    }

    /** What a model keeps: the records stored, the ones they replaced, the first few groups in words. */
    record Kept(TruckBatch stored, long superseded, long groups, List<String> examples) {
    }

    private final Trucks trucks;
    private final List<Nameless> records = new ArrayList<>();

    NamelessRecords(Trucks trucks) {
        this.trucks = trucks;
    }

    /** Keeps the batch's records without a name. */
    void collect(TruckBatch batch) {
        for (IotTable t : IotTable.values()) {
            TableRows rows = batch.rows(t);
            for (int i = 0; i < rows.size(); i++) {
                if (rows.nullTag[i] != IotTag.NAME.ordinal()) continue;
                double[] f = new double[t.fieldCount()];
                for (int c = 0; c < f.length; c++) f[c] = rows.field[c][i];
                records.add(new Nameless(t, rows.ts[i], rows.truck[i], f));
            }
        }
    }

    /** What a database keeping records as {@code model} stores of them. */
    Kept keptUnder(TagModel model) {
        Map<Object, List<Nameless>> groups = new LinkedHashMap<>();
        for (Nameless r : records) {
            Object key = switch (model) {
                case RECORD -> groups.size();
                case TABLE -> List.of(r.table, r.ts);
                case SERIES -> List.of(r.table, NamelessKeys.tags(trucks, r.truck), r.ts);
            };
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
        }
        TruckBatch stored = new TruckBatch(trucks, Math.max(1, groups.size()));
        List<String> examples = new ArrayList<>();
        long shared = 0;
        for (List<Nameless> group : groups.values()) {
            Nameless last = group.get(group.size() - 1);
            double[] fields = last.fields.clone();
            if (model == TagModel.SERIES) {
                // The later record's fields overwrite; a field it leaves null keeps the earlier value.
                for (int i = group.size() - 2; i >= 0; i--) {
                    for (int c = 0; c < fields.length; c++) if (Double.isNaN(fields[c])) fields[c] = group.get(i).fields[c];
                }
            }
            int row = stored.add(last.table, last.ts, last.truck, (byte) IotTag.NAME.ordinal());
            for (int c = 0; c < fields.length; c++) stored.rows(last.table).field[c][row] = fields[c];
            if (group.size() > 1) {
                shared++;
                if (examples.size() < EXAMPLES) examples.add(describe(model, group));
            }
        }
        return new Kept(stored, records.size() - groups.size(), shared, examples);
    }

    /** "2 readings without a name at 2016-01-01T14:24:20Z (fleet North, driver Derek; fleet East, driver Seth)". */
    private String describe(TagModel model, List<Nameless> group) {
        StringBuilder s = new StringBuilder().append(group.size()).append(' ').append(group.get(0).table.measurement)
                .append(" without a name at ").append(Instant.ofEpochSecond(0, group.get(0).ts)).append(" (");
        for (int i = 0; i < group.size(); i++) {
            int truck = group.get(i).truck;
            s.append(i == 0 ? "" : "; ").append("fleet ").append(trucks.text(IotTag.FLEET, trucks.code(truck, IotTag.FLEET)))
                    .append(", driver ").append(trucks.text(IotTag.DRIVER, trucks.code(truck, IotTag.DRIVER)));
        }
        return s.append(") share one ").append(model == TagModel.TABLE ? "row" : "point").append(": the database keeps one").toString();
    }
}
