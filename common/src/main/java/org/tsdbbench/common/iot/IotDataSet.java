package org.tsdbbench.common.iot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.DataInput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.tsdbbench.common.data.ByteCount;
import org.tsdbbench.common.data.Shard;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.workload.DataSet;
import org.tsdbbench.common.workload.SettingsJson;
import org.tsdbbench.common.workload.TsbsFile;
import org.tsdbbench.results.WorkloadRecord;

/**
 * The IoT records a run writes and checks: generated from an {@link IotSpec}, or read from one TSBS
 * file (plain or gzip); with a {@link Shard}, only this process's trucks. Each client owns whole
 * trucks: a block of the generated ones, or every truck of a file whose number falls to it
 * ({@link TruckPart}; each client then reads the whole file and keeps its own trucks' records).
 * A file is read once by its validating pass before anything else ({@link #checkFiles}), which
 * learns its trucks and time range: its spec is what that pass found, with {@code -seed} for the
 * queries' parameters.
 */
public final class IotDataSet implements DataSet {

    /** Records a batch of the passes here holds. */
    private static final int BATCH = 8192;

    /** The generated data set's spec; null for a file. */
    private final IotSpec generated;
    private final Path file;
    private final long fileSeed;
    private final Shard shard;
    /** The file's validating pass, made on first need and shared by the shards of the data set. */
    private final TsbsFile<IotFileSummary> summary;

    private IotDataSet(IotSpec generated, Path file, long fileSeed, Shard shard, TsbsFile<IotFileSummary> summary) {
        this.generated = generated;
        this.file = file;
        this.fileSeed = fileSeed;
        this.shard = shard;
        this.summary = summary;
    }

    public static IotDataSet generated(IotSpec spec) {
        return new IotDataSet(spec, null, 0, Shard.WHOLE, null);
    }

    /** The records of a TSBS file; {@code seed} draws the queries' parameters. */
    public static IotDataSet file(Path file, long seed) {
        return new IotDataSet(null, file, seed, Shard.WHOLE, new TsbsFile<>(file, IotFileReader::validate));
    }


    private IotFileSummary summary() throws IOException {
        return summary.summary();
    }

