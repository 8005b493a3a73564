package org.tsdbbench.common.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The rows a run writes and checks: generated on the fly from the spec, or read from
 * {@code numOfFiles} data files in {@code dataDir}. Hands each client its own disjoint devices
 * (whole files when reading files).
 */
public record DataSet(WorkloadSpec spec, Path dataDir, int numOfFiles) {

    public static DataSet generated(WorkloadSpec spec) {
        return new DataSet(spec, null, 0);
    }

    public boolean fromFiles() {
        return dataDir != null;
    }

    /** Fails with a DataFileException naming the first missing or unreadable file. */
    public void checkFiles() throws DataFileException {
        if (!fromFiles()) return;
        if (!Files.isDirectory(dataDir)) throw new DataFileException(dataDir, "data directory does not exist");
        for (Path f : DataFiles.all(dataDir, numOfFiles)) {
            if (Files.isDirectory(f)) throw new DataFileException(f, "is a directory, not a data file");
            if (!Files.isRegularFile(f)) throw new DataFileException(f, "no such data file (expected " + numOfFiles + " files testdata0.csv..)");
            if (!Files.isReadable(f)) throw new DataFileException(f, "data file cannot be read");
        }
    }

    /**
     * Reads every file once, so a malformed line is reported (file and line) before a test starts
     * rather than in the middle of one. Returns the rows in the data set.
     */
    public long validateFiles() throws IOException {
        checkFiles();
        long rows = 0;
        try (RowSource all = all()) {
            RowBatch batch = new RowBatch(8192);
            for (int n; (n = all.fill(batch, batch.capacity())) > 0; ) rows += n;
        }
        return rows;
    }

    /** Client {@code index} of {@code clients}: its own devices or files, once or without end. */
    public RowSource client(int index, int clients, boolean unbounded) {
        if (fromFiles()) return new FileRows(DataFiles.forClient(dataDir, numOfFiles, index, clients), unbounded);
        return new GeneratedRows(new DeviceGenerator(spec), DeviceRange.part(spec.numOfDevices(), index, clients), unbounded);
    }

    /** Every row of the data set once. */
    public RowSource all() {
        return client(0, 1, false);
    }

    /** The most clients that still each own something (files are not split). */
    public int maxClients() {
        return fromFiles() ? numOfFiles : spec.numOfDevices();
    }

    /** Bytes of the data set as text (the files' size, or the size they would have). */
    public long rawTextBytes() throws IOException {
        if (fromFiles()) {
            long n = 0;
            for (Path f : DataFiles.all(dataDir, numOfFiles)) n += Files.size(f);
            return n;
        }
        CountingStream count = new CountingStream();
        try (DataFileWriter w = new DataFileWriter(count); RowSource rows = all()) {
            RowBatch batch = new RowBatch(8192);
            while (rows.fill(batch, batch.capacity()) > 0) w.write(batch);
        }
        return count.bytes;
    }

    public String describe() {
        return fromFiles() ? numOfFiles + " files in " + dataDir : "generated: " + spec;
    }

    public List<Path> files() {
        return fromFiles() ? DataFiles.all(dataDir, numOfFiles) : List.of();
    }

    private static final class CountingStream extends java.io.OutputStream {
        long bytes;

        @Override
        public void write(int b) {
            bytes++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
        }
    }
}
