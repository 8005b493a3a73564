package org.tsdbbench.clickhouse;

import java.util.List;
import java.util.stream.Collectors;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.HostTags;

/**
 * TSBS's ClickHouse layout of the DevOps hosts (its loader, pkg/targets/clickhouse, and its queries'
 * default {@code --clickhouse-use-tags}): a {@code tags} table of one row per host, its id and ten
 * tags, and the {@code cpu} MergeTree table whose rows name their host by {@code tags_id}, sorted by
 * {@code (tags_id, created_at)} and partitioned by month.
 *
 * <p>Where it differs from TSBS's DDL: the time is kept exactly as {@code time Int64} of ns (TSBS: a
 * display text; 18.16 has no DateTime64) and {@code created_at DateTime}, the key's second, is
 * MATERIALIZED from it, so a request sends the time once; the partition is {@code toYYYYMM(created_at)}
 * (TSBS's old-syntax {@code MergeTree(created_date, ...)} needed a Date column for it); the fields are
 * {@code Int64} and the tags {@code String}, not Nullable (cpu-only's fields are integers and it
 * leaves nothing out: a Nullable column costs a null map of two more files in every part); no
 * load-time stamps in {@code tags} and no {@code additional_tags} (cpu-only has none).
 */
final class DevopsLayout {

    static final String CPU = "cpu";
    static final String TAGS = "tags";
    /** Both tables, cpu first (the order of the disk figure). */
    static final List<String> TABLES = List.of(CPU, TAGS);

    private DevopsLayout() {
    }

    /** A host's {@code tags.id}: its number plus one (TSBS counts ids from 1), the same in every session. */
    static long tagsId(int host) {
        return host + 1L;
    }

    static String createTags(String database) {
        String tags = HostTags.KEYS.stream().map(k -> k + " String").collect(Collectors.joining(", "));
        return "CREATE TABLE " + database + "." + TAGS + " (id UInt32, " + tags + ")"
                + " ENGINE = MergeTree() ORDER BY id";
    }

    /** A request sends {@code time}, {@code tags_id} and the ten fields: created_at is MATERIALIZED. */
    static String createCpu(String database) {
        String fields = CpuBatch.FIELDS.stream().map(f -> f + " Int64").collect(Collectors.joining(", "));
        return "CREATE TABLE " + database + "." + CPU
                + " (created_at DateTime MATERIALIZED toDateTime(intDiv(time, 1000000000)),"
                + " time Int64, tags_id UInt32, " + fields + ") ENGINE = MergeTree() PARTITION BY toYYYYMM(created_at)"
                + " ORDER BY (tags_id, created_at)";
    }

    static String drop(String database, String table) {
        return "DROP TABLE IF EXISTS " + database + "." + table;
    }
}
