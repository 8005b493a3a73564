package org.tsdbbench.cnosdb;

import java.util.Arrays;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.Hosts;

/**
 * Each host's line start ({@code cpu,hostname=host_0,...,service_environment=test }) encoded on first
 * use and kept, so a row copies its host's bytes instead of formatting ten tags. Only the first
 * {@value #KEPT} hosts of a block are kept (about 4 MB); a row of a later host writes its tags into
 * the request directly. One instance per session (not thread-safe), reset when the batch's hosts change.
 */
final class HostLineStarts {

    /** The hosts whose line start is kept: 16,384 of about 230 bytes. */
    static final int KEPT = 1 << 14;

    private final LineProtocol scratch = new LineProtocol();
    private byte[][] kept = new byte[0][];
    private Hosts keptFor;

    /** Appends the line start of the row's host to {@code lines}. */
    void start(CpuBatch batch, int row, LineProtocol lines) {
        Hosts hosts = batch.hosts();
        if (hosts != keptFor) {
            kept = new byte[0][];
            keptFor = hosts;
        }
        int index = batch.host(row) - hosts.first();
        if (index >= KEPT) {
            CpuLayout.start(batch.tags(row), lines);
            return;
        }
        if (index >= kept.length) kept = Arrays.copyOf(kept, Math.min(KEPT, Math.max(index + 1, 2 * kept.length)));
        byte[] start = kept[index];
        if (start == null) {
            scratch.clear();
            CpuLayout.start(batch.tags(row), scratch);
            start = scratch.lineStart();
            kept[index] = start;
        }
        lines.resume(start);
    }
}
