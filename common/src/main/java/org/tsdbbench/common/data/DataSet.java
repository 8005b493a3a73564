package org.tsdbbench.common.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The rows a run writes and checks: generated on the fly from the spec, or read from
 * {@code numOfFiles} data files in {@code dataDir}; with a {@link Shard}, only this process's part
 * of them. Hands each client its own disjoint devices (whole files when reading files).
 */
public record DataSet(WorkloadSpec spec, Path dataDir, int numOfFiles, Shard shard) {

    public DataSet(WorkloadSpec spec, Path dataDir, int numOfFiles) {
        this(spec, dataDir, numOfFiles, Shard.WHOLE);
    }

    public static DataSet generated(WorkloadSpec spec) {
        return new DataSet(spec, null, 0);
    }

    public DataSet withShard(Shard s) {
        return new DataSet(spec, dataDir, numOfFiles, s);
    }

    /** The whole data set, whatever this process's shard. */
    public DataSet whole() {
        return withShard(Shard.WHOLE);
    }

    /** This shard's devices (generated data): a contiguous block, empty when there are more shards than devices. */
    public DeviceRange devices() {
        return DeviceRange.part(spec.numOfDevices(), shard.index(), shard.count());
    }

    /** This shard's files (data files): whole files, a contiguous block of them. */
    private List<Path> shardFiles() {
        return DataFiles.forClient(dataDir, numOfFiles, shard.index(), shard.count());
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
        if (fromFiles()) {
            List<Path> mine = shardFiles();
            DeviceRange block = DeviceRange.part(mine.size(), index, clients);
            return new FileRows(mine.subList(block.first() - 1, block.last()), unbounded);
        }
        DeviceRange shardDevices = devices();
        DeviceRange block = DeviceRange.part(shardDevices.count(), index, clients);
        int offset = shardDevices.first() - 1;
        return new GeneratedRows(new DeviceGenerator(spec), new DeviceRange(block.first() + offset, block.last() + offset), unbounded);
    }

    /** Every row of the data set once. */
    public RowSource all() {
        return client(0, 1, false);
    }

    /** The most clients that still each own something (files are not split). */
    public int maxClients() {
        return fromFiles() ? shardFiles().size() : devices().count();
    }

    /** Bytes of this data set (or shard) as text (the files' size, or the size they would have). */
    public long rawTextBytes() throws IOException {
        if (fromFiles()) {
            long n = 0;
            for (Path f : shardFiles()) n += Files.size(f);
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
        String all = fromFiles() ? numOfFiles + " files in " + dataDir : "generated: " + spec;
        if (shard.whole()) return all;
        return all + "; shard " + shard + ": " + (fromFiles() ? "files " + shardFiles().stream().map(p -> p.getFileName().toString()).toList()
                : "devices " + devices().first() + ".." + devices().last());
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
