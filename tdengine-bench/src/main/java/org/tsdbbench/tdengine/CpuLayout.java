package org.tsdbbench.tdengine;

import java.time.Instant;
import java.util.List;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.HostTags;

/**
 * TSBS's TDengine layout of the DevOps hosts (cpu-only): a database of its own ({@code <database>_devops}),
 * the super table {@code cpu} with the ten usage fields as BIGINT and the ten host tags, and one sub-table
 * per host named by its hostname ({@code host_<n>}), created with the host's tags on its first insert.
 * See the module README, "TSBS DevOps (cpu-only)".
 */
final class CpuLayout {

    /** The hosts' tags as TSBS's TDengine loader types a text tag. */
    static final String TAG_TYPE = "VARCHAR(30)";

    private final String database;

    CpuLayout(String devicesDatabase) {
        this.database = devicesDatabase + "_devops";
    }

    String database() {
        return database;
    }

    /** The super table, qualified with the DevOps database (every DevOps statement names it so). */
    String table() {
        return database + ".cpu";
    }

    /** A host's sub-table, qualified: its hostname, as TSBS's TDengine loader names it. */
    String subTable(String hostname) {
        return database + "." + hostname;
    }

    /**
     * The database: milliseconds as TSBS's loader; 100 years' KEEP since TSBS's data starts in 2016
     * (TDengine's default 10 years refuses such rows); the last-row cache, which taosdata's TSBS scripts
     * turn on before the queries.
     */
    String createDatabase(Integer replica) {
        return "CREATE DATABASE " + database + " PRECISION 'ms' KEEP " + IotLayout.KEEP + " CACHEMODEL 'last_row'"
                + (replica == null ? "" : " REPLICA " + replica);
    }

    String createSuperTable() {
        StringBuilder s = new StringBuilder("CREATE STABLE ").append(table()).append(" (ts TIMESTAMP");
        for (String f : CpuBatch.FIELDS) s.append(", ").append(f).append(" BIGINT");
        s.append(") TAGS (");
        List<String> tags = HostTags.KEYS.stream().map(t -> t + " " + TAG_TYPE).toList();
        return s.append(String.join(", ", tags)).append(')').toString();
    }

    /** The layout for the manifest. */
    List<String> described() {
        return List.of(createDatabase(null), createSuperTable(),
                "one sub-table per host, named by its hostname, created on its first insert");
    }

    /**
     * A row's time in the database's milliseconds; a finer time is an IllegalArgumentException (rounded, it
     * could overwrite another row).
     */
    static long millis(long ns) {
        if (ns % 1_000_000 != 0) {
            throw new IllegalArgumentException("a cpu row at " + Instant.ofEpochSecond(0, ns) + " has a time finer"
                    + " than the DevOps database's millisecond precision (TSBS's TDengine loader's)");
        }
        return ns / 1_000_000;
    }
}
