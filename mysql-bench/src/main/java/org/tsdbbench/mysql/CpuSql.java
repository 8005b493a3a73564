package org.tsdbbench.mysql;

import java.time.Duration;
import java.util.stream.Collectors;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.DevopsQuery;
import org.tsdbbench.common.devops.DevopsQueryType;
import org.tsdbbench.common.devops.DevopsSql;

/**
 * The DevOps queries in MariaDB's SQL over {@link CpuSchema}'s layout, TSBS's TimescaleDB shapes for
 * its tags table: named hosts as {@code tags_id IN (SELECT id FROM cpu_tags WHERE hostname IN (...))};
 * double-groupby grouped by {@code tags_id}, then joined to {@code cpu_tags} for the hostname; each
 * host's latest row from the primary key in place of {@code LATERAL}. {@code ts} is in epoch
 * nanoseconds (after 1970: {@code DIV} truncates), returned in milliseconds; a mean is a double.
 */
final class CpuSql extends DevopsSql {

    private static final String CPU = CpuSchema.CPU;
    private static final String TAGS = CpuSchema.TAGS;
    /** The fields of {@code cpu} aliased {@code c}. */
    private static final String FIELDS = CpuBatch.FIELDS.stream().map(f -> "c." + f).collect(Collectors.joining(", "));

    @Override
    protected String time() {
        return "ts";
    }

    @Override
    protected String from() {
        return CPU;
    }

    @Override
    protected String bucketMs(Duration bucket) {
        return time() + " DIV " + bucket.toNanos() + " * " + bucket.toMillis();
    }

    @Override
    protected String timeMs(String column) {
        return column + " DIV 1000000";
    }

    @Override
    protected String timeLiteral(long epochMs) {
        return String.valueOf(Math.multiplyExact(epochMs, 1_000_000L));
    }

    /**
     * A double mean: AVG of a BIGINT would be a DECIMAL, so each value is cast (exact below 2^53) and
     * summed as a double, exact while the sum stays below 2^53; faster here than casting AVG's DECIMAL.
     */
    @Override
    protected String mean(String field) {
        return "avg(CAST(" + field + " AS DOUBLE))";
    }

    @Override
    protected String hosts(DevopsQuery q) {
        if (q.hostnames().isEmpty()) return "";
        return " AND tags_id IN (SELECT id FROM " + TAGS + " WHERE hostname IN ("
                + q.hostnames().stream().map(n -> "'" + n + "'").collect(Collectors.joining(", ")) + "))";
    }

    @Override
    public String render(DevopsQuery q) {
        return switch (q.type()) {
            case DOUBLE_GROUPBY_1, DOUBLE_GROUPBY_5, DOUBLE_GROUPBY_ALL -> doubleGroupby(q);
            case HIGH_CPU_1, HIGH_CPU_ALL -> highCpu(q);
            default -> super.render(q);
        };
    }

    /** The rows over the threshold with their hostname; the two tables' column names differ, so none is qualified. */
    private String highCpu(DevopsQuery q) {
        return "SELECT hostname, " + timeMs(time()) + ", " + String.join(", ", CpuBatch.FIELDS)
                + " FROM " + CPU + " JOIN " + TAGS + " ON " + TAGS + ".id = tags_id"
                + " WHERE usage_user > " + DevopsQueryType.HIGH_CPU_THRESHOLD + " AND " + window(q) + hosts(q);
    }

    /** Per (tags row, hour) the means, then each tags row's hostname (one row per host: hostname is unique). */
    private String doubleGroupby(DevopsQuery q) {
        DevopsQueryType type = q.type();
        String means = type.metrics().stream().map(m -> mean(m) + " AS mean_" + m).collect(Collectors.joining(", "));
        String columns = type.metrics().stream().map(m -> "a.mean_" + m).collect(Collectors.joining(", "));
        return "SELECT t.hostname, a.hour, " + columns
                + " FROM (SELECT tags_id, " + bucketMs(type.bucket()) + " AS hour, " + means
                + " FROM " + CPU + " WHERE " + window(q) + " GROUP BY tags_id, hour) a"
                + " JOIN " + TAGS + " t ON t.id = a.tags_id ORDER BY t.hostname, a.hour";
    }

    /**
     * Each tags row's latest time from the primary key {@code (tags_id, ts)} (a loose index scan), its
     * row joined back by that key, and its hostname; STRAIGHT_JOIN keeps that order, as for the trucks.
     */
    @Override
    protected String lastpoint() {
        return "SELECT t.hostname, " + timeMs("c.ts") + ", " + FIELDS
                + " FROM (SELECT tags_id, max(ts) AS ts FROM " + CPU + " GROUP BY tags_id) m"
                + " STRAIGHT_JOIN " + TAGS + " t ON t.id = m.tags_id"
                + " STRAIGHT_JOIN " + CPU + " c ON c.tags_id = m.tags_id AND c.ts = m.ts";
    }
}
