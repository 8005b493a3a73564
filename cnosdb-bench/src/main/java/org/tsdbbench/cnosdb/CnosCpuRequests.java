package org.tsdbbench.cnosdb;

import org.tsdbbench.common.devops.CpuBatch;

/**
 * A cpu-only request as a session builds it, without a server: what {@code CnosCpuRequestBuild}
 * measures, each host's line start kept as the session keeps it ({@link HostLineStarts}).
 */
public final class CnosCpuRequests {

    private final HostLineStarts hostStarts = new HostLineStarts();
    private final LineProtocol lines = new LineProtocol();

    /** The batch's rows as the line protocol a session sends to /api/v1/write; its length in bytes. */
    public int lines(CpuBatch batch) {
        CpuLayout.lines(batch, hostStarts, lines);
        return lines.length();
    }
}
