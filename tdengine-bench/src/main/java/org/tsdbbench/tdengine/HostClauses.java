package org.tsdbbench.tdengine;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.tsdbbench.common.devops.Hosts;

/**
 * Each host's sub-table clause of a multi-table INSERT, {@code " db.host_1 USING db.cpu TAGS ('host_1',...) VALUES "}
 * as UTF-8, written on first use and kept for the first {@value #KEPT} hosts of a {@link Hosts} (about 2 MB),
 * so a request copies a host's bytes instead of formatting ten tags a row. One per writer, reset when the
 * hosts change.
 */
final class HostClauses {

    static final int KEPT = 1 << 14;

    private final CpuLayout layout;
    private byte[][] kept = new byte[0][];
    private Hosts keptFor;

    HostClauses(CpuLayout layout) {
        this.layout = layout;
    }

    /** The host's clause; the caller must not change the array. */
    byte[] of(Hosts hosts, int host) {
        if (hosts != keptFor) {
            kept = new byte[0][];
            keptFor = hosts;
        }
        int index = host - hosts.first();
        if (index >= KEPT) return clause(hosts.tags(host));
        if (index >= kept.length) kept = Arrays.copyOf(kept, Math.min(KEPT, Math.max(index + 1, 2 * kept.length)));
        byte[] bytes = kept[index];
        if (bytes == null) {
            bytes = clause(hosts.tags(host));
            kept[index] = bytes;
        }
        return bytes;
    }

    private byte[] clause(String[] tags) {
        StringBuilder s = new StringBuilder(200);
        s.append(' ').append(layout.subTable(tags[0])).append(" USING ").append(layout.table()).append(" TAGS (");
        for (int t = 0; t < tags.length; t++) {
            s.append(t == 0 ? "'" : ",'");
            TDengineInsertBuilder.appendEscaped(s, tags[t]);
            s.append('\'');
        }
        return s.append(") VALUES ").toString().getBytes(StandardCharsets.UTF_8);
    }
}
