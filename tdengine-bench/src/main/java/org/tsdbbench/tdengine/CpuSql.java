package org.tsdbbench.tdengine;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.DevopsQuery;
import org.tsdbbench.common.devops.DevopsQueryType;

/**
 * TSBS's fifteen DevOps queries and report D's minute-max-first-10 in TDengine 3.x's SQL over {@link CpuLayout},
 * each with the meaning {@link DevopsQueryType} gives it, the hostname first where the type has it, then the
 * time, then the values.
 * Not {@link org.tsdbbench.common.devops.DevopsSql}'s shapes: TDengine buckets with {@code INTERVAL} (windows
 * aligned to the epoch for minutes and hours; a window without rows gives no row) and {@code _wstart}, groups
 * per host with {@code PARTITION BY hostname}, and takes a host's latest row with {@code LAST_ROW} (every
 * column from the one row of the greatest time). Hosts are named as TSBS's TDengine queries name them,
 * {@code tbname IN (...)}: a host's sub-table is named by its hostname. Windows are {@code ts >= start AND ts < end}.
 */
final class CpuSql {

    private final CpuLayout layout;

    CpuSql(CpuLayout layout) {
        this.layout = layout;
    }

    String render(DevopsQuery q) {
        DevopsQueryType type = q.type();
        String from = " FROM " + layout.table();
        return switch (type) {
            case LASTPOINT -> "SELECT hostname, LAST_ROW(ts), " + each("LAST_ROW", CpuBatch.FIELDS) + from
                    + " PARTITION BY hostname";
            case GROUPBY_ORDERBY_LIMIT -> "SELECT _wstart, MAX(usage_user)" + from + " WHERE ts < " + endMs(q)
                    + interval(type) + " ORDER BY _wstart DESC LIMIT " + DevopsQueryType.LIMIT;
            case HOST_MINUTE_MAX_FIRST_10 -> "SELECT _wstart, MAX(usage_user)" + from + " WHERE " + window(q) + hosts(q)
                    + interval(type) + " ORDER BY _wstart LIMIT " + type.limit();
            case HIGH_CPU_1, HIGH_CPU_ALL -> "SELECT hostname, ts, " + String.join(", ", CpuBatch.FIELDS) + from
                    + " WHERE usage_user > " + DevopsQueryType.HIGH_CPU_THRESHOLD + " AND " + window(q) + hosts(q);
            default -> {
                // single-groupby, cpu-max-all: per bucket over the hosts named; double-groupby: per host and bucket.
                String host = type.perHost() ? "hostname, " : "";
                String aggregates = each(type.aggregate().toUpperCase(Locale.ROOT), type.metrics());
                yield "SELECT " + host + "_wstart, " + aggregates + from + " WHERE " + window(q) + hosts(q)
                        + (type.perHost() ? " PARTITION BY hostname" : "") + interval(type);
            }
        };
    }

    private static String each(String function, List<String> fields) {
        return fields.stream().map(f -> function + "(" + f + ")").collect(Collectors.joining(", "));
    }

    /** The type's bucket, a minute or an hour: {@code INTERVAL(1m)}, {@code INTERVAL(1h)}. */
    private static String interval(DevopsQueryType type) {
        Duration bucket = type.bucket();
        return " INTERVAL(" + (bucket.toMinutes() % 60 == 0 ? bucket.toHours() + "h" : bucket.toMinutes() + "m") + ")";
    }

    private static long endMs(DevopsQuery q) {
        return Math.floorDiv(q.windowEndNs(), 1_000_000L);
    }

    private static String window(DevopsQuery q) {
        return "ts >= " + q.windowStartMs() + " AND ts < " + endMs(q);
    }

    /** {@code AND tbname IN (...)} for a query that names hosts, else nothing. */
    private static String hosts(DevopsQuery q) {
        if (q.hosts().isEmpty()) return "";
        return " AND tbname IN (" + q.hostnames().stream().map(h -> "'" + h + "'").collect(Collectors.joining(", "))
                + ")";
    }
}
