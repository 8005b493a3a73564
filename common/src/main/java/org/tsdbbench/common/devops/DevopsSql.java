package org.tsdbbench.common.devops;

import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.tsdbbench.common.query.RowShaper;
import org.tsdbbench.common.workload.TextsFirst;

/**
 * TSBS's DevOps queries in SQL, with the meaning {@link DevopsQueryType} gives each, for a database
 * whose {@code cpu} table has a hostname column beside the time and the ten fields: TSBS's shapes
 * (its TimescaleDB queries), each returning the hostname first where the type has it, then the time
 * (epoch milliseconds) and the values, each a number ({@link #shaper}). A module says its own time
 * functions ({@link #bucketMs}, {@link #timeMs}, {@link #timeLiteral}) and overrides a shape its
 * database says better (TimescaleDB's {@code DISTINCT ON} for lastpoint).
 */
public abstract class DevopsSql {

    /** The bucket's start of a row's time, in epoch milliseconds, as a number: {@code time_bucket}, {@code toStartOfMinute}, ... */
    protected abstract String bucketMs(Duration bucket);

    /** The time column {@code column} (the time column, perhaps with a table alias) in epoch milliseconds, as a number. */
    protected abstract String timeMs(String column);

    /** A time to compare the time column with, in the database's literal form. */
    protected abstract String timeLiteral(long epochMs);

    /** The time column. */
    protected String time() {
        return "time";
    }

    /** The table the rows are read from. */
    protected String from() {
        return "cpu";
    }

    /** The mean of a field as a double (a database whose avg of integers is a decimal casts here). */
    protected String mean(String field) {
        return "avg(" + field + ")";
    }

    /** The query in this SQL. */
    public String render(DevopsQuery q) {
        DevopsQueryType type = q.type();
        return switch (type) {
            case LASTPOINT -> lastpoint();
            case GROUPBY_ORDERBY_LIMIT -> "SELECT " + bucketMs(type.bucket()) + " AS bucket, max(usage_user) FROM " + from() + " WHERE " + time() + " < "
                    + timeLiteral(q.windowEndNs() / 1_000_000L) + " GROUP BY bucket ORDER BY bucket DESC LIMIT " + DevopsQueryType.LIMIT;
            case HOST_MINUTE_MAX_FIRST_10 -> firstMinutes(q);
            case HIGH_CPU_1, HIGH_CPU_ALL -> "SELECT hostname, " + timeMs(time()) + ", " + String.join(", ", CpuBatch.FIELDS) + " FROM " + from()
                    + " WHERE usage_user > " + DevopsQueryType.HIGH_CPU_THRESHOLD + " AND " + window(q) + hosts(q);
            default -> {
                String aggregates = type.metrics().stream().map(m -> type.aggregate().equals("avg") ? mean(m) : "max(" + m + ")").collect(Collectors.joining(", "));
                String host = type.perHost() ? "hostname, " : "";
                yield "SELECT " + host + bucketMs(type.bucket()) + " AS bucket, " + aggregates + " FROM " + from() + " WHERE " + window(q) + hosts(q)
                        + " GROUP BY " + host + "bucket ORDER BY " + host + "bucket";
            }
        };
    }

    /** Report D's: per minute of host_0's span max(usage_user), the first ten minutes in time order. */
    protected String firstMinutes(DevopsQuery q) {
        DevopsQueryType type = q.type();
        return "SELECT " + bucketMs(type.bucket()) + " AS bucket, max(usage_user) FROM " + from() + " WHERE "
                + window(q) + hosts(q) + " GROUP BY bucket ORDER BY bucket LIMIT " + type.limit();
    }

    /** Per hostname its latest row: the rows whose time is their host's greatest. */
    protected String lastpoint() {
        return "SELECT c.hostname, " + timeMs("c." + time()) + ", " + CpuBatch.FIELDS.stream().map(f -> "c." + f).collect(Collectors.joining(", "))
                + " FROM " + from() + " c JOIN (SELECT hostname, max(" + time() + ") AS latest FROM " + from() + " GROUP BY hostname) l"
                + " ON c.hostname = l.hostname AND c." + time() + " = l.latest";
    }

    /** The query's window: {@code time >= start AND time < end}. */
    protected String window(DevopsQuery q) {
        return time() + " >= " + timeLiteral(q.windowStartMs()) + " AND " + time() + " < " + timeLiteral(q.windowEndNs() / 1_000_000L);
    }

    /** {@code AND hostname IN (...)} for a query that names hosts, else nothing. */
    protected String hosts(DevopsQuery q) {
        List<String> names = q.hostnames();
        if (names.isEmpty()) return "";
        return " AND hostname IN (" + names.stream().map(n -> "'" + n + "'").collect(Collectors.joining(", ")) + ")";
    }

    /** The rows as the check reads them: the hostname apart from the numbers. */
    public static RowShaper shaper(DevopsQuery q) {
        return TextsFirst.of(q.type().columns());
    }
}
