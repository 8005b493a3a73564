package org.tsdbbench.timescaledb;

import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.DevopsQuery;
import org.tsdbbench.common.devops.DevopsQueryType;
import org.tsdbbench.common.devops.DevopsSql;

/**
 * The DevOps queries in TimescaleDB's SQL over {@link DevopsTables}' layout, in TSBS's shapes for its
 * tags table: hosts named through {@code tags_id IN (SELECT id FROM tags WHERE hostname IN (...))},
 * minutes and hours as {@code time_bucket}, double-groupby's means per tags row joined to the
 * hostname after, lastpoint each tags row's latest row through a {@code LATERAL} join on the
 * {@code (tags_id, time DESC)} index, high-cpu's rows joined to their hostname. A host has one tags
 * row (its tag set is fixed), so per tags row is per hostname. Times go out as epoch milliseconds.
 */
final class TimescaleDevopsSql extends DevopsSql {

    /** Unused by {@link #render}, which groups on the bucket itself and converts it after (see {@link #inMs}). */
    @Override
    protected String bucketMs(Duration bucket) {
        return timeMs(timeBucket(bucket, time()));
    }

    @Override
    protected String timeMs(String column) {
        return "(extract(epoch FROM " + column + ") * 1000)::float8";
    }

    @Override
    protected String timeLiteral(long epochMs) {
        return "'" + TimestampText.of(epochMs) + "'";
    }

    @Override
    protected String from() {
        return DevopsTables.CPU;
    }

    @Override
    protected String hosts(DevopsQuery q) {
        List<String> names = q.hostnames();
        if (names.isEmpty()) return "";
        return " AND tags_id IN (SELECT id FROM " + DevopsTables.TAGS + " WHERE hostname IN ("
                + names.stream().map(n -> "'" + n + "'").collect(Collectors.joining(", ")) + "))";
    }

    @Override
    public String render(DevopsQuery q) {
        DevopsQueryType type = q.type();
        return switch (type) {
            case LASTPOINT -> lastpoint();
            case HIGH_CPU_1, HIGH_CPU_ALL -> highCpu(q);
            case DOUBLE_GROUPBY_1, DOUBLE_GROUPBY_5, DOUBLE_GROUPBY_ALL -> doubleGroupBy(q);
            case GROUPBY_ORDERBY_LIMIT -> inMs(type, "SELECT " + bucket(type) + ", " + aggregates(type, "max")
                    + " FROM " + from() + " WHERE " + time() + " < " + timeLiteral(q.windowEndNs() / 1_000_000L)
                    + " GROUP BY 1 ORDER BY 1 DESC LIMIT " + DevopsQueryType.LIMIT);
            case HOST_MINUTE_MAX_FIRST_10 -> inMs(type, "SELECT " + bucket(type) + ", " + aggregates(type, "max")
                    + " FROM " + from() + " WHERE " + window(q) + hosts(q) + " GROUP BY 1 ORDER BY 1 LIMIT "
                    + type.limit());
            default -> inMs(type, "SELECT " + bucket(type) + ", " + aggregates(type, "max") + " FROM "
                    + from() + " WHERE " + window(q) + hosts(q) + " GROUP BY 1 ORDER BY 1");
        };
    }

    /** TSBS's {@code SELECT * ... WHERE usage_user > 90}, each row joined to its hostname. */
    private String highCpu(DevopsQuery q) {
        return "SELECT t.hostname, " + timeMs("c.time") + ", " + fields("c.") + " FROM " + from() + " c JOIN "
                + DevopsTables.TAGS + " t ON t.id = c.tags_id WHERE c.usage_user > "
                + DevopsQueryType.HIGH_CPU_THRESHOLD + " AND " + window(q) + hosts(q);
    }

    /**
     * TSBS's query of a grouping type, its rows then read with the bucket in epoch milliseconds: the
     * groups stay on {@code time_bucket}, whose order TimescaleDB walks chunk by chunk (a LIMIT stops
     * early).
     */
    private String inMs(DevopsQueryType type, String tsbs) {
        return "SELECT " + valueColumns(type) + " FROM (" + tsbs + ") tsbs";
    }

    /** TSBS's: the means per (hour, tags row) first, then each joined to its hostname. */
    private String doubleGroupBy(DevopsQuery q) {
        DevopsQueryType type = q.type();
        String hour = type.columns().values().get(0);
        return "WITH cpu_avg AS (SELECT " + bucket(type) + ", tags_id, " + aggregates(type, "avg") + " FROM "
                + from() + " WHERE " + window(q) + " GROUP BY 1, 2) SELECT t.hostname, " + valueColumns(type)
                + " FROM cpu_avg JOIN " + DevopsTables.TAGS + " t ON cpu_avg.tags_id = t.id ORDER BY " + hour
                + ", t.hostname";
    }

    /** TSBS's: per tags row its latest row through the index, then one per hostname ({@code DISTINCT ON}). */
    @Override
    protected String lastpoint() {
        return "SELECT DISTINCT ON (t.hostname) t.hostname, " + timeMs("b.time") + ", " + fields("b.") + " FROM "
                + DevopsTables.TAGS + " t INNER JOIN LATERAL (SELECT * FROM " + from()
                + " c WHERE c.tags_id = t.id ORDER BY c.time DESC LIMIT 1) b ON true ORDER BY t.hostname, b.time DESC";
    }

    /** The type's bucket of the time column, named as its time column ({@code minute}, {@code hour}). */
    private String bucket(DevopsQueryType type) {
        return timeBucket(type.bucket(), time()) + " AS " + type.columns().values().get(0);
    }

    /** {@code max(usage_user) AS max_usage_user, ...} over the type's metrics, named as its value columns. */
    private static String aggregates(DevopsQueryType type, String aggregate) {
        List<String> values = type.columns().values();
        List<String> metrics = type.metrics();
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < metrics.size(); i++) {
            s.append(i == 0 ? "" : ", ").append(aggregate).append('(').append(metrics.get(i)).append(") AS ")
                    .append(values.get(i + 1));
        }
        return s.toString();
    }

    /** The type's value columns by name, the first (the bucket) in epoch milliseconds. */
    private String valueColumns(DevopsQueryType type) {
        List<String> values = type.columns().values();
        List<String> rest = values.subList(1, values.size());
        return timeMs(values.get(0)) + (rest.isEmpty() ? "" : ", " + String.join(", ", rest));
    }

    private static String fields(String alias) {
        return CpuBatch.FIELDS.stream().map(f -> alias + f).collect(Collectors.joining(", "));
    }

    private static String timeBucket(Duration bucket, String column) {
        return "time_bucket('" + bucket.toSeconds() + " seconds', " + column + ")";
    }
}
