package org.tsdbbench.timescaledb;

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
 * One session's ids of the DevOps {@code tags} rows, per host number, as TSBS's loader caches them per
 * hostname: the hosts of a batch seen for the first time are upserted in one statement and their ids
 * kept, so that a row then costs an array lookup. The ids hold for the tags table the session wrote
 * to first; {@link #clear} follows this session's own recreation.
 */
final class HostTagIds {

    /** Marks a host of the batch being resolved, already among those to upsert. */
    private static final int PENDING = -1;

    private int[] ids = new int[0];
    private int[] missing = new int[16];

    void clear() {
        ids = new int[0];
    }

    /** The id of host {@code host}'s tags row, known after {@link #resolve} of a batch holding it. */
    int id(int host) {
        return ids[host];
    }

    /** Gives the batch's hosts not seen before an id without a server (the host number + 1): for benchmarks. */
    void numberLocally(CpuBatch batch) {
        if (ids.length < batch.hosts().end()) ids = Arrays.copyOf(ids, batch.hosts().end());
        for (int r = 0; r < batch.size(); r++) {
            int host = batch.host(r);
            if (ids[host] == 0) ids[host] = host + 1;
        }
    }

    /** Makes sure every host of the batch has its id here: one upsert for those not seen before. */
    void resolve(Connection c, CpuBatch batch) throws SQLException {
        Hosts hosts = batch.hosts();
        if (ids.length < hosts.end()) ids = Arrays.copyOf(ids, hosts.end());
        int count = 0;
        for (int r = 0; r < batch.size(); r++) {
            int host = batch.host(r);
            if (ids[host] != 0) continue;
            ids[host] = PENDING;
            if (count == missing.length) missing = Arrays.copyOf(missing, count * 2);
            missing[count++] = host;
        }
        if (count == 0) return;
        try {
            upsert(c, hosts, count);
        } finally {
            for (int i = 0; i < count; i++) if (ids[missing[i]] == PENDING) ids[missing[i]] = 0;
        }
    }

    /**
     * The upsert of the {@code count} first hosts of {@link #missing}, in host order (so that two
     * clients lock shared rows in one order). DO UPDATE (a no-op) rather than TSBS's DO NOTHING:
     * RETURNING then gives the id of a tag set another client stored first as well as a new one's.
     */
    private void upsert(Connection c, Hosts hosts, int count) throws SQLException {
        Arrays.sort(missing, 0, count);
        StringBuilder sql = new StringBuilder("INSERT INTO ").append(DevopsTables.TAGS).append(" (")
                .append(DevopsTables.TAG_COLUMNS).append(") VALUES ");
        Map<String, Integer> byName = new HashMap<>();
        for (int i = 0; i < count; i++) {
            String[] tags = hosts.tags(missing[i]);
            byName.put(tags[0], missing[i]);
            sql.append(i == 0 ? "(" : ",(");
            for (int t = 0; t < tags.length; t++) {
                sql.append(t == 0 ? "'" : ",'").append(tags[t].replace("'", "''")).append('\'');
            }
            sql.append(')');
        }
        sql.append(" ON CONFLICT (").append(DevopsTables.TAG_COLUMNS)
                .append(") DO UPDATE SET hostname = EXCLUDED.hostname RETURNING id, hostname");
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql.toString())) {
            while (rs.next()) {
                Integer host = byName.get(rs.getString(2));
                if (host != null) ids[host] = rs.getInt(1);
            }
        }
        for (int i = 0; i < count; i++) {
            if (ids[missing[i]] <= 0) {
                throw new SQLException("the tags upsert returned no id for " + hosts.name(missing[i]));
            }
        }
    }
}
