package org.tsdbbench.common.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.DataInput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.tsdbbench.common.query.DeviceAnswers;
import org.tsdbbench.common.query.ExpectedAnswers;
import org.tsdbbench.common.workload.DataSet;
import org.tsdbbench.results.WorkloadRecord;
import org.tsdbbench.common.workload.SettingsJson;

/**
 * The devices' rows a run writes and checks: generated on the fly from the spec, or read from
 * {@code numOfFiles} data files in {@code dataDir}; with a {@link Shard}, only this process's part
 * of them. Hands each client its own disjoint devices (whole files when reading files).
 */
public record DeviceDataSet(WorkloadSpec spec, Path dataDir, int numOfFiles, Shard shard) implements DataSet {

    public DeviceDataSet(WorkloadSpec spec, Path dataDir, int numOfFiles) {
        this(spec, dataDir, numOfFiles, Shard.WHOLE);
    }

    public static DeviceDataSet generated(WorkloadSpec spec) {
        return new DeviceDataSet(spec, null, 0);
    }

    @Override
    public DeviceDataSet withShard(Shard s) {
        return new DeviceDataSet(spec, dataDir, numOfFiles, s);
    }

    /** The whole data set, whatever this process's shard. */
    @Override
    public DeviceDataSet whole() {
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

    @Override
    public boolean fromFiles() {
        return dataDir != null;
    }

    /** Fails with a DataFileException naming the first missing or unreadable file. */
    @Override
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
    @Override
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
    @Override
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
    @Override
    public RowSource all() {
        return client(0, 1, false);
    }

    /** The most clients that still each own something (files are not split). */
    @Override
    public int maxClients() {
        return fromFiles() ? shardFiles().size() : devices().count();
    }

    @Override
    public String splitUnit() {
        return fromFiles() ? "files" : "devices";
    }

    /** Generated rows: this shard's devices times the rows of each; files are counted by a pass over them. */
    @Override
    public OptionalLong knownRows() {
        return fromFiles() ? OptionalLong.empty() : OptionalLong.of((long) devices().count() * spec.rowsPerDevice());
    }

    /** Bytes of this data set (or shard) as text (the files' size, or the size they would have). */
    @Override
    public long rawTextBytes() throws IOException {
        if (fromFiles()) {
            long n = 0;
            for (Path f : shardFiles()) n += Files.size(f);
            return n;
        }
        ByteCount count = new ByteCount();
        try (DataFileWriter w = new DataFileWriter(count); RowSource rows = all()) {
            RowBatch batch = new RowBatch(8192);
            while (rows.fill(batch, batch.capacity()) > 0) w.write(batch);
        }
        return count.bytes();
    }

    @Override
    public String describe() {
        String all = fromFiles() ? numOfFiles + " files in " + dataDir : "generated: " + spec;
        if (shard.whole()) return all;
        return all + "; shard " + shard + ": " + (fromFiles() ? "files " + shardFiles().stream().map(p -> p.getFileName().toString()).toList()
                : "devices " + devices().first() + ".." + devices().last());
    }

    @Override
    public WorkloadRecord record() {
        return new WorkloadRecord(new WorkloadRecord.Spec(spec.numOfDevices(), spec.rowsPerDevice(), spec.startTs(), spec.seed()), describe());
    }

    public List<Path> files() {
        return fromFiles() ? DataFiles.all(dataDir, numOfFiles) : List.of();
    }

    /** The spec and shard of generated rows, or the data files' paths, sizes and modification times. */
    @Override
    public String answersKey() throws IOException {
        StringBuilder k = new StringBuilder();
        if (fromFiles()) {
            k.append("files ").append(numOfFiles).append(" in ").append(dataDir.toAbsolutePath().normalize());
            for (Path f : files()) {
                k.append('\n').append(f.getFileName()).append(' ').append(Files.size(f)).append(' ').append(Files.getLastModifiedTime(f).toMillis());
            }
        } else {
            k.append("generated ").append(spec);
        }
        return k.append("\nshard ").append(shard).toString();
    }

    @Override
    public DeviceAnswers answers() throws IOException {
        try (RowSource rows = all()) {
            return new DeviceAnswers(spec, ExpectedAnswers.of(rows));
        }
    }

    @Override
    public DeviceAnswers readAnswers(DataInput in) throws IOException {
        return new DeviceAnswers(spec, ExpectedAnswers.readFrom(in));
    }

    @Override
    public void writeJson(ObjectNode data) {
        data.put("numOfDevices", spec.numOfDevices());
        data.put("rowsPerDevice", spec.rowsPerDevice());
        data.put("startTs", spec.startTs());
        data.put("seed", spec.seed());
        data.put("dataDir", dataDir == null ? null : dataDir.toAbsolutePath().toString());
        data.put("numOfFiles", numOfFiles);
        data.put("shard", shard.toString());
    }

    /** The data set {@link #writeJson} wrote; a missing field is an IOException naming it. */
    static DeviceDataSet read(JsonNode data) throws IOException {
        WorkloadSpec spec = new WorkloadSpec(SettingsJson.required(data, "numOfDevices").asInt(), SettingsJson.required(data, "rowsPerDevice").asInt(),
                SettingsJson.required(data, "startTs").asLong(), SettingsJson.required(data, "seed").asLong());
        JsonNode dir = data.path("dataDir");
        Path dataDir = dir.isMissingNode() || dir.isNull() || dir.asText().isBlank() ? null : Path.of(dir.asText());
        return (dataDir == null ? generated(spec) : new DeviceDataSet(spec, dataDir, data.path("numOfFiles").asInt()))
                .withShard(Shard.parse(data.path("shard").asText("0/1")));
    }
}
