package org.tsdbbench.common.data;

/**
 * The rows of a block of devices, made on the fly by the generator: device by device, each in time
 * order. Bounded, it yields each device's {@code rowsPerDevice} rows once (a load). Unbounded, it
 * goes on with later rows of the same devices (row indexes past rowsPerDevice, so later
 * timestamps, never a duplicate key): a timed write test never runs dry.
 */
public final class GeneratedRows implements RowSource {

    private final DeviceGenerator generator;
    private final DeviceRange devices;
    private final boolean unbounded;
    private final int rowsPerDevice;
    private int devid;
    private long row;
    /** Completed passes over all devices; pass p writes rows [p*rowsPerDevice, (p+1)*rowsPerDevice). */
    private long pass;
    private RowBatch own;

    public GeneratedRows(DeviceGenerator generator, DeviceRange devices, boolean unbounded) {
        this.generator = generator;
        this.devices = devices;
        this.unbounded = unbounded;
        this.rowsPerDevice = generator.spec().rowsPerDevice();
        this.devid = devices.first();
    }

    @Override
    public RowBatch next(int rows) {
        if (own == null || own.capacity() < rows) own = new RowBatch(rows);
        fill(own, rows);
        return own;
    }

    @Override
    public int fill(RowBatch batch, int rows) {
        batch.clear();
        int want = Math.min(rows, batch.capacity());
        if (devices.count() == 0) return 0;
        while (batch.size() < want) {
            if (devid > devices.last()) {
                if (!unbounded) break;
                devid = devices.first();
                pass++;
            }
            long passEnd = (pass + 1) * rowsPerDevice;
            if (row < pass * rowsPerDevice) row = pass * rowsPerDevice;
            int n = (int) Math.min(want - batch.size(), passEnd - row);
            generator.appendRows(batch, devid, row, n);
            row += n;
            if (row == passEnd) {
                devid++;
                row = pass * rowsPerDevice;
            }
        }
        return batch.size();
    }
}
