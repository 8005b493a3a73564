package org.tsdbbench.mysql;

import java.util.List;
import java.util.stream.Collectors;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.HostTags;

/**
 * TSBS's DevOps hosts (cpu-only) in InnoDB, TSBS's TimescaleDB loader layout as the IoT trucks take it
 * ({@link IotSchema}): a {@code cpu_tags} table with a row per host, unique by hostname, and the
 * {@code cpu} table whose rows refer to their host's row by {@code tags_id}, clustered by
 * {@code (tags_id, ts)}. {@code ts} is a BIGINT of epoch nanoseconds, the fields BIGINTs (the
 * workload's integers); tags compare byte by byte ({@code utf8mb4_bin}).
 */
final class CpuSchema {

    static final String TAGS = "cpu_tags";
    static final String CPU = "cpu";
    /** The tag columns of {@code cpu_tags}, in {@link HostTags#KEYS} order (hostname first). */
    static final String TAG_COLUMNS = String.join(",", HostTags.KEYS);
    /** The columns a write sends for {@code cpu}, in order: the time, the host's tags row, the fields. */
    static final String CPU_COLUMNS = "ts,tags_id," + String.join(",", CpuBatch.FIELDS);
    /** The longest tag value stored (TSBS's are at most 15 characters); a longer one is refused, not cut. */
    static final int TAG_LENGTH = 64;

    private CpuSchema() {
    }

    static List<String> drop() {
        return List.of("DROP TABLE IF EXISTS " + CPU, "DROP TABLE IF EXISTS " + TAGS);
    }

    static List<String> create() {
        String tags = HostTags.KEYS.stream().map(k -> k + " VARCHAR(" + TAG_LENGTH + ") NOT NULL")
                .collect(Collectors.joining(", "));
        String fields = CpuBatch.FIELDS.stream().map(f -> f + " BIGINT NOT NULL").collect(Collectors.joining(", "));
        return List.of(
                "CREATE TABLE " + TAGS + " (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, " + tags
                        + ", UNIQUE KEY hostname (hostname))"
                        + " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin",
                "CREATE TABLE " + CPU + " (ts BIGINT NOT NULL, tags_id INT NOT NULL, " + fields
                        + ", PRIMARY KEY (tags_id, ts)) ENGINE=InnoDB");
    }
}
