package org.tsdbbench.common.data;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The rows of a client's data files, read in order. Bounded, each file is read once (a load).
 * Unbounded, it reads the files again with every timestamp moved past the previous pass, so a timed
 * write test never runs dry and never writes a duplicate key.
 */
public final class FileRows implements RowSource {

    private final List<Path> files;
    private final boolean unbounded;
    private int next;
    private DataFileReader reader;
    private long pass;
    private long minTs = Long.MAX_VALUE;
    private long maxTs = Long.MIN_VALUE;
    private long shift;
    private RowBatch own;

    public FileRows(List<Path> files, boolean unbounded) {
        this.files = List.copyOf(files);
        this.unbounded = unbounded;
    }

    @Override
    public RowBatch next(int rows) throws IOException {
        if (own == null || own.capacity() < rows) own = new RowBatch(rows);
        fill(own, rows);
        return own;
    }

    @Override
    public int fill(RowBatch batch, int rows) throws IOException {
        batch.clear();
        int want = Math.min(rows, batch.capacity());
        int emptyPasses = 0;
        while (batch.size() < want) {
            if (reader == null) {
                if (next == files.size()) {
                    if (!unbounded || files.isEmpty() || emptyPasses++ > 0) break;
                    next = 0;
                    pass++;
                    shift = pass * (maxTs - minTs + WorkloadSpec.INTERVAL_MS);
                }
                reader = new DataFileReader(files.get(next++));
            }
            int from = batch.size();
            int got = reader.read(batch, want - from);
            for (int i = from; i < from + got; i++) {
                if (pass == 0) {
                    minTs = Math.min(minTs, batch.ts[i]);
                    maxTs = Math.max(maxTs, batch.ts[i]);
                } else {
                    batch.ts[i] += shift;
                }
            }
            if (got > 0) emptyPasses = 0;
            if (batch.size() < want) {
                reader.close();
                reader = null;
            }
        }
        return batch.size();
    }

    @Override
    public void close() throws IOException {
        if (reader != null) reader.close();
    }
}
