package org.tsdbbench.clickhouse;

import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.DevopsQuery;
import org.tsdbbench.common.devops.DevopsQueryType;

/**
 * TSBS's DevOps queries in ClickHouse 18.16's SQL over {@link DevopsLayout}'s tables: TSBS's ClickHouse
 * shapes with tags (named hosts as {@code tags_id IN (SELECT id FROM tags WHERE hostname IN ...)}, the
 * hostname by an ANY INNER JOIN of {@code tags}, buckets by {@code toStartOfMinute} and
 * {@code toStartOfHour}), each with the meaning {@link DevopsQueryType} gives it and returning the
 * hostname first where it has one, then the time in epoch ms, then the values.
 *
 * <p>Common's {@code DevopsSql} reads a hostname column of {@code cpu}, which this layout has not.
 * Buckets are taken in UTC (epoch-aligned whatever the server's time zone); a window is narrowed on
 * {@code created_at}, the sort key's second, and on the exact {@code time} where a bound is not a
 * whole second; row times are {@code intDiv(time, 1000000)}. Every query type is said: none is absent.
 */
final class ClickHouseDevopsSql {

    private static final String FIELDS = String.join(", ", CpuBatch.FIELDS);
    private static final long NS_PER_SECOND = 1_000_000_000L;
    /** A row's time in epoch ms (never named {@code time}: an alias is seen by WHERE, which reads the column). */
    private static final String TIME_MS = "intDiv(time, 1000000) AS time_ms";

    private ClickHouseDevopsSql() {
    }

    static String render(DevopsQuery q) {
        return switch (q.type()) {
            case LASTPOINT -> lastpoint();
            case GROUPBY_ORDERBY_LIMIT -> groupbyOrderbyLimit(q);
            case HIGH_CPU_1, HIGH_CPU_ALL -> highCpu(q);
            case HOST_MINUTE_MAX_FIRST_10 -> singleGroupby(q) + " LIMIT " + q.type().limit();
            case DOUBLE_GROUPBY_1, DOUBLE_GROUPBY_5, DOUBLE_GROUPBY_ALL -> doubleGroupby(q);
            default -> singleGroupby(q);
        };
    }

    /** The five latest minutes before the window's end, over every host. */
    private static String groupbyOrderbyLimit(DevopsQuery q) {
        return "SELECT " + bucketMs(q.type().bucket()) + " AS minute, max(usage_user) FROM cpu"
                + " WHERE " + before(q.windowEndNs()) + " GROUP BY minute ORDER BY minute DESC"
                + " LIMIT " + DevopsQueryType.LIMIT;
    }

    /** TSBS's shape ({@code PREWHERE}), the hostname joined. */
    private static String highCpu(DevopsQuery q) {
        String rows = "SELECT tags_id, " + TIME_MS + ", " + FIELDS + " FROM cpu PREWHERE usage_user > "
                + DevopsQueryType.HIGH_CPU_THRESHOLD + " AND " + window(q) + hosts(q);
        return withHostname(rows, "time_ms, " + FIELDS);
    }

    /** single-groupby, cpu-max-all, minute-max-first-10 (limited): per bucket of the named hosts' rows in a window. */
    private static String singleGroupby(DevopsQuery q) {
        DevopsQueryType type = q.type();
        String bucket = type.bucket().toHours() == 1 ? "hour" : "minute";
        return "SELECT " + bucketMs(type.bucket()) + " AS " + bucket + ", " + aggregates(type) + " FROM cpu"
                + " WHERE " + window(q) + hosts(q) + " GROUP BY " + bucket + " ORDER BY " + bucket;
    }

    /** TSBS's shape: per (host, hour) in cpu, then the hostname joined. */
    private static String doubleGroupby(DevopsQuery q) {
        DevopsQueryType type = q.type();
        String perHost = "SELECT tags_id, " + bucketMs(type.bucket()) + " AS hour, " + aggregates(type) + " FROM cpu"
                + " WHERE " + window(q) + " GROUP BY tags_id, hour";
        return withHostname(perHost, "hour, " + String.join(", ", aliases(type))) + " ORDER BY hour, hostname";
    }

    /** TSBS's shape: the rows whose (host, time) is a host's latest, then the hostname joined. */
    private static String lastpoint() {
        String latest = "SELECT tags_id, " + TIME_MS + ", " + FIELDS + " FROM cpu WHERE (tags_id, time) IN"
                + " (SELECT tags_id, max(time) FROM cpu GROUP BY tags_id)";
        return withHostname(latest, "time_ms, " + FIELDS) + " ORDER BY hostname";
    }

    /** The hostname, then {@code columns} of {@code rows} (a query of cpu that returns tags_id). */
    private static String withHostname(String rows, String columns) {
        return "SELECT hostname, " + columns + " FROM (" + rows + ")"
                + " ANY INNER JOIN (SELECT id AS tags_id, hostname FROM tags) USING tags_id";
    }

    /** The bucket's start of a row's time in epoch ms, epoch-aligned (UTC). */
    private static String bucketMs(Duration bucket) {
        String start = bucket.toHours() == 1 ? "toStartOfHour" : "toStartOfMinute";
        return "toUInt64(" + start + "(created_at, 'UTC')) * 1000";
    }

    /** TSBS's {@code max(usage_user) AS max_usage_user, ...} ({@code avg}, {@code mean_}, for double-groupby). */
    private static String aggregates(DevopsQueryType type) {
        List<String> metrics = type.metrics();
        List<String> aliases = aliases(type);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < metrics.size(); i++) {
            if (i > 0) s.append(", ");
            s.append(type.aggregate()).append('(').append(metrics.get(i)).append(") AS ").append(aliases.get(i));
        }
        return s.toString();
    }

    private static List<String> aliases(DevopsQueryType type) {
        String prefix = type.aggregate().equals("avg") ? "mean_" : "max_";
        return type.metrics().stream().map(m -> prefix + m).toList();
    }

    /** The window {@code [start, end)}. */
    private static String window(DevopsQuery q) {
        long startNs = q.windowStartNs();
        String start = "created_at >= " + second(Math.floorDiv(startNs, NS_PER_SECOND));
        if (Math.floorMod(startNs, NS_PER_SECOND) != 0) start += " AND time >= " + startNs;
        return start + " AND " + before(q.windowEndNs());
    }

    /** The rows before {@code endNs}: {@code created_at} below its second, or up to it and {@code time} below it. */
    private static String before(long endNs) {
        long second = Math.floorDiv(endNs, NS_PER_SECOND);
        if (Math.floorMod(endNs, NS_PER_SECOND) == 0) return "created_at < " + second(second);
        return "created_at <= " + second(second) + " AND time < " + endNs;
    }

    private static String second(long epochSecond) {
        return "toDateTime(" + epochSecond + ")";
    }

    /** {@code AND tags_id IN (...)} of the query's named hosts, else nothing. */
    private static String hosts(DevopsQuery q) {
        List<String> names = q.hostnames();
        if (names.isEmpty()) return "";
        String quoted = names.stream().map(n -> "'" + n + "'").collect(Collectors.joining(", "));
        return " AND tags_id IN (SELECT id FROM tags WHERE hostname IN (" + quoted + "))";
    }
}
