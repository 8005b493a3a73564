package org.tsdbbench.opentsdb;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.Optional;
import org.tsdbbench.common.devops.DevopsQuery;
import org.tsdbbench.common.devops.DevopsQueryType;
import org.tsdbbench.common.query.RowShaper;

/**
 * TSBS's DevOps queries as {@code /api/query} bodies over the cpu layout ({@link CpuPutBuilder}: a
 * metric per field, a series per host). Every grouping query is a sub-query per metric downsampled
 * per epoch-aligned bucket ({@code 1m-max}, {@code 1h-max}, {@code 1h-avg}); the named hosts are a
 * {@code literal_or} hostname filter whose series {@code mimmax} joins per bucket (no interpolation),
 * double-groupby keeps each host's series apart ({@code aggregator: none}). OpenTSDB drops a bucket
 * that begins before the query's start and reads the whole of one that ends past the query's end, so a
 * window's partial first and last buckets are bodies of their own, {@code 0all} over the bucket's part.
 * Report D's minute-max-first-10 is host_0's {@code 1m-max} over its whole span (OpenTSDB has no LIMIT),
 * of which the shaper keeps the first ten minutes. Absent (README): high-cpu (a value filter), lastpoint
 * (no query finds each series' latest point here), groupby-orderby-limit (no ORDER BY ... LIMIT).
 */
final class OpenTsdbDevopsQueries {

    private static final ObjectMapper JSON = new ObjectMapper();

    private OpenTsdbDevopsQueries() {
    }

    static Optional<String> render(DevopsQuery q) {
        return switch (q.type()) {
            // usage_user > 90: OpenTSDB 2.4 filters series by tags, never points by their value.
            case HIGH_CPU_1, HIGH_CPU_ALL -> Optional.empty();
            // /api/query/last finds a series' latest point through the meta table (off here, and its counter is
            // the time of the last write, not of the point) or by reading back hour by hour from now: years of
            // rows for TSBS's 2016.
            case LASTPOINT -> Optional.empty();
            // The latest five minutes: OpenTSDB has no ORDER BY ... LIMIT; a fixed five-minute range would
            // assume that no minute lacks rows.
            case GROUPBY_ORDERBY_LIMIT -> Optional.empty();
            default -> Optional.of(buckets(q));
        };
    }

    static RowShaper shaper(DevopsQuery q) {
        return canonical -> new OpenTsdbDevopsShaper(q.type(), canonical);
    }

    /**
     * The window's buckets, in up to three bodies: its partial first bucket ({@code 0all}, which takes
     * [start, end)), its whole buckets (a bucket downsampler, which takes [start, end] but reads the whole
     * of a bucket that ends past the query's end) and its partial last bucket ({@code 0all} again).
     */
    private static String buckets(DevopsQuery q) {
        DevopsQueryType type = q.type();
        long bucket = type.bucket().toMillis();
        long start = q.windowStartMs();
        long end = Math.floorDiv(q.windowEndNs(), 1_000_000L);
        long firstWhole = Math.min(end, Math.floorDiv(start + bucket - 1, bucket) * bucket);
        long lastWhole = Math.max(firstWhole, Math.floorDiv(end, bucket) * bucket);
        ArrayNode bodies = JSON.createArrayNode();
        String all = "0all-" + type.aggregate();
        if (start < firstWhole) bodies.add(body(q, start, firstWhole, all));
        String each = interval(type.bucket()) + "-" + type.aggregate();
        if (firstWhole < lastWhole) bodies.add(body(q, firstWhole, lastWhole - 1, each));
        if (lastWhole < end) bodies.add(body(q, lastWhole, end, all));
        return bodies.size() == 1 ? bodies.get(0).toString() : bodies.toString();
    }

    private static String interval(Duration bucket) {
        return bucket.toHours() > 0 ? bucket.toHours() + "h" : bucket.toMinutes() + "m";
    }

    /** One body: a sub-query per metric the type reads, in {@link DevopsQueryType#metrics()} order. */
    private static ObjectNode body(DevopsQuery q, long start, long end, String downsample) {
        ObjectNode body = JSON.createObjectNode();
        body.put("start", start);
        body.put("end", end);
        body.put("msResolution", true);
        body.put("showQuery", true);
        ArrayNode queries = body.putArray("queries");
        for (String metric : q.type().metrics()) {
            ObjectNode sub = queries.addObject();
            sub.put("metric", "cpu." + metric);
            sub.put("aggregator", q.type().perHost() ? "none" : "mimmax");
            sub.put("downsample", downsample);
            if (q.hosts().isEmpty()) continue;
            ObjectNode f = sub.putArray("filters").addObject();
            f.put("type", "literal_or");
            f.put("tagk", "hostname");
            f.put("filter", String.join("|", q.hostnames()));
            f.put("groupBy", false);
        }
        return body;
    }
}
