package org.tsdbbench.timescaledb;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.HostTags;

/**
 * The cpu-only layout, TSBS's TimescaleDB target's at its loader's defaults: a {@code tags} table with
 * a row per host's tag set and the {@code cpu} hypertable whose rows refer to it by {@code tags_id},
 * every field a {@code DOUBLE PRECISION}, indexes {@code (tags_id, time DESC)} and {@code (time DESC)},
 * chunks of 12 hours. Both live in the schema {@code devops}: the IoT trucks' {@code tags} is in
 * {@code public} of the same database (TSBS gives each use case a database of its own).
 */
final class DevopsTables {

    static final String SCHEMA = "devops";
    static final String TAGS = SCHEMA + ".tags";
    static final String CPU = SCHEMA + ".cpu";
    /** The tag columns of {@code tags}, hostname first ({@link HostTags#KEYS} order). */
    static final String TAG_COLUMNS = String.join(", ", HostTags.KEYS);
    /** The columns a write sends, in order: the time, the tags row, the ten fields. */
    static final String CPU_COLUMNS = "time, tags_id, " + String.join(", ", CpuBatch.FIELDS);
    static final String SEGMENT_BY = "tags_id";
    /** TSBS's loader's {@code --chunk-time} default. */
    static final String CHUNK_INTERVAL = "12 hours";

    private DevopsTables() {
    }

    /** The statements that drop the workload's tables (the schema is kept). */
    static List<String> drop() {
        return List.of("DROP TABLE IF EXISTS " + CPU, "DROP TABLE IF EXISTS " + TAGS);
    }

    /** The statements that create the tables empty; {@code columnstore}: {@code cpu} ready for conversion. */
    static List<String> create(boolean columnstore) {
        List<String> ddl = new ArrayList<>();
        ddl.add("CREATE SCHEMA IF NOT EXISTS " + SCHEMA);
        ddl.add("CREATE TABLE " + TAGS + " (id SERIAL PRIMARY KEY, "
                + HostTags.KEYS.stream().map(k -> k + " TEXT").collect(Collectors.joining(", ")) + ")");
        ddl.add("CREATE UNIQUE INDEX ON " + TAGS + " (" + TAG_COLUMNS + ")");
        ddl.add("CREATE INDEX ON " + TAGS + " (hostname)");
        ddl.add("CREATE TABLE " + CPU + " (time TIMESTAMPTZ NOT NULL, tags_id INTEGER NOT NULL, "
                + CpuBatch.FIELDS.stream().map(f -> f + " DOUBLE PRECISION").collect(Collectors.joining(", ")) + ")");
        ddl.add("SELECT create_hypertable('" + CPU + "', by_range('time', INTERVAL '" + CHUNK_INTERVAL + "'),"
                + " create_default_indexes => false)");
        ddl.add("CREATE INDEX ON " + CPU + " (tags_id, time DESC)");
        ddl.add("CREATE INDEX ON " + CPU + " (time DESC)");
        if (columnstore) {
            ddl.add("ALTER TABLE " + CPU + " SET (timescaledb.compress, timescaledb.compress_segmentby = '" + SEGMENT_BY
                    + "', timescaledb.compress_orderby = 'time DESC')");
        }
        return ddl;
    }
}
