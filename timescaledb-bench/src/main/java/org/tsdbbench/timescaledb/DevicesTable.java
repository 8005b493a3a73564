package org.tsdbbench.timescaledb;

import java.util.ArrayList;
import java.util.List;
import org.tsdbbench.common.data.WorkloadSpec;

/**
 * The devices workload's hypertable: one row per reading, partitioned by time into chunks, with
 * TSBS's index on the device and time, one on the group (the tag every catalog query filters on),
 * and TimescaleDB's default index on time. In the columnstore its chunks are segmented by device,
 * each segment in time order (newest first, TimescaleDB's default).
 */
final class DevicesTable {

    static final String NAME = "devices";
    /** The columns of every write path, in this order. */
    static final String COLUMNS = "ts,devid,devname,devgroup,temperature,humidity";
    static final String SEGMENT_BY = "devid";
    static final String ORDER_BY = "ts DESC";

    /**
     * At most this many chunks over the data set's time span: report C gave TimescaleDB each
     * scenario's span in 12 chunks (1 month in 62 h, 4 days in 8 h, 3 h in 15 min, 3 min in 15 s),
     * so the chunk count, and with it the planner's and the columnstore's work per chunk, stays the
     * same as the data set grows.
     */
    static final int CHUNKS_PER_SPAN = 12;

    /**
     * At least this many rows a chunk: report C's chunks held 1.5 M to 11.5 M rows (its readings),
     * and a write test, which goes on past the data set's span, must not create a chunk (DDL, on
     * the write path) every few requests when the data set is small.
     */
    static final long MIN_CHUNK_ROWS = 1_000_000;

    private DevicesTable() {
    }

    /**
     * The chunk interval in milliseconds: the data set's span (a row a second per device) over
     * {@link #CHUNKS_PER_SPAN}, or the time its devices take to write {@link #MIN_CHUNK_ROWS} rows
     * when that is longer (whole seconds).
     */
    static long chunkIntervalMillis(WorkloadSpec spec) {
        long span = spec.endTs() - spec.startTs();
        long perSpan = (span + CHUNKS_PER_SPAN - 1) / CHUNKS_PER_SPAN;
        long minRows = (MIN_CHUNK_ROWS + spec.numOfDevices() - 1) / spec.numOfDevices() * WorkloadSpec.INTERVAL_MS;
        return Math.max(perSpan, minRows);
    }

    /**
     * The statements that create {@code table} empty, with this chunk interval (an INTERVAL's
     * text, e.g. {@code 83334 milliseconds}); {@code columnstore}: with the compression settings,
     * so that its chunks can be converted.
     */
    static List<String> create(String table, String chunkInterval, boolean columnstore) {
        List<String> ddl = new ArrayList<>(List.of(
                "CREATE TABLE " + table + " (ts TIMESTAMPTZ NOT NULL, devid INTEGER NOT NULL, devname TEXT NOT NULL,"
                        + " devgroup INTEGER NOT NULL, temperature INTEGER NOT NULL, humidity REAL NOT NULL)",
                "SELECT create_hypertable('" + table + "', by_range('ts', INTERVAL '" + chunkInterval + "'))",
                "CREATE INDEX ON " + table + " (devid, ts DESC)",
                "CREATE INDEX ON " + table + " (devgroup, ts DESC)"));
        if (columnstore) {
            ddl.add("ALTER TABLE " + table + " SET (timescaledb.compress, timescaledb.compress_segmentby = '" + SEGMENT_BY
                    + "', timescaledb.compress_orderby = '" + ORDER_BY + "')");
        }
        return ddl;
    }

    /** The workload's table for this data set. */
    static List<String> create(WorkloadSpec spec, boolean columnstore) {
        return create(NAME, chunkIntervalMillis(spec) + " milliseconds", columnstore);
    }

    /** The schema as the manifest shows it: the interval by its rule, as it depends on the data set. */
    static List<String> described(boolean columnstore) {
        return create(NAME, "<the data set's span / " + CHUNKS_PER_SPAN + ", at least " + MIN_CHUNK_ROWS + " rows>", columnstore);
    }
}
