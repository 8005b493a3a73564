package org.tsdbbench.opentsdb;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
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
import org.tsdbbench.common.query.RowShaper;

/**
 * The catalog as {@code /api/query} JSON bodies. Each series is one device, so a catalog function
 * is two steps: a downsampler over all of a series' points ({@code 0all-count}, or {@code 1m-sum}
 * for q4) and an aggregator across the series ({@code zimsum}, {@code mimmax}, {@code mimmin}: the
 * "zero if missing" kinds, never interpolating). Avg is asked as sum and count, spread as max and
 * min, and combined by {@link OpenTsdbResultShaper}; stddev across series cannot be combined from
 * per-series values, so it is absent. {@code devgroup < N} is an anchored regexp filter listing
 * exactly groups 0..N-1. Start is aligned to the downsample interval and end lies past the last
 * point, as OpenTSDB needs. One device (q5) is one series: its function is a single downsampler
 * ({@code 0all-avg}, {@code first}, {@code last}, {@code dev}, {@code p90}); a range (q6) reads both
 * metrics of the device (or every device) between start and end, which OpenTSDB takes inclusive.
 * The IoT catalog is {@link OpenTsdbIotQueries}', TSBS's DevOps queries {@link OpenTsdbDevopsQueries}'.
 */
public final class OpenTsdbDialect implements DeviceDialect, IotDialect, DevopsDialect {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One sub-query of a function: OpenTSDB's aggregator across series and its downsampler. */
    record Part(String aggregator, String downsampler) {
    }

    /** The session's rows are the answer's points: {@link OpenTsdbResultShaper} joins and combines them. */
    @Override
    public RowShaper shaper(LogicalQuery q) {
        return canonical -> new OpenTsdbResultShaper(q, canonical);
    }

    static Optional<List<Part>> parts(Aggregate fn) {
        return switch (fn) {
            case COUNT -> Optional.of(List.of(new Part("zimsum", "count")));
            case SUM -> Optional.of(List.of(new Part("zimsum", "sum")));
            case MAX -> Optional.of(List.of(new Part("mimmax", "max")));
            case MIN -> Optional.of(List.of(new Part("mimmin", "min")));
            case AVG -> Optional.of(List.of(new Part("zimsum", "sum"), new Part("zimsum", "count")));
            case SPREAD -> Optional.of(List.of(new Part("mimmax", "max"), new Part("mimmin", "min")));
            case STDDEV, FIRST, LAST, PERCENTILE -> Optional.empty();
        };
    }

    /** The sub-queries of a q2..q5 query: q5's one series needs no combining. */
    static Optional<List<Part>> parts(LogicalQuery q) {
        if (q.family() != QueryFamily.Q5_DEVICE_FUNCTION) return parts(q.function());
        String downsampler = switch (q.function()) {
            case COUNT -> "count";
            case SUM -> "sum";
            case AVG -> "avg";
            case MAX -> "max";
            case MIN -> "min";
            case FIRST -> "first";
            case LAST -> "last";
            case STDDEV -> "dev";
            case PERCENTILE -> "p" + Aggregate.PERCENTILE_LEVEL;
            case SPREAD -> null;
        };
        // One series: the aggregator across series has a single input and passes it on.
        return Optional.ofNullable(downsampler).map(d -> List.of(new Part("zimsum", d)));
    }

    @Override
    public Optional<String> render(LogicalQuery q, WorkloadSpec spec) {
        if (q.family() == QueryFamily.Q6_RANGE) return Optional.of(range(q));
        ObjectNode body = JSON.createObjectNode();
        long start = q.family() == QueryFamily.Q1_FULL_READ ? spec.startTs() : Math.floorDiv(spec.startTs(), 60_000L) * 60_000L;
        body.put("start", start);
        body.put("end", spec.endTs());
        body.put("msResolution", true);
        body.put("showQuery", true);
        ArrayNode queries = body.putArray("queries");
        if (q.family() == QueryFamily.Q1_FULL_READ) {
            for (String metric : List.of("temperature", "humidity")) {
                ObjectNode sub = queries.addObject();
                sub.put("metric", metric);
                sub.put("aggregator", "none");
                filter(sub, "literal_or", Integer.toString(q.group()), false);
            }
            return Optional.of(body.toString());
        }
        Optional<List<Part>> parts = parts(q);
        if (parts.isEmpty()) return Optional.empty();
        String interval = q.family() == QueryFamily.Q4_GROUP_BY_MINUTE ? "1m" : "0all";
        boolean byGroup = q.family() == QueryFamily.Q3_GROUP_BY_TAG;
        for (Part part : parts.get()) {
            ObjectNode sub = queries.addObject();
            sub.put("metric", "temperature");
            sub.put("aggregator", part.aggregator());
            sub.put("downsample", interval + "-" + part.downsampler());
            if (q.family() == QueryFamily.Q5_DEVICE_FUNCTION) filter(sub, "devid", "literal_or", Integer.toString(q.device()), false);
            else if (!q.allDevices()) filter(sub, "regexp", groupsBelow(q.groupLimit()), byGroup);
            else if (byGroup) filter(sub, "wildcard", "*", true);
        }
        return Optional.of(body.toString());
    }

    private static String range(LogicalQuery q) {
        ObjectNode body = JSON.createObjectNode();
        body.put("start", q.fromTs());
        body.put("end", q.toTs() - 1);
        body.put("msResolution", true);
        body.put("showQuery", true);
        ArrayNode queries = body.putArray("queries");
        for (String metric : List.of("temperature", "humidity")) {
            ObjectNode sub = queries.addObject();
            sub.put("metric", metric);
            sub.put("aggregator", "none");
            if (q.device() != 0) filter(sub, "devid", "literal_or", Integer.toString(q.device()), false);
        }
        return body.toString();
    }

    private static void filter(ObjectNode sub, String type, String value, boolean groupBy) {
        filter(sub, "devgroup", type, value, groupBy);
    }

    private static void filter(ObjectNode sub, String tag, String type, String value, boolean groupBy) {
        ObjectNode f = sub.putArray("filters").addObject();
        f.put("type", type);
        f.put("tagk", tag);
        f.put("filter", value);
        f.put("groupBy", groupBy);
    }

    static String groupsBelow(int limit) {
        StringJoiner alternatives = new StringJoiner("|", "^(", ")$");
        for (int g = 0; g < limit; g++) alternatives.add(Integer.toString(g));
        return alternatives.toString();
    }

    @Override
    public Optional<String> render(IotQuery q, IotSpec spec) {
        return OpenTsdbIotQueries.render(q, spec);
    }

    @Override
    public RowShaper shaper(IotQuery q) {
        return OpenTsdbIotQueries.shaper(q);
    }

    @Override
    public Optional<String> render(DevopsQuery q, DevopsSpec spec) {
        return OpenTsdbDevopsQueries.render(q);
    }

    @Override
    public RowShaper shaper(DevopsQuery q) {
        return OpenTsdbDevopsQueries.shaper(q);
    }

    /**
     * A record is a point per field of its series (its own tags) plus its record point: two records of one
     * series and time are one, the later's points over the earlier's ({@code tsd.storage.fix_duplicates}), a
     * field it leaves null keeping the earlier's point.
     */
    @Override
    public TagModel tagModel() {
        return TagModel.SERIES;
    }
}
