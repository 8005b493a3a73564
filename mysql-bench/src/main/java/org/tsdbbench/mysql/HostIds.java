package org.tsdbbench.mysql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.Hosts;

/**
 * One session's ids of {@code cpu_tags} rows, per host number of the batches' {@link Hosts} (an array,
 * no lookup by name per row). A host seen for the first time is inserted with the batch's other new
 * hosts ({@code ON DUPLICATE KEY UPDATE id = id}: another client's row stays) and the ids read back by
 * hostname. The ids hold for the tables the session wrote to first; {@link #clear} follows its own
 * recreation.
 */
final class HostIds {

    private static final int PENDING = -1;

    /** Every id this session learned, by hostname: what a batch of other {@link Hosts} starts from. */
    private final Map<String, Integer> byName = new HashMap<>();
    private Hosts hosts;
    /** The id of host {@code hosts.first() + i} at {@code i}; 0 when not known yet. */
    private int[] ids = new int[0];
    private int[] missing = new int[16];

    void clear() {
        byName.clear();
        hosts = null;
        ids = new int[0];
    }

    /** The id of a host of the last resolved batch. */
    int id(int host) {
        return ids[host - hosts.first()];
    }

    /** Makes sure every host of the batch has its id here: one INSERT and one SELECT for those not seen before. */
    void resolve(Connection c, CpuBatch batch) throws SQLException {
        if (batch.hosts() != hosts) {
            hosts = batch.hosts();
            ids = new int[hosts.end() - hosts.first()];
        }
        int first = hosts.first();
        int count = 0;
        for (int r = 0; r < batch.size(); r++) {
            int i = batch.host(r) - first;
            if (ids[i] != 0) continue;
            Integer known = byName.get(hosts.name(first + i));
            if (known != null) {
                ids[i] = known;
                continue;
            }
            ids[i] = PENDING;
            if (count == missing.length) missing = Arrays.copyOf(missing, count * 2);
            missing[count++] = first + i;
        }
        if (count == 0) return;
        try {
            insertAndRead(c, count);
        } finally {
            for (int m = 0; m < count; m++) if (ids[missing[m] - first] == PENDING) ids[missing[m] - first] = 0;
        }
    }

    private void insertAndRead(Connection c, int count) throws SQLException {
        StringBuilder insert = new StringBuilder("INSERT INTO " + CpuSchema.TAGS + " (" + CpuSchema.TAG_COLUMNS + ")");
        insert.append(" VALUES ");
        StringBuilder select = new StringBuilder("SELECT id, hostname FROM " + CpuSchema.TAGS);
        select.append(" WHERE hostname IN (");
        for (int m = 0; m < count; m++) {
            String[] tags = hosts.tags(missing[m]);
            insert.append(m == 0 ? "(" : ",(");
            for (int t = 0; t < tags.length; t++) {
                if (t > 0) insert.append(',');
                TagIds.quote(insert, tags[t]);
            }
            insert.append(')');
            if (m > 0) select.append(',');
            TagIds.quote(select, tags[0]);
        }
        // A host already there (another client's) is left as it is; any other error stays one.
        insert.append(" ON DUPLICATE KEY UPDATE id = id");
        select.append(')');
        Map<String, Integer> found = new HashMap<>();
        try (Statement st = c.createStatement()) {
            st.executeUpdate(insert.toString());
            try (ResultSet rs = st.executeQuery(select.toString())) {
                while (rs.next()) found.put(rs.getString(2), rs.getInt(1));
            }
        }
        for (int m = 0; m < count; m++) {
            String name = hosts.name(missing[m]);
            Integer id = found.get(name);
            if (id == null) throw new SQLException("no " + CpuSchema.TAGS + " row after inserting host " + name);
            ids[missing[m] - hosts.first()] = id;
            byName.put(name, id);
        }
    }
}
