package org.tsdbbench.timescaledb;

import org.tsdbbench.common.iot.TruckBatch;

/**
 * An IoT request as each write mode builds it, without a server: what
 * {@code TimescaleIotRequestBuild} measures. The tags rows' ids are numbered here
 * ({@link TagIds#numberLocally}) where a session upserts them, a cost paid once per tag set.
 */
public final class TimescaleIotRequests {

    private final TagIds tagIds = new TagIds();
    private final IotRequestBuilder readings = new IotRequestBuilder();
    private final IotRequestBuilder diagnostics = new IotRequestBuilder();

    /** writeMode=copy: both tables' COPY bodies; their bytes in all. */
    public int copy(TruckBatch batch) {
        tagIds.numberLocally(batch);
        return readings.copy(batch.readings, tagIds).length() + diagnostics.copy(batch.diagnostics, tagIds).length();
    }

    /** writeMode=multirow: both tables' INSERTs in one statement text. */
    public String insert(TruckBatch batch) {
        tagIds.numberLocally(batch);
        return readings.clear().insert(batch.readings, tagIds).insert(batch.diagnostics, tagIds).text();
    }
}
