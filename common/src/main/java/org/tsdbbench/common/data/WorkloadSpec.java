package org.tsdbbench.common.data;

import java.util.List;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.query.QueryCatalog;
import org.tsdbbench.common.workload.DataSpec;
import org.tsdbbench.common.workload.Workload;

/**
 * The data set of the devices workload (the reference workload of the 2018 reports): how many
 * devices, how many rows each, when it starts and which seed decides every value. Everything else
 * (tags, timestamps, values, expected answers) is a function of these four numbers.
 */
public record WorkloadSpec(int numOfDevices, int rowsPerDevice, long startTs, long seed) implements DataSpec {

    public static final int DEFAULT_DEVICES = 10_000;
    public static final int DEFAULT_ROWS_PER_DEVICE = 10_000;
    /** 2019-07-16T04:01:40Z, the start of the published data set. */
    public static final long DEFAULT_START_TS = 1_563_249_700_000L;
    public static final long DEFAULT_SEED = 20190716L;
    /** One row per device per second. */
    public static final long INTERVAL_MS = 1000;
    /** Tag devgroup = devid % GROUPS. */
    public static final int GROUPS = 100;

    public WorkloadSpec {
        if (numOfDevices < 1) throw new IllegalArgumentException("numOfDevices must be at least 1, got " + numOfDevices);
        if (rowsPerDevice < 1) throw new IllegalArgumentException("rowsPerDevice must be at least 1, got " + rowsPerDevice);
    }

    @Override
    public Workload workload() {
        return DevicesWorkload.INSTANCE;
    }

    /** q1..q5 ({@link QueryCatalog#all()}): the same for every spec. */
    @Override
    public List<LogicalQuery> catalog() {
        return QueryCatalog.all();
    }

    /** Through the session's {@link DeviceSession} (a DatabaseException when its module does not take the devices). */
    @Override
    public void recreateSchema(Session session) throws DatabaseException {
        DeviceSession.of(session).recreateSchema(this);
    }

    /** Through the session's {@link DeviceSession} (a DatabaseException when its module does not take the devices). */
    @Override
    public long countRows(Session session) throws DatabaseException {
        return DeviceSession.of(session).countRows(this);
    }

    @Override
    public DiskUse diskUse(Session session) throws DatabaseException {
        return DeviceSession.of(session).diskUse();
    }

    public static WorkloadSpec defaults() {
        return new WorkloadSpec(DEFAULT_DEVICES, DEFAULT_ROWS_PER_DEVICE, DEFAULT_START_TS, DEFAULT_SEED);
    }

    public long totalRows() {
        return (long) numOfDevices * rowsPerDevice;
    }

    public long timestamp(long row) {
        return startTs + row * INTERVAL_MS;
    }

    /** The first millisecond after the data set (exclusive end of its time range). */
    public long endTs() {
        return timestamp(rowsPerDevice);
    }

    public static int group(int devid) {
        return devid % GROUPS;
    }

    public static String devname(int devid) {
        return "dev_" + devid;
    }

    @Override
    public String toString() {
        return numOfDevices + " devices x " + rowsPerDevice + " rows from " + startTs + ", seed " + seed;
    }
}
