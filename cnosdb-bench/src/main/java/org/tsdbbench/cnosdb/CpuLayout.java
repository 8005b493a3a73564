package org.tsdbbench.cnosdb;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.HostTags;

/**
 * TSBS's DevOps hosts (cpu-only) in CnosDB as TSBS's influx lines make them: table {@code cpu}, the
 * host's ten tags as tags (strings, indexed), its ten integer usage fields as BIGINT fields,
 * nanosecond time (the database is created WITH PRECISION 'ns'). One series per host.
 */
final class CpuLayout {

    static final String TABLE = "cpu";
    static final String PRECISION = "ns";

    /** {@code CREATE TABLE cpu (usage_user BIGINT, ..., TAGS(hostname, ...))}: the types line protocol gives them. */
    static final String CREATE_TABLE = "CREATE TABLE " + TABLE + " (" + String.join(" BIGINT, ", CpuBatch.FIELDS)
            + " BIGINT, TAGS(" + String.join(", ", HostTags.KEYS) + "))";

    static final List<String> DESCRIPTION = List.of("table " + TABLE + ": tags " + String.join(", ", HostTags.KEYS)
            + " (strings, indexed); fields " + String.join(", ", CpuBatch.FIELDS) + " BIGINT; time in nanoseconds"
            + " (database created WITH PRECISION 'ns'); one series per host;"
            + " written as line protocol to /api/v1/write");

    /** The usage fields' names as the line protocol's bytes, in {@link CpuBatch#FIELDS} order. */
    private static final byte[][] FIELD_KEYS = CpuBatch.FIELDS.stream().map(k -> k.getBytes(StandardCharsets.US_ASCII))
            .toArray(byte[][]::new);

    private CpuLayout() {
    }

    /**
     * The batch as line protocol into {@code lines} (cleared first), one line per row, as TSBS's
     * influx format writes it: {@code cpu,hostname=host_0,region=..,service_environment=test
     * usage_user=58i,...,usage_guest_nice=3i 1451606400000000000}; the hosts' tags from {@code starts}.
     */
    static void lines(CpuBatch batch, HostLineStarts starts, LineProtocol lines) {
        lines.clear();
        if (batch.hasLines()) {
            // A TSBS file's lines are this request's lines already (the offline test holds them byte for byte).
            lines.append(batch.lines(), batch.linesLength());
            return;
        }
        long[] values = batch.values();
        for (int r = 0; r < batch.size(); r++) {
            starts.start(batch, r, lines);
            int at = r * CpuBatch.FIELD_COUNT;
            for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) lines.field(FIELD_KEYS[f], values[at + f]);
            lines.end(batch.timeNs(r));
        }
    }

    /** A line's start: the measurement and the host's tags, hostname first. */
    static void start(String[] tags, LineProtocol lines) {
        lines.measurement(TABLE);
        for (int t = 0; t < tags.length; t++) lines.tag(HostTags.KEYS.get(t), tags[t]);
    }
}
