package org.tsdbbench.timescaledb;

import org.tsdbbench.common.iot.TruckBatch;

/**
 * An IoT request as each write mode builds it, without a server: what
 * {@code TimescaleIotRequestBuild} measures. The tags rows' ids are numbered here
 * ({@link TagIds#numberLocally}) where a session upserts them, a cost paid once per tag set.
 */
public final class TimescaleIotRequests {

    private final TagIds tagIds = new TagIds();
    private final BinaryCopy readings = new BinaryCopy();
    private final BinaryCopy diagnostics = new BinaryCopy();
    private final IotRequestBuilder insert = new IotRequestBuilder();

    /** writeMode=copy: both tables' binary COPY bodies; their bytes in all. */
    public int copy(TruckBatch batch) {
        tagIds.numberLocally(batch);
        return readings.build(batch.readings, tagIds).length() + diagnostics.build(batch.diagnostics, tagIds).length();
    }

    /** writeMode=multirow: both tables' INSERTs in one statement text. */
    public String insert(TruckBatch batch) {
        tagIds.numberLocally(batch);
        return insert.clear().insert(batch.readings, tagIds).insert(batch.diagnostics, tagIds).text();
    }
}
