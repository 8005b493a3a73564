package org.tsdbbench.timescaledb;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Jdbc;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.results.ServerHeldRecord;

/**
 * TimescaleDB's columnstore for the devices table, and the table's bytes on disk in both forms; the
 * IoT tables' bytes in the form they have.
 * A chunk is converted with {@code compress_chunk}: its rows become compressed batches of up to
 * 1,000 rows of one device ({@code segmentby devid}), newest first; rows written into a converted
 * chunk later wait in its row store until the next conversion, which merges them in.
 */
final class Columnstore {

    /** The scratch copy that gives a row-store table's columnstore size; dropped after. */
    static final String DISK_COPY = DevicesTable.NAME + "_disk_copy";

    private Columnstore() {
    }

    /** Converts every chunk of the table that holds rows in the row store (a converted one is skipped with a notice). */
    static void convert(Connection c, String table) throws SQLException {
        Jdbc.queryLong(c, "SELECT count(compress_chunk(c, if_not_compressed => true)) FROM show_chunks('" + table + "') c");
    }

    /**
     * VACUUM (ANALYZE) of a table, as autovacuum does after a load: its visibility and free-space maps
     * are written now, so the figure is the one the table keeps (in a CI run an autovacuum after the
     * measure grew the trucks' tables by 10 pages), and its statistics are fresh.
     */
    static void settle(Connection c, String table) throws SQLException {
        Jdbc.execute(c, "VACUUM (ANALYZE) " + table);
    }

    /**
     * The bytes of the devices table as it is (after VACUUM ANALYZE, as MySQL's disk step analyzes), and in the
     * other form: a table in the columnstore gives its size before conversion as TimescaleDB
     * recorded it; a table in the row store is copied into a hypertable of the same chunks that is
     * converted, measured and dropped, so the measured table stays exactly as loaded.
     */
    static DiskUse measure(Connection c, boolean compressed) throws SQLException {
        settle(c, DevicesTable.NAME);
        String table = "hypertable_size('" + DevicesTable.NAME + "')";
        String counted = "heap, indexes and TOAST of every chunk; the WAL not counted";
        if (compressed) {
            convert(c, DevicesTable.NAME);
            long bytes = Jdbc.queryLong(c, "SELECT " + table);
            long rowStore = Jdbc.queryLong(c, "SELECT before_compression_total_bytes FROM hypertable_compression_stats('" + DevicesTable.NAME + "')");
            return new DiskUse(bytes, String.format(Locale.ROOT, "%s after VACUUM ANALYZE, every chunk in the columnstore (compress_chunk, segmentby %s,"
                            + " orderby %s; %s). In the row store, before conversion, the same chunks took %,d bytes (%.1fx as much):"
                            + " hypertable_compression_stats' before_compression_total_bytes", table, DevicesTable.SEGMENT_BY,
                    DevicesTable.ORDER_BY, counted, rowStore, (double) rowStore / bytes), serverHeld(c));
        }
        long bytes = Jdbc.queryLong(c, "SELECT " + table);
        long columnstore = copySize(c);
        return new DiskUse(bytes, String.format(Locale.ROOT, "%s after VACUUM ANALYZE, every chunk in the row store as loaded (%s). In the columnstore"
                        + " the same rows take %,d bytes (%.1fx less): hypertable_size of a copy (INSERT ... SELECT into a hypertable of the same"
                        + " chunk interval) after compress_chunk of every chunk, segmentby %s, orderby %s; the copy is dropped, the table stays as loaded",
                table, counted, columnstore, (double) bytes / columnstore, DevicesTable.SEGMENT_BY, DevicesTable.ORDER_BY), serverHeld(c));
    }

    /**
     * The IoT tables' bytes after VACUUM ANALYZE: {@code hypertable_size} of readings and diagnostics
     * (every chunk converted first when {@code compressed}, as the count does) and
     * {@code pg_total_relation_size} of the tags table, each named with its bytes. A row-store
     * figure has no columnstore size beside it (the devices' copy is not made for the trucks).
     */
    static DiskUse measureIot(Connection c, boolean compressed) throws SQLException {
        List<String> parts = new ArrayList<>();
        long bytes = 0;
        long rowStore = 0;
        for (IotTable table : IotTable.values()) {
            String name = table.measurement;
            settle(c, name);
            if (compressed) {
                convert(c, name);
                rowStore += Jdbc.queryLong(c, "SELECT coalesce(before_compression_total_bytes, 0) FROM hypertable_compression_stats('" + name + "')");
            }
            long size = Jdbc.queryLong(c, "SELECT hypertable_size('" + name + "')");
            parts.add(String.format(Locale.ROOT, "hypertable_size('%s') %,d", name, size));
            bytes += size;
        }
        settle(c, IotTables.TAGS);
        long tags = Jdbc.queryLong(c, "SELECT pg_total_relation_size('" + IotTables.TAGS + "')");
        parts.add(String.format(Locale.ROOT, "pg_total_relation_size('%s') %,d", IotTables.TAGS, tags));
        bytes += tags;
        String form = compressed
                ? String.format(Locale.ROOT, "every chunk in the columnstore (compress_chunk, segmentby %s, orderby time DESC); in the row store,"
                + " before conversion, the hypertables' chunks took %,d bytes (hypertable_compression_stats' before_compression_total_bytes)",
                IotTables.SEGMENT_BY, rowStore)
                : "every chunk in the row store as loaded; the trucks' columnstore size is not measured (compress=true measures that form)";
        return new DiskUse(bytes, String.format(Locale.ROOT, "%s bytes after VACUUM ANALYZE: the readings and diagnostics hypertables (heap, indexes"
                + " and TOAST of every chunk, %s) and the tag sets' table with its indexes; the WAL and the devices' table not counted",
                String.join(" + ", parts), form), serverHeld(c));
    }

    /**
     * The server's other databases and their bytes ({@code pg_database_size}), PostgreSQL's own
     * ({@code postgres}, the templates) left out as MySQL's system schemas are. No leftovers: a
     * dropped table's files go at its COMMIT, so none of an earlier table is in the figure.
     */
    static ServerHeldRecord serverHeld(Connection c) throws SQLException {
        List<String> others = new ArrayList<>();
        long bytes = 0;
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT datname, pg_database_size(datname) FROM pg_database WHERE datname <> current_database()"
                     + " AND datname NOT IN ('postgres', 'template0', 'template1') ORDER BY datname")) {
            while (rs.next()) {
                others.add(rs.getString(1));
                bytes += rs.getLong(2);
            }
        }
        return new ServerHeldRecord(others, bytes, 0L, false, null);
    }

    /** The devices table's rows in the columnstore, in a copy of their own. */
    private static long copySize(Connection c) throws SQLException {
        String interval = Jdbc.queryString(c, "SELECT time_interval::text FROM timescaledb_information.dimensions"
                + " WHERE hypertable_name = '" + DevicesTable.NAME + "' AND column_name = 'ts'");
        Jdbc.execute(c, "DROP TABLE IF EXISTS " + DISK_COPY);
        try {
            for (String ddl : DevicesTable.create(DISK_COPY, interval, true)) Jdbc.execute(c, ddl);
            Jdbc.execute(c, "INSERT INTO " + DISK_COPY + " SELECT * FROM " + DevicesTable.NAME);
            convert(c, DISK_COPY);
            return Jdbc.queryLong(c, "SELECT hypertable_size('" + DISK_COPY + "')");
        } finally {
            Jdbc.execute(c, "DROP TABLE IF EXISTS " + DISK_COPY);
        }
    }
}
