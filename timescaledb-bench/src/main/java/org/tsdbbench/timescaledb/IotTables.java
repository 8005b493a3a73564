package org.tsdbbench.timescaledb;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.tsdbbench.common.iot.IotScenario;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotTag;

/**
 * The IoT workload's layout, TSBS's TimescaleDB target's: a {@code tags} table with a row per tag
 * set (a record that leaves a tag null has a tags row with that tag NULL, so each record keeps its
 * own tags) and a hypertable per measurement, {@code readings} and {@code diagnostics}, whose rows
 * refer to their tags row by {@code tags_id}. TSBS's indexes: {@code (tags_id, time DESC)} and
 * {@code (time DESC)} on each hypertable, the tag columns unique together and {@code name} on
 * {@code tags}. Chunks of report C's interval; in the columnstore segmented by {@code tags_id}.
 */
final class IotTables {

    static final String TAGS = "tags";
    /** The tag columns of {@code tags}, in {@link IotTag} order. */
    static final String TAG_COLUMNS = java.util.Arrays.stream(IotTag.values()).map(t -> t.key).collect(Collectors.joining(", "));
    static final String SEGMENT_BY = "tags_id";
    /** Report C's chunks: each scenario's span in 12 (62 h, 8 h, 15 min, 15 s). */
    static final int CHUNKS_PER_SPAN = 12;
    /**
     * At least this many readings a chunk, as the devices' table (see {@link DevicesTable#MIN_CHUNK_ROWS}):
     * none of report C's scenarios reaches the floor, a small data set and the write test past its
     * span do not make a chunk (DDL) every few requests.
     */
    static final long MIN_CHUNK_ROWS = DevicesTable.MIN_CHUNK_ROWS;

    private IotTables() {
    }

    /** The columns a write sends for a table, in order: the time, the tags row, the fields. */
    static String columns(IotTable table) {
        return "time, tags_id, " + String.join(", ", table.fields());
    }

    /**
     * The chunk interval in milliseconds: report C's for one of its scenarios, else the same rule,
     * the span over {@link #CHUNKS_PER_SPAN}, but long enough for {@link #MIN_CHUNK_ROWS} readings.
     */
    static long chunkIntervalMillis(IotSpec spec) {
        for (IotScenario s : IotScenario.PUBLISHED) if (s.spec().equals(spec)) return s.timescaleChunkInterval().toMillis();
        long spanMs = (spec.endNs() - spec.startNs()) / 1_000_000L;
        long perSpan = (spanMs + CHUNKS_PER_SPAN - 1) / CHUNKS_PER_SPAN;
        long ticks = (MIN_CHUNK_ROWS + spec.trucks() - 1) / spec.trucks();
        return Math.max(1, Math.max(perSpan, ticks * spec.intervalNs() / 1_000_000L));
    }

    /** The statements that drop the workload's tables. */
    static List<String> drop() {
        return List.of("DROP TABLE IF EXISTS " + IotTable.READINGS.measurement, "DROP TABLE IF EXISTS " + IotTable.DIAGNOSTICS.measurement,
                "DROP TABLE IF EXISTS " + TAGS);
    }

    /** The statements that create the tables empty with this chunk interval (an INTERVAL's text); {@code columnstore}: ready for conversion. */
    static List<String> create(String chunkInterval, boolean columnstore) {
        List<String> ddl = new ArrayList<>();
        StringBuilder tags = new StringBuilder("CREATE TABLE " + TAGS + " (id SERIAL PRIMARY KEY");
        for (IotTag t : IotTag.values()) tags.append(", ").append(t.key).append(t.numeric ? " DOUBLE PRECISION" : " TEXT");
        // NULLS NOT DISTINCT: a tag set with a NULL is one row too, which the writers' upsert finds.
        ddl.add(tags.append(", UNIQUE NULLS NOT DISTINCT (").append(TAG_COLUMNS).append("))").toString());
        ddl.add("CREATE INDEX ON " + TAGS + " (name)");
        for (IotTable table : IotTable.values()) {
            String name = table.measurement;
            // TSBS makes every field a double, diagnostics' status included.
            ddl.add("CREATE TABLE " + name + " (time TIMESTAMPTZ NOT NULL, tags_id INTEGER NOT NULL, "
                    + table.fields().stream().map(f -> f + " DOUBLE PRECISION").collect(Collectors.joining(", ")) + ")");
            ddl.add("SELECT create_hypertable('" + name + "', by_range('time', INTERVAL '" + chunkInterval + "'), create_default_indexes => false)");
            ddl.add("CREATE INDEX ON " + name + " (tags_id, time DESC)");
            ddl.add("CREATE INDEX ON " + name + " (time DESC)");
            if (columnstore) {
                ddl.add("ALTER TABLE " + name + " SET (timescaledb.compress, timescaledb.compress_segmentby = '" + SEGMENT_BY
                        + "', timescaledb.compress_orderby = 'time DESC')");
            }
        }
        return ddl;
    }

    /** The statements for the manifest: the chunk interval named as its rule, since the data set decides it. */
    static List<String> described(boolean columnstore) {
        return create("<report C's for its scenario, else the data set's span / " + CHUNKS_PER_SPAN + ", at least " + MIN_CHUNK_ROWS
                + " readings>", columnstore);
    }

    static List<String> create(IotSpec spec, boolean columnstore) {
        return create(chunkIntervalMillis(spec) + " milliseconds", columnstore);
    }
}
