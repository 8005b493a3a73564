package org.tsdbbench.clickhouse;

import java.util.Arrays;
import java.util.BitSet;
import org.tsdbbench.common.devops.CpuBatch;

/**
 * The hosts whose {@code tags} row one session has sent: a request carries a host's tags row the first
 * time its session meets the host, as TSBS's loader inserts a host's tags when it first sees it. The
 * loader's and write test's clients own disjoint hosts, so each host's row is sent once.
 */
final class SentHosts {

    private final BitSet sent = new BitSet();
    private int[] fresh = new int[64];

    /** Marks the batch's hosts not sent before as sent; their count (their numbers: {@link #fresh()}'s first). */
    int collect(CpuBatch batch) {
        int count = 0;
        for (int r = 0; r < batch.size(); r++) {
            int host = batch.host(r);
            if (sent.get(host)) continue;
            sent.set(host);
            if (count == fresh.length) fresh = Arrays.copyOf(fresh, count * 2);
            fresh[count++] = host;
        }
        return count;
    }

    /** The hosts the last {@link #collect} found; valid until the next. */
    int[] fresh() {
        return fresh;
    }

    /** Unmarks hosts whose tags row was not stored (its INSERT failed): the next request carries it again. */
    void forget(int[] hosts, int count) {
        for (int i = 0; i < count; i++) sent.clear(hosts[i]);
    }

    /** Forgets every host: the tables were made anew. */
    void clear() {
        sent.clear();
    }
}
