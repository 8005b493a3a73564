package org.tsdbbench.opentsdb;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.HostTags;
import org.tsdbbench.common.devops.Hosts;

/**
 * Builds the {@code /api/put} JSON body of a DevOps batch: each {@code cpu} row is ten data points, a
 * metric per field ({@code cpu.usage_user}, ...) at the row's time in ms with eight of the host's tags
 * (OpenTSDB takes at most 8). Reused for every request of a client, each host's tags encoded once.
 */
public final class CpuPutBuilder {

    /** The tags a point carries: TSBS's ten less region (the datacenter names it) and service_version. */
    public static final List<String> KEPT_TAGS = HostTags.KEYS.stream()
            .filter(k -> !k.equals("region") && !k.equals("service_version")).toList();

    /** The metric of each field, in {@link CpuBatch#FIELDS} order. */
    public static final List<String> METRICS = CpuBatch.FIELDS.stream().map(f -> "cpu." + f).toList();

    private static final int[] KEPT = kept();
    /** Slots of the direct-mapped cache of hosts' tags: a client's block of hosts, bounded whatever the data set. */
    private static final int CACHED = 1 << 16;

    private final String[] pointPrefix = new String[CpuBatch.FIELD_COUNT];
    private final StringBuilder json = new StringBuilder(1 << 16);
    private final String[] hostTags = new String[CACHED];
    private final int[] cachedHost = new int[CACHED];
    private Hosts tagsOf;

    public CpuPutBuilder() {
        for (int f = 0; f < pointPrefix.length; f++) {
            pointPrefix[f] = "{\"metric\":\"" + METRICS.get(f) + "\",\"timestamp\":";
        }
    }

    /** The body of the batch's rows, row by row, its ten points each. */
    public String build(CpuBatch b) {
        if (tagsOf != b.hosts()) {
            tagsOf = b.hosts();
            Arrays.fill(hostTags, null);
        }
        json.setLength(0);
        json.append('[');
        long[] values = b.values();
        for (int r = 0; r < b.size(); r++) {
            long ms = Math.floorDiv(b.timeNs(r), 1_000_000L);
            String tags = tags(b, r);
            int at = r * CpuBatch.FIELD_COUNT;
            for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) {
                if (at + f > 0) json.append(',');
                json.append(pointPrefix[f]).append(ms).append(",\"value\":").append(values[at + f]).append(tags);
            }
        }
        return json.append(']').toString();
    }

    /** {@code ,"tags":{...}}}: the row's host's kept tags. */
    private String tags(CpuBatch b, int r) {
        int host = b.host(r);
        int slot = host & (CACHED - 1);
        String t = hostTags[slot];
        if (t == null || cachedHost[slot] != host) {
            hostTags[slot] = t = encode(b.tags(r));
            cachedHost[slot] = host;
        }
        return t;
    }

    private static String encode(String[] tags) {
        // OpenTSDB takes only letters, digits and -_./ in tag values: TSBS's need no JSON escaping, and a value
        // with other characters is refused by the server and its row counted failed. It has no empty tag value.
        StringBuilder s = new StringBuilder(",\"tags\":{");
        boolean first = true;
        for (int k : KEPT) {
            if (tags[k] == null || tags[k].isEmpty()) continue;
            if (!first) s.append(',');
            first = false;
            s.append('"').append(HostTags.KEYS.get(k)).append("\":\"").append(tags[k]).append('"');
        }
        return s.append("}}").toString();
    }

    private static int[] kept() {
        List<Integer> at = new ArrayList<>();
        for (String k : KEPT_TAGS) at.add(HostTags.KEYS.indexOf(k));
        return at.stream().mapToInt(Integer::intValue).toArray();
    }
}
