package org.tsdbbench.timescaledb;

import org.tsdbbench.common.devops.CpuBatch;

/**
 * A cpu-only request as a session builds it, without a server: what {@code TimescaleCpuRequestBuild}
 * measures. The hosts' tags rows' ids are numbered here ({@link HostTagIds#numberLocally}) where a
 * session upserts them, a cost paid once per host.
 */
public final class TimescaleCpuRequests {

    private final HostTagIds hostTagIds = new HostTagIds();
    private final CpuCopy copy = new CpuCopy();

    /** writeMode=copy (the one mode of cpu-only): the binary COPY body; its length in bytes. */
    public int copy(CpuBatch batch) {
        hostTagIds.numberLocally(batch);
        return copy.build(batch, hostTagIds).length();
    }
}
