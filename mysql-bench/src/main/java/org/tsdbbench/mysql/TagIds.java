package org.tsdbbench.mysql;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import org.tsdbbench.common.iot.IotTag;
import org.tsdbbench.common.iot.TableRows;
import org.tsdbbench.common.iot.TagSetIds;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.iot.Trucks;

/**
 * One session's ids of {@code tags} rows, per truck and the tag its record leaves null, as TSBS's
 * loaders cache them. A tag set seen for the first time is inserted with every other new set of
 * its batch ({@code ON DUPLICATE KEY UPDATE id = id}: another client's row for the same set stays)
 * and the ids read back by {@code tag_set} (MariaDB has no upsert that returns the ids of rows it
 * left alone), then kept in {@link TagSetIds}. The ids hold for the tags table
 * the session wrote to first: every step creates the schema before its sessions write, and
 * {@link #clear} follows this session's own recreation.
 */
final class TagIds implements IotInsertBuilder.Ids {

    private static final IotTag[] TAGS = IotTag.values();

    private final TagSetIds ids = new TagSetIds();

    void clear() {
        ids.clear();
    }

    /** The id of a record's tags row, known after {@link #resolve} of its batch. */
    @Override
    public int id(TableRows rows, int row) {
        return ids.id(rows, row);
    }

    /** Makes sure every tag set of the batch has its id here: one INSERT and one SELECT for those not seen before. */
    void resolve(Connection c, TruckBatch batch) throws SQLException {
        // The tag set's key text -> the keys (truck, null tag) that have it.
        SortedMap<String, long[]> missing = ids.missing(batch, TagIds::tagSet);
        Trucks trucks = ids.trucks();
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
            int truck = TagSetIds.truck(e.getValue()[0]);
            byte nullTag = TagSetIds.nullTag(e.getValue()[0]);
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
            for (long key : e.getValue()) ids.put(key, id);
        }
    }

    /**
     * Ids numbered here, 1, 2, ... in the order the batch's (truck, null tag) keys come: the lookup a
     * session's writes do, without a server (the request-building benchmark, offline tests).
     */
    static TagIds numbered(TruckBatch batch) {
        TagIds numbered = new TagIds();
        numbered.ids.numberLocally(batch);
        return numbered;
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
}
