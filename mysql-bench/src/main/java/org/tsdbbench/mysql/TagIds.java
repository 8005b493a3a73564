package org.tsdbbench.mysql;

import java.nio.charset.StandardCharsets;
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
 * loaders cache them. A tag set seen for the first time is inserted with every other new set of
 * its batch ({@code ON DUPLICATE KEY UPDATE id = id}: another client's row for the same set stays)
 * and the ids read back by {@code tag_set} (MariaDB has no upsert that returns the ids of rows it left alone); after
 * that a row costs a lookup in an open-addressing table, no object. The ids hold for the tags table
 * the session wrote to first: every step creates the schema before its sessions write, and
 * {@link #clear} follows this session's own recreation.
 */
final class TagIds implements IotInsertBuilder.Ids {

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
    @Override
    public int id(TableRows rows, int row) {
        int i = find(key(rows.truck[row], rows.nullTag[row]));
        if (keys[i] == EMPTY) throw new IllegalStateException("tags row of truck " + rows.truck[row] + " not resolved");
        return ids[i];
    }

    /** Makes sure every tag set of the batch has its id here: one INSERT and one SELECT for those not seen before. */
    void resolve(Connection c, TruckBatch batch) throws SQLException {
        if (batch.trucks != trucks) {
            clear();
            trucks = batch.trucks;
        }
        // The tag set's key text -> the keys (truck, null tag) that have it. Sorted: clients that
        // insert the same sets lock them in the same order, never a deadlock.
        Map<String, long[]> missing = new TreeMap<>();
        for (TableRows rows : new TableRows[] {batch.readings, batch.diagnostics}) {
            for (int r = 0; r < rows.size(); r++) {
                long key = key(rows.truck[r], rows.nullTag[r]);
                if (keys[find(key)] != EMPTY) continue;
                String set = tagSet(trucks, rows.truck[r], rows.nullTag[r]);
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
        if (missing.isEmpty()) return;
        StringBuilder insert = new StringBuilder("INSERT INTO " + IotSchema.TAGS + " (tag_set," + IotSchema.TAG_COLUMNS + ") VALUES ");
        StringBuilder select = new StringBuilder("SELECT id, tag_set FROM " + IotSchema.TAGS + " WHERE tag_set IN (");
        boolean first = true;
        for (Map.Entry<String, long[]> e : missing.entrySet()) {
            if (!first) {
                insert.append(',');
                select.append(',');
            }
            first = false;
            insert.append('(');
            quote(insert, e.getKey());
            int truck = (int) (e.getValue()[0] >>> 4);
            byte nullTag = (byte) ((e.getValue()[0] & 0xF) - 1);
            for (IotTag tag : TAGS) {
                insert.append(',');
                int code = nullTag == tag.ordinal() ? -1 : trucks.code(truck, tag);
                if (code < 0) insert.append("NULL");
                else if (tag.numeric) insert.append(trucks.number(tag, code));
                else quote(insert, trucks.text(tag, code));
            }
            insert.append(')');
            quote(select, e.getKey());
        }
        // A set already there (another client's) is left as it is; any other error stays one (INSERT IGNORE would store a value too long cut short).
        insert.append(" ON DUPLICATE KEY UPDATE id = id");
        select.append(')');
        Map<String, Integer> found = new HashMap<>();
        try (Statement st = c.createStatement()) {
            st.executeUpdate(insert.toString());
            try (ResultSet rs = st.executeQuery(select.toString())) {
                while (rs.next()) found.put(new String(rs.getBytes(2), StandardCharsets.UTF_8), rs.getInt(1));
            }
        }
        for (Map.Entry<String, long[]> e : missing.entrySet()) {
            Integer id = found.get(e.getKey());
            if (id == null) throw new SQLException("no tags row after inserting tag set " + e.getKey());
            for (long key : e.getValue()) put(key, id);
        }
    }

    /**
     * Ids numbered here, 1, 2, ... in the order the batch's (truck, null tag) keys come: the lookup a
     * session's writes do, without a server (the request-building benchmark, offline tests).
     */
    static TagIds numbered(TruckBatch batch) {
        TagIds ids = new TagIds();
        ids.trucks = batch.trucks;
        int next = 0;
        for (TableRows rows : new TableRows[] {batch.readings, batch.diagnostics}) {
            for (int r = 0; r < rows.size(); r++) {
                long key = key(rows.truck[r], rows.nullTag[r]);
                if (ids.keys[ids.find(key)] == EMPTY) ids.put(key, ++next);
            }
        }
        return ids;
    }

    /**
     * A tag set as one text, unambiguous whatever the values hold: per tag in {@link IotTag} order,
     * {@code N} for NULL, else {@code V<length>:<value>} (numbers as Java writes a double).
     */
    static String tagSet(Trucks trucks, int truck, byte nullTag) {
        StringBuilder s = new StringBuilder();
        for (IotTag tag : TAGS) {
            int code = nullTag == tag.ordinal() ? -1 : trucks.code(truck, tag);
            if (code < 0) {
                s.append('N');
                continue;
            }
            String v = tag.numeric ? Double.toString(trucks.number(tag, code)) : trucks.text(tag, code);
            s.append('V').append(v.length()).append(':').append(v);
        }
        return s.toString();
    }

    /** A MariaDB string literal (backslash escapes, the server's default sql_mode). */
    static void quote(StringBuilder sql, String s) {
        sql.append('\'');
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '\'' || ch == '\\') sql.append('\\');
            if (ch == 0) sql.append("\\0");
            else sql.append(ch);
        }
        sql.append('\'');
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
