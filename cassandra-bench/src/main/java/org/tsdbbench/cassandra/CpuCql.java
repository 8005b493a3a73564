package org.tsdbbench.cassandra;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.DevopsQuery;
import org.tsdbbench.common.devops.DevopsQueryType;
import org.tsdbbench.common.devops.HostTags;

/**
 * TSBS's DevOps hosts (cpu-only) in CQL: the layout of {@code cpu} and the catalog's queries with the
 * meaning {@link DevopsQueryType} gives each, said by Cassandra alone, or absent.
 *
 * <p>Layout. Partition key {@code hostname}, clustering {@code time DESC}, the ten fields as bigint
 * columns, the host's nine other tags as static columns (stored once per partition, as TSBS's SQL
 * targets keep a host's tags once). A host's rows are one partition in time order: a window of one
 * host is a slice, {@code GROUP BY floor(time, 1m)} groups it, and its first row is its latest.
 *
 * <p>Queries. CQL groups only by a primary-key prefix, with {@code floor} on the last clustering
 * column, and a partition key restricted by {@code IN} must be grouped by too: a group spans one
 * partition. A per-minute or per-hour aggregate over several hosts (the 8-host queries,
 * groupby-orderby-limit) would need the client to merge the hosts' groups, so it is absent. Report D's
 * minute-max-first-10 is one host's: its partition read oldest first ({@code ORDER BY time ASC}), the first ten
 * groups ({@code LIMIT 10}, which counts groups).
 */
final class CpuCql {

    static final String TABLE = "cpu";
    /** The tags after the hostname (the partition key), stored as static columns. */
    static final List<String> STATIC_TAGS = HostTags.KEYS.subList(1, HostTags.KEYS.size());
    /** The bind position of the first field, then of the first static tag: hostname and time come first. */
    static final int FIRST_FIELD = 2;
    static final int FIRST_TAG = FIRST_FIELD + CpuBatch.FIELD_COUNT;

    private static final String FIELDS = String.join(", ", CpuBatch.FIELDS);

    private CpuCql() {
    }

    /** The columns in the INSERT's order: hostname, time, the ten fields, the nine static tags. */
    static List<String> columns() {
        List<String> c = new ArrayList<>(List.of("hostname", "time"));
        c.addAll(CpuBatch.FIELDS);
        c.addAll(STATIC_TAGS);
        return c;
    }

    static String create(String keyspace) {
        StringBuilder s = new StringBuilder("CREATE TABLE ").append(keyspace).append('.').append(TABLE)
                .append(" (hostname text, time timestamp");
        for (String f : CpuBatch.FIELDS) s.append(", ").append(f).append(" bigint");
        for (String t : STATIC_TAGS) s.append(", ").append(t).append(" text static");
        return s.append(", PRIMARY KEY ((hostname), time)) WITH CLUSTERING ORDER BY (time DESC)").toString();
    }

    static String drop(String keyspace) {
        return "DROP TABLE IF EXISTS " + keyspace + "." + TABLE;
    }

    static String insert(String keyspace) {
        List<String> c = columns();
        return "INSERT INTO " + keyspace + "." + TABLE + " (" + String.join(", ", c) + ") VALUES ("
                + String.join(", ", Collections.nCopies(c.size(), "?")) + ")";
    }

    /** Whether Cassandra says the type with its meaning: every group within one partition (one host). */
    static boolean says(DevopsQueryType type) {
        return type.bucket() == null || type.perHost() || type.hosts() == 1;
    }

    /** The ids of the types Cassandra cannot say: their groups span hosts. */
    static String absent() {
        return Arrays.stream(DevopsQueryType.values()).filter(t -> !says(t)).map(DevopsQueryType::id)
                .collect(Collectors.joining(", "));
    }

    static Optional<String> render(DevopsQuery q) {
        DevopsQueryType type = q.type();
        if (!says(type)) return Optional.empty();
        String from = " FROM " + TABLE;
        String rows = "SELECT hostname, time, " + FIELDS + from;
        // The first row of a partition is its host's latest (time DESC).
        if (type == DevopsQueryType.LASTPOINT) return Optional.of(rows + " PER PARTITION LIMIT 1");
        String host = q.hostnames().isEmpty() ? "" : "hostname = '" + q.hostnames().get(0) + "' AND ";
        long endMs = q.windowEndNs() / 1_000_000L;
        String window = " WHERE " + host + "time >= " + q.windowStartMs() + " AND time < " + endMs;
        if (type.bucket() == null) {
            // Integer fields: usage_user > 90.0 is usage_user > 90 (CQL refuses a float constant for a bigint).
            long threshold = (long) Math.floor(DevopsQueryType.HIGH_CPU_THRESHOLD);
            return Optional.of(rows + window + " AND usage_user > " + threshold + " ALLOW FILTERING");
        }
        String bucket = "floor(time, " + duration(type.bucket()) + ")";
        String aggregates = type.metrics().stream()
                .map(m -> type.aggregate().equals("avg") ? "avg(CAST(" + m + " AS double))" : "max(" + m + ")")
                .collect(Collectors.joining(", "));
        if (type.perHost()) {
            // Every host: a time range without the partition key is a filter.
            return Optional.of("SELECT hostname, " + bucket + ", " + aggregates + from + window
                    + " GROUP BY hostname, " + bucket + " ALLOW FILTERING");
        }
        // One host: the partition key restricted by equality need not be grouped by.
        String oneHost = "SELECT " + bucket + ", " + aggregates + from + window + " GROUP BY " + bucket;
        // minute-max-first-10: the partition read oldest first (against its clustering order), the first ten groups.
        if (type.limit() > 0) return Optional.of(oneHost + " ORDER BY time ASC LIMIT " + type.limit());
        return Optional.of(oneHost);
    }

    /** A CQL duration literal of whole hours or minutes. */
    static String duration(Duration d) {
        return d.toMinutes() % 60 == 0 ? d.toHours() + "h" : d.toMinutes() + "m";
    }
}
