package org.tsdbbench.timescaledb;

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
 * loader caches them: a tag set seen for the first time is upserted (with every other new set of
 * its batch, one statement) and its id kept in {@link TagSetIds}. The ids hold for the tags table
 * the session wrote to first: every step creates the schema before its sessions write, and
 * {@link #clear} follows this session's own recreation.
 */
final class TagIds {

    private static final IotTag[] TAGS = IotTag.values();

    private final TagSetIds ids = new TagSetIds();

    void clear() {
        ids.clear();
    }

    /** The id of a record's tags row, known after {@link #resolve} of its batch. */
    int id(TableRows rows, int row) {
        return ids.id(rows, row);
    }

    /** Makes sure every tag set of the batch has its id here: one upsert for those not seen before. */
    void resolve(Connection c, TruckBatch batch) throws SQLException {
        // The tag set's text as the upsert says it -> its keys (trucks without a name may share one).
        SortedMap<String, long[]> missing = ids.missing(batch, TagIds::values);
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
            for (long key : e.getValue()) ids.put(key, id);
        }
    }

    /**
     * Numbers the batch's tag sets not seen before here, 1, 2, ... in order of first sight, as a
     * fresh tags table's SERIAL would: the ids of {@link TimescaleIotRequests}, which builds
     * requests without a server. A session's ids come from {@link #resolve}.
     */
    void numberLocally(TruckBatch batch) {
        ids.numberLocally(batch);
    }

    /** A tag set as the VALUES row of the upsert, which is also how {@link #returned} says it back. */
    private static String values(Trucks trucks, int truck, byte nullTag) {
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
}
