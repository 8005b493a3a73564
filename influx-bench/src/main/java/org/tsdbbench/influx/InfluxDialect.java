package org.tsdbbench.influx;

import java.util.Optional;
import java.util.StringJoiner;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.devops.DevopsDialect;
import org.tsdbbench.common.devops.DevopsQuery;
import org.tsdbbench.common.devops.DevopsSpec;
import org.tsdbbench.common.iot.IotDialect;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.TagModel;
import org.tsdbbench.common.query.Aggregate;
import org.tsdbbench.common.query.DeviceDialect;
import org.tsdbbench.common.query.Dialect;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.query.QueryFamily;
import org.tsdbbench.common.query.ResultSink;
import org.tsdbbench.common.query.RowShaper;

/**
 * The catalog in InfluxQL. Tags are strings, so {@code devgroup < N} (which on a string tag
 * silently matches nothing) becomes an anchored regex listing exactly groups 0..N-1:
 * {@code devgroup =~ /^(0|1|...|9)$/}. (The original tool's regexes selected groups 10..19 where
 * TDengine selected 0..9.) q4 bounds time to the data set, as GROUP BY time() needs. The IoT
 * catalog is {@link InfluxIotQueries}', the DevOps one {@link InfluxDevopsQueries}'.
 */
public final class InfluxDialect implements DeviceDialect, IotDialect, DevopsDialect {

    /**
     * The session's rows are the series' tags ({@code devgroup} first), then {@code time, value...}
     * (see {@link InfluxSession#query}): rows keep time and their values; one value drops time; q3
     * puts the series' devgroup tag first.
     */
    @Override
    public RowShaper shaper(LogicalQuery q) {
        return canonical -> new ResultSink() {
            private double[] out;

            @Override
            public void row(double[] raw) {
                int skip = InfluxSession.SERIES_TAGS.size() + switch (q.family()) {
                    case Q1_FULL_READ, Q4_GROUP_BY_MINUTE, Q6_RANGE -> 0;
                    case Q2_AGGREGATE, Q5_DEVICE_FUNCTION, Q3_GROUP_BY_TAG -> 1;
                };
                boolean group = q.family() == QueryFamily.Q3_GROUP_BY_TAG;
                if (out == null) out = new double[raw.length - skip + (group ? 1 : 0)];
                if (group) out[0] = raw[0];
                System.arraycopy(raw, skip, out, group ? 1 : 0, raw.length - skip);
                canonical.row(out);
            }
        };
    }

    @Override
    public Optional<String> render(LogicalQuery q, WorkloadSpec spec) {
        switch (q.family()) {
            case Q1_FULL_READ -> {
                return Optional.of("SELECT devid, temperature, humidity FROM devices WHERE devgroup = '" + q.group() + "'");
            }
            case Q5_DEVICE_FUNCTION -> {
                return function(q.function()).map(fn -> "SELECT " + fn + " FROM devices WHERE devid = '" + q.device() + "'");
            }
            case Q6_RANGE -> {
                String range = "time >= " + q.fromTs() + "ms AND time < " + q.toTs() + "ms";
                return Optional.of("SELECT devid, temperature, humidity FROM devices WHERE "
                        + (q.device() == 0 ? "" : "devid = '" + q.device() + "' AND ") + range);
            }
            default -> { }
        }
        return function(q.function()).map(fn -> {
            String filter = q.allDevices() ? "" : "devgroup =~ " + groupsBelow(q.groupLimit());
            return switch (q.family()) {
                case Q2_AGGREGATE -> "SELECT " + fn + " FROM devices" + where(filter);
                case Q3_GROUP_BY_TAG -> "SELECT " + fn + " FROM devices" + where(filter) + " GROUP BY devgroup";
                case Q4_GROUP_BY_MINUTE -> "SELECT " + fn + " FROM devices" + where(and(filter, timeRange(spec))) + " GROUP BY time(1m) fill(none)";
                default -> throw new IllegalStateException(q.id());
            };
        });
    }

    @Override
    public Optional<String> render(IotQuery q, IotSpec spec) {
        return InfluxIotQueries.render(q, spec);
    }

    @Override
    public RowShaper shaper(IotQuery q) {
        return InfluxIotQueries.shaper(q);
    }

    @Override
    public Optional<String> render(DevopsQuery q, DevopsSpec spec) {
        return InfluxDevopsQueries.render(q);
    }

    @Override
    public RowShaper shaper(DevopsQuery q) {
        return InfluxDevopsQueries.shaper(q);
    }

    /**
     * InfluxQL's STDDEV is the sample standard deviation (n - 1), not the population one the catalog
     * asks for: reported as absent rather than compared against another statistic.
     */
    static Optional<String> function(Aggregate fn) {
        return switch (fn) {
            case COUNT -> Optional.of("COUNT(temperature)");
            case AVG -> Optional.of("MEAN(temperature)");
            case SUM -> Optional.of("SUM(temperature)");
            case MAX -> Optional.of("MAX(temperature)");
            case MIN -> Optional.of("MIN(temperature)");
            case SPREAD -> Optional.of("SPREAD(temperature)");
            case STDDEV -> Optional.empty();
            case FIRST -> Optional.of("FIRST(temperature)");
            case LAST -> Optional.of("LAST(temperature)");
            // InfluxQL's PERCENTILE picks the value at rank round(n * level / 100): a rank the check accepts.
            case PERCENTILE -> Optional.of("PERCENTILE(temperature, " + Aggregate.PERCENTILE_LEVEL + ")");
        };
    }

    /** An anchored regex matching exactly the decimal strings 0 .. limit-1. */
    static String groupsBelow(int limit) {
        StringJoiner alternatives = new StringJoiner("|", "/^(", ")$/");
        for (int g = 0; g < limit; g++) alternatives.add(Integer.toString(g));
        return alternatives.toString();
    }

    private static String timeRange(WorkloadSpec spec) {
        return "time >= " + spec.startTs() + "ms AND time < " + spec.endTs() + "ms";
    }

    private static String and(String a, String b) {
        return a.isEmpty() ? b : a + " AND " + b;
    }

    private static String where(String filter) {
        return filter.isEmpty() ? "" : " WHERE " + filter;
    }

    /**
     * A record is a point of its series (its own tags): two records of one series and time are one point, the
     * later's fields over the earlier's (InfluxDB's documented merge).
     */
    @Override
    public TagModel tagModel() {
        return TagModel.SERIES;
    }
}
