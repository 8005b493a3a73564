package org.tsdbbench.influx;

import java.time.Duration;
import java.util.Optional;
import java.util.stream.Collectors;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.DevopsQuery;
import org.tsdbbench.common.devops.DevopsQueryType;
import org.tsdbbench.common.query.ResultSink;
import org.tsdbbench.common.query.RowShaper;

/**
 * TSBS's DevOps queries in InfluxQL with the meaning {@link DevopsQueryType} gives each: TSBS's shapes
 * (its influx devops.go) with {@code fill(none)}, so that a bucket without rows gives no row, the
 * per-host ones grouped by hostname, and groupby-orderby-limit ordered by time descending (TSBS's text
 * returns the five earliest minutes); report D's minute-max-first-10 with {@code LIMIT 10}, buckets coming in time
 * order. None is absent (the module's README, "DevOps").
 */
final class InfluxDevopsQueries {

    private static final int TAGS = InfluxSession.SERIES_TAGS.size();
    private static final int HOSTNAME = InfluxSession.SERIES_TAGS.indexOf("hostname");
    private static final String ALL_FIELDS = String.join(", ", CpuBatch.FIELDS);

    private InfluxDevopsQueries() {
    }

    static Optional<String> render(DevopsQuery q) {
        DevopsQueryType type = q.type();
        return Optional.of(switch (type) {
            // The series of a hostname, newest first, one point each: its latest row, every field.
            case LASTPOINT -> "SELECT " + ALL_FIELDS + " FROM cpu GROUP BY hostname ORDER BY time DESC LIMIT 1";
            // No lower bound, as TSBS's: InfluxDB buckets from the earliest point; fill(none) skips empty minutes.
            case GROUPBY_ORDERBY_LIMIT -> "SELECT max(usage_user) FROM cpu WHERE time < " + ms(q.windowEndNs())
                    + " GROUP BY time(" + interval(type.bucket()) + ") fill(none)"
                    + " ORDER BY time DESC LIMIT " + DevopsQueryType.LIMIT;
            // Report D's: InfluxQL returns buckets in time order, so LIMIT keeps the first ten minutes.
            case HOST_MINUTE_MAX_FIRST_10 -> "SELECT max(usage_user) FROM cpu WHERE " + window(q) + hosts(q)
                    + " GROUP BY time(" + interval(type.bucket()) + ") fill(none) LIMIT " + type.limit();
            case HIGH_CPU_1, HIGH_CPU_ALL -> "SELECT " + ALL_FIELDS + " FROM cpu"
                    + " WHERE usage_user > " + DevopsQueryType.HIGH_CPU_THRESHOLD + hosts(q) + " AND " + window(q)
                    + " GROUP BY hostname";
            default -> {
                String fn = type.aggregate().equals("avg") ? "mean" : "max";
                String aggregates = type.metrics().stream().map(m -> fn + "(" + m + ")")
                        .collect(Collectors.joining(", "));
                yield "SELECT " + aggregates + " FROM cpu WHERE " + window(q) + hosts(q)
                        + " GROUP BY time(" + interval(type.bucket()) + ")" + (type.perHost() ? ", hostname" : "")
                        + " fill(none)";
            }
        });
    }

    /**
     * The session's rows ({@link InfluxSession#SERIES_TAGS}, then {@code time, value...}) as the type's
     * columns: the series' hostname tag where the type has it, then the time and the values.
     */
    static RowShaper shaper(DevopsQuery q) {
        boolean perHost = q.type().perHost();
        int values = q.type().columns().values().size();
        return canonical -> new ResultSink() {
            private final double[] v = new double[values];
            private final String[] t = new String[perHost ? 1 : 0];

            @Override
            public void row(double[] raw) {
                row(raw, new String[raw.length]);
            }

            @Override
            public void row(double[] raw, String[] rawTexts) {
                if (raw.length != TAGS + values) {
                    // Another width passes as it came, for the check to name.
                    canonical.row(raw, rawTexts);
                    return;
                }
                if (perHost) t[0] = rawTexts[HOSTNAME];
                System.arraycopy(raw, TAGS, v, 0, values);
                canonical.row(v, t);
            }

            @Override
            public void end() {
                canonical.end();
            }
        };
    }

    /** {@code time >= start AND time < end}, the window's bounds in ms. */
    private static String window(DevopsQuery q) {
        return "time >= " + ms(q.windowStartNs()) + " AND time < " + ms(q.windowEndNs());
    }

    /** {@code AND (hostname = 'host_3' OR ...)} for a query that names hosts, as TSBS writes it; else nothing. */
    private static String hosts(DevopsQuery q) {
        if (q.hostnames().isEmpty()) return "";
        return " AND (" + q.hostnames().stream().map(h -> "hostname = '" + h + "'")
                .collect(Collectors.joining(" OR ")) + ")";
    }

    /** A time literal: whole milliseconds (the catalog's windows are). */
    private static String ms(long ns) {
        return ns / 1_000_000L + "ms";
    }

    /** A GROUP BY time() interval: {@code 1m}, {@code 1h}. */
    private static String interval(Duration bucket) {
        long minutes = bucket.toMinutes();
        return minutes % 60 == 0 ? minutes / 60 + "h" : minutes + "m";
    }
}