    /** The spec: generated, or the file's as its validating pass found it (reading it now when no step did yet). */
    @Override
    public IotSpec spec() {
        if (generated != null) return generated;
        try {
            return summary().spec().withSeed(fileSeed);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Shard shard() {
        return shard;
    }

    @Override
    public IotDataSet withShard(Shard s) {
        return new IotDataSet(generated, file, fileSeed, s, summary);
    }

    @Override
    public boolean fromFiles() {
        return file != null;
    }

    /** The TSBS file (null when generated). */
    public Path file() {
        return file;
    }

    /**
     * A file's validating pass (once per data set): a missing or unreadable file, a malformed line,
     * an unknown measurement or a missing tag is an {@link IotFileException} naming file and line,
     * before anything is written.
     */
    @Override
    public void checkFiles() throws IOException {
        if (fromFiles()) summary();
    }

    @Override
    public double filesCheckedSeconds() {
        return fromFiles() ? summary.seconds() : 0;
    }

    /** The records of this shard (a file's: read again when only part of it is this shard's). */
    @Override
    public long validateFiles() throws IOException {
        checkFiles();
        OptionalLong known = knownRows();
        if (known.isPresent()) return known.getAsLong();
        if (shard.whole()) return summary().records();
        long n = 0;
        try (IotRowSource all = all()) {
            for (TruckBatch b = all.next(BATCH); !b.isEmpty(); b = all.next(BATCH)) n += b.size();
        }
        return n;
    }

    /** This shard's generated trucks {@code [first, end)}: a contiguous block, empty when there are more shards than trucks. */
    private int[] shardTrucks() {
        return shard.block(generated.trucks());
    }

    /** Part {@code index} of {@code parts} of {@code n} things numbered from {@code offset}: {@code [first, end)}. */
    @Override
    public IotRowSource client(int index, int clients, boolean unbounded) {
        return client(index, clients, unbounded, false);
    }

    /**
     * Lines for a session that sends a TSBS file's lines as they are
     * ({@link IotSession#takesTsbsLines}), else values.
     */
    @Override
    public IotRowSource client(int index, int clients, boolean unbounded, Session writer) {
        return client(index, clients, unbounded, writer instanceof IotSession iot && iot.takesTsbsLines());
    }

    /**
     * A file's batches carry their records' lines ({@link TruckBatch#lines()}) when {@code tsbsLines}
     * and the file's lines are in TSBS's form ({@link IotFileSummary#tsbsForm()}); generated
     * records are values.
     */
    public IotRowSource client(int index, int clients, boolean unbounded, boolean tsbsLines) {
        if (clients < 1 || index < 0 || index >= clients) throw new IllegalArgumentException("client " + index + " of " + clients);
        if (!fromFiles()) {
            int[] mine = shardTrucks();
            int[] part = Shard.block(mine[1] - mine[0], index, clients, mine[0]);
            return new IotGenerator(generated).source(part[0], part[1], unbounded);
        }
        try {
            IotFileSummary found = summary();
            TruckPart part = new TruckPart(shard, index, clients);
            return unbounded ? new RepeatedFile(file, found, part, tsbsLines)
                    : new IotFileReader(file, found, part.all() ? null : part, 0, tsbsLines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Records without a name may share a time (and series): a database keying them so keeps one. */
    @Override
    public boolean keysMayRepeat() {
        return true;
    }

    @Override
    public IotRowSource all() {
        return client(0, 1, false);
    }

    /**
     * A file's records of a part, pass after pass, each pass later by the file's time range (never
     * a duplicate key); it ends when a pass yields nothing (a part without trucks).
     */
    private static final class RepeatedFile implements IotRowSource {
        private final Path file;
        private final IotFileSummary found;
        private final TruckPart part;
        private final boolean lines;
        private final long periodNs;
        private IotFileReader reader;
        private long pass;
        private boolean passEmpty = true;
        private TruckBatch own;

        RepeatedFile(Path file, IotFileSummary found, TruckPart part, boolean lines) throws IOException {
            this.file = file;
            this.found = found;
            this.part = part;
            this.lines = lines;
            IotSpec spec = found.spec();
            this.periodNs = spec.endNs() - spec.startNs();
            this.reader = new IotFileReader(file, found, part, 0, lines);
        }

        @Override
        public Trucks trucks() {
            return found.trucks();
        }

        @Override
        public int fill(TruckBatch batch, int records) throws IOException {
            while (true) {
                int n = reader.fill(batch, records);
                if (n > 0) {
                    passEmpty = false;
                    return n;
                }
                reader.close();
                if (passEmpty) return 0;
                passEmpty = true;
                pass++;
                reader = new IotFileReader(file, found, part, Math.multiplyExact(pass, periodNs), lines);
            }
        }

        @Override
        public TruckBatch next(int records) throws IOException {
            own = TruckBatch.atLeast(own, trucks(), records);
            fill(own, records);
            return own;
        }

        @Override
        public void close() throws IOException {
            reader.close();
        }
    }

    /** The most clients that still each own a truck: a generated shard's trucks, or the named trucks of a file that fall to this shard. */
    @Override
    public int maxClients() {
        if (!fromFiles()) {
            int[] mine = shardTrucks();
            return Math.max(1, mine[1] - mine[0]);
        }
        try {
            int max = summary().maxTruckNumber();
            return max < shard.index() ? 1 : (max - shard.index()) / shard.count() + 1;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String splitUnit() {
        return "trucks";
    }

    /** Generated records: counted from TSBS's gaps for this shard's trucks (no values made); a file's only by a pass. */
    @Override
    public OptionalLong knownRows() {
        if (fromFiles()) return OptionalLong.empty();
        int[] mine = shardTrucks();
        return OptionalLong.of(new IotGenerator(generated).countRecords(mine[0], mine[1]));
    }

    /** Bytes of this shard as TSBS's text: a whole plain file's size, else the lines written as TSBS writes them (no file made). */
    @Override
    public long rawTextBytes() throws IOException {
        if (fromFiles() && shard.whole() && summary.plainSize() != null) return summary.plainSize();
        ByteCount count = new ByteCount();
        try (IotLineWriter w = new IotLineWriter(count); IotRowSource rows = all()) {
            for (TruckBatch b = rows.next(BATCH); !b.isEmpty(); b = rows.next(BATCH)) w.write(b);
        }
        return count.bytes();
    }

    @Override
    public String describe() {
        String all;
        if (fromFiles()) {
            all = "IoT trucks from the TSBS file " + file + " (queries drawn with seed " + fileSeed + ")";
        } else {
            String scale = IotSpecOptions.scaleOf(generated);
            all = "IoT trucks, generated: " + (scale == null ? "" : scale + ", ") + generated;
        }
        if (shard.whole()) return all;
        if (fromFiles()) return all + "; shard " + shard + ": trucks whose number is " + shard.index() + " mod " + shard.count();
        int[] mine = shardTrucks();
        return all + "; shard " + shard + ": " + (mine[0] == mine[1] ? "no trucks" : "trucks " + mine[0] + ".." + (mine[1] - 1));
    }

    @Override
    public WorkloadRecord record() {
        IotSpec spec = spec();
        return new WorkloadRecord(new WorkloadRecord.Trucks(spec.trucks(), spec.startNs(), spec.endNs(), spec.intervalNs(), spec.seed(),
                fromFiles() ? null : IotSpecOptions.scaleOf(spec), fromFiles() ? file.toAbsolutePath().toString() : null), describe());
    }

    /** The spec, catalog size and shard of generated records, or the file's path, size and modification time with the queries' seed. */
    @Override
    public String answersKey() throws IOException {
        StringBuilder k = new StringBuilder();
        if (fromFiles()) {
            k.append(summary.key()).append("\nqueries seed ").append(fileSeed);
        } else {
            k.append("generated ").append(generated);
        }
        return k.append("\nqueries per type ").append(IotSpec.QUERIES_PER_TYPE).append("\nshard ").append(shard).toString();
    }

    @Override
    public IotCatalogAnswers answers() throws IOException {
        checkFiles();
        try (IotRowSource rows = all()) {
            return IotCatalogAnswers.compute(spec(), rows);
        }
    }

    @Override
    public IotCatalogAnswers readAnswers(DataInput in) throws IOException {
        return IotCatalogAnswers.readFrom(spec(), in);
    }

    @Override
    public void writeJson(ObjectNode data) {
        if (fromFiles()) {
            data.put("file", file.toAbsolutePath().toString());
            data.put("seed", fileSeed);
        } else {
            data.put("trucks", generated.trucks());
            data.put("startNs", generated.startNs());
            data.put("endNs", generated.endNs());
            data.put("intervalNs", generated.intervalNs());
            data.put("seed", generated.seed());
        }
        data.put("shard", shard.toString());
    }

    /** The data set {@link #writeJson} wrote; a missing field is an IOException naming it. */
    static IotDataSet read(JsonNode data) throws IOException {
        String f = SettingsJson.file(data);
        IotDataSet whole;
        if (f != null) {
            whole = file(Path.of(f), SettingsJson.required(data, "seed").asLong());
        } else {
            try {
                whole = generated(new IotSpec(SettingsJson.required(data, "trucks").asInt(), SettingsJson.required(data, "startNs").asLong(), SettingsJson.required(data, "endNs").asLong(),
                        SettingsJson.required(data, "intervalNs").asLong(), SettingsJson.required(data, "seed").asLong()));
            } catch (IllegalArgumentException e) {
                throw new IOException("IoT data set: " + e.getMessage(), e);
            }
        }
        return whole.withShard(Shard.parse(data.path("shard").asText("0/1")));
    }

    @Override
    public String toString() {
        return describe();
    }
}
