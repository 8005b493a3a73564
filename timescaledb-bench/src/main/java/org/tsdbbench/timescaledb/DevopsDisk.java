package org.tsdbbench.timescaledb;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Jdbc;

/**
 * The DevOps tables' bytes in the form the session keeps them, as {@link Columnstore#measureIot}
 * measures the trucks': {@code hypertable_size} of {@code cpu} (every chunk converted first with
 * {@code compress}) plus {@code pg_total_relation_size} of {@code tags}, each after VACUUM ANALYZE.
 */
final class DevopsDisk {

    private static final String COLUMNSTORE = "every chunk in the columnstore (compress_chunk, segmentby "
            + DevopsTables.SEGMENT_BY + ", orderby time DESC); in the row store, before conversion, its chunks took"
            + " %,d bytes (hypertable_compression_stats' before_compression_total_bytes)";
    private static final String ROW_STORE = "every chunk in the row store as loaded; the columnstore size is not"
            + " measured (compress=true measures that form)";
    private static final String METHOD = "hypertable_size('%s') %,d + pg_total_relation_size('%s') %,d bytes after"
            + " VACUUM ANALYZE: the cpu hypertable (heap, indexes and TOAST of every chunk, %s) and the hosts' tags"
            + " table with its indexes; the WAL and the other workloads' tables not counted";

    private DevopsDisk() {
    }

    static DiskUse measure(Connection c, boolean compressed) throws SQLException {
        Columnstore.settle(c, DevopsTables.CPU);
        String form = ROW_STORE;
        if (compressed) {
            Columnstore.convert(c, DevopsTables.CPU);
            long rowStore = Jdbc.queryLong(c, "SELECT coalesce(before_compression_total_bytes, 0)"
                    + " FROM hypertable_compression_stats('" + DevopsTables.CPU + "')");
            form = String.format(Locale.ROOT, COLUMNSTORE, rowStore);
        }
        long cpu = Jdbc.queryLong(c, "SELECT hypertable_size('" + DevopsTables.CPU + "')");
        Columnstore.settle(c, DevopsTables.TAGS);
        long tags = Jdbc.queryLong(c, "SELECT pg_total_relation_size('" + DevopsTables.TAGS + "')");
        String method = String.format(Locale.ROOT, METHOD, DevopsTables.CPU, cpu, DevopsTables.TAGS, tags, form);
        return new DiskUse(cpu + tags, method, Columnstore.serverHeld(c));
    }
}
