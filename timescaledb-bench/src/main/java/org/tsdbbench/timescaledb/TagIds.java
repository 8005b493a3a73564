package org.tsdbbench.timescaledb;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.tsdbbench.common.iot.IotTag;
import org.tsdbbench.common.iot.TableRows;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.iot.Trucks;

/**
 * One session's ids of {@code tags} rows, per truck and the tag its record leaves null, as TSBS's
 * loader caches them: a tag set seen for the first time is upserted (with every other new set of
 * its batch, one statement) and its id kept; after that a row costs a lookup in an open-addressing
 * table, no object. The ids hold for the tags table the session wrote to first: every step creates
 * the schema before its sessions write, and {@link #clear} follows this session's own recreation.
 */
final class TagIds {

    private static final IotTag[] TAGS = IotTag.values();
    private static final long EMPTY = -1;

    private Trucks trucks;
    private long[] keys = new long[1024];
    private int[] ids = new int[1024];
    private int size;

    TagIds() {
        Arrays.fill(keys, EMPTY);
    }

    void clear() {
        Arrays.fill(keys, EMPTY);
        size = 0;
        trucks = null;
    }

    /** The id of a record's tags row, known after {@link #resolve} of its batch. */
    int id(TableRows rows, int row) {
        int i = find(key(rows.truck[row], rows.nullTag[row]));
        if (keys[i] == EMPTY) throw new IllegalStateException("tags row of truck " + rows.truck[row] + " not resolved");
        return ids[i];
    }

    /** Makes sure every tag set of the batch has its id here: one upsert for those not seen before. */
    void resolve(Connection c, TruckBatch batch) throws SQLException {
        if (batch.trucks != trucks) {
            clear();
            trucks = batch.trucks;
        }
        // The tag set's text as the upsert says it -> its keys. Sorted: clients that upsert the same
        // sets (trucks without a name may share one) lock them in the same order, never a deadlock.
        Map<String, long[]> missing = new TreeMap<>();
        for (TableRows rows : new TableRows[] {batch.readings, batch.diagnostics}) {
            for (int r = 0; r < rows.size(); r++) {
                long key = key(rows.truck[r], rows.nullTag[r]);
                if (keys[find(key)] != EMPTY) continue;
                String values = values(rows.truck[r], rows.nullTag[r]);
                long[] known = missing.get(values);
                if (known == null) {
                    missing.put(values, new long[] {key});
                } else if (Arrays.stream(known).noneMatch(k -> k == key)) {
                    missing.put(values, Arrays.copyOf(known, known.length + 1));
                    missing.get(values)[known.length] = key;
                }
            }
        }
        if (missing.isEmpty()) return;
        // DO UPDATE (a no-op) rather than DO NOTHING: RETURNING then gives the id of a set that is
        // already there (another client's) as well as a new one's.
        StringBuilder sql = new StringBuilder("INSERT INTO " + IotTables.TAGS + " (" + IotTables.TAG_COLUMNS + ") VALUES ");
        sql.append(String.join(",", missing.keySet()));
        sql.append(" ON CONFLICT (").append(IotTables.TAG_COLUMNS).append(") DO UPDATE SET name = EXCLUDED.name RETURNING id, ")
                .append(IotTables.TAG_COLUMNS);
        Map<String, Integer> returned = new HashMap<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql.toString())) {
            while (rs.next()) returned.put(returned(rs), rs.getInt(1));
        }
        for (Map.Entry<String, long[]> e : missing.entrySet()) {
            Integer id = returned.get(e.getKey());
            if (id == null) throw new SQLException("the tags upsert returned no id for " + e.getKey());
            for (long key : e.getValue()) put(key, id);
        }
    }

    /**
     * Numbers the batch's tag sets not seen before here, 1, 2, ... in order of first sight, as a
     * fresh tags table's SERIAL would: the ids of {@link TimescaleIotRequests}, which builds
     * requests without a server. A session's ids come from {@link #resolve}.
     */
    void numberLocally(TruckBatch batch) {
        if (batch.trucks != trucks) {
            clear();
            trucks = batch.trucks;
        }
        for (TableRows rows : new TableRows[] {batch.readings, batch.diagnostics}) {
            for (int r = 0; r < rows.size(); r++) {
                long key = key(rows.truck[r], rows.nullTag[r]);
                if (keys[find(key)] == EMPTY) put(key, size + 1);
            }
        }
    }

    /** A tag set as the VALUES row of the upsert, which is also how {@link #returned} says it back. */
    private String values(int truck, byte nullTag) {
        StringBuilder s = new StringBuilder("(");
        for (IotTag tag : TAGS) {
            int code = nullTag == tag.ordinal() ? -1 : trucks.code(truck, tag);
            if (tag.ordinal() > 0) s.append(',');
            if (code < 0) s.append("NULL");
            else if (tag.numeric) s.append(Double.toString(trucks.number(tag, code)));
            else s.append('\'').append(trucks.text(tag, code).replace("'", "''")).append('\'');
        }
        return s.append(')').toString();
    }

    private static String returned(ResultSet rs) throws SQLException {
        StringBuilder s = new StringBuilder("(");
        for (IotTag tag : TAGS) {
            int column = tag.ordinal() + 2;
            if (tag.ordinal() > 0) s.append(',');
            if (tag.numeric) {
                double v = rs.getDouble(column);
                s.append(rs.wasNull() ? "NULL" : Double.toString(v));
            } else {
                String v = rs.getString(column);
                s.append(v == null ? "NULL" : "'" + v.replace("'", "''") + "'");
            }
        }
        return s.append(')').toString();
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

    private void put(long key, int id) {
        if (2 * (size + 1) > keys.length) grow();
        int i = find(key);
        if (keys[i] == EMPTY) size++;
        keys[i] = key;
        ids[i] = id;
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
