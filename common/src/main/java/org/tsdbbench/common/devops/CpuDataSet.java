package org.tsdbbench.common.devops;

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
 * The {@code cpu} rows a run writes and checks: generated from a {@link DevopsSpec}, or read from a
 * TSBS cpu-only file (plain or gzip); with a {@link Shard}, only this process's hosts. Each client
 * owns whole hosts: a block of the generated ones, or a file's hosts whose number falls to it (each
 * client then reads the whole file and keeps its own hosts' rows). A file is read once by its
 * validating pass before anything else, which learns its hosts and time range.
 */
public final class CpuDataSet implements DataSet {

    private static final int BATCH = 8192;

    /** The generated data set's spec; null for a file. */
    private final DevopsSpec generated;
    private final Path file;
    private final long fileSeed;
    private final Shard shard;
    private final TsbsFile<CpuFileReader.Summary> summary;

    private CpuDataSet(DevopsSpec generated, Path file, long fileSeed, Shard shard, TsbsFile<CpuFileReader.Summary> summary) {
        this.generated = generated;
        this.file = file;
        this.fileSeed = fileSeed;
        this.shard = shard;
        this.summary = summary;
    }

    public static CpuDataSet generated(DevopsSpec spec) {
        return new CpuDataSet(spec, null, 0, Shard.WHOLE, null);
    }

    /** The rows of a TSBS cpu-only file; {@code seed} draws the queries' parameters. */
    public static CpuDataSet file(Path file, long seed) {
        return new CpuDataSet(null, file, seed, Shard.WHOLE, new TsbsFile<>(file, CpuFileReader::validate));
    }


    @Override
    public DevopsSpec spec() {
        if (generated != null) return generated;
        try {
            return summary.summary().spec(fileSeed);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Shard shard() {
        return shard;
    }

    @Override
    public CpuDataSet withShard(Shard s) {
        return new CpuDataSet(generated, file, fileSeed, s, summary);
    }

    @Override
    public boolean fromFiles() {
        return file != null;
    }

    @Override
    public void checkFiles() throws IOException {
        if (fromFiles()) summary.summary();
    }

    @Override
    public double filesCheckedSeconds() {
        return fromFiles() ? summary.seconds() : 0;
    }

    @Override
    public long validateFiles() throws IOException {
        checkFiles();
        OptionalLong known = knownRows();
        if (known.isPresent()) return known.getAsLong();
        if (shard.whole()) return summary.summary().rows();
        long n = 0;
        try (CpuSource all = all()) {
            for (CpuBatch b = all.next(BATCH); !b.isEmpty(); b = all.next(BATCH)) n += b.size();
        }
        return n;
    }

    /** This shard's generated hosts {@code [first, end)}. */
    private int[] shardHosts() {
        return shard.block(generated.hosts());
    }

    /**
     * Client {@code index} of {@code clients}: a block of this shard's generated hosts, or the file's
     * hosts whose number is {@code shard + shards * index} mod {@code shards * clients}.
     */
    @Override
    public CpuSource client(int index, int clients, boolean unbounded) {
        if (clients < 1 || index < 0 || index >= clients) throw new IllegalArgumentException("client " + index + " of " + clients);
        if (!fromFiles()) {
            int[] mine = shardHosts();
            int[] part = Shard.block(mine[1] - mine[0], index, clients, mine[0]);
            return new CpuGenerator(generated).source(part[0], part[1], unbounded);
        }
        try {
            CpuFileReader.Summary found = summary.summary();
            int parts = shard.count() * clients;
            int part = shard.index() + shard.count() * index;
            return unbounded ? new RepeatedFile(found, part, parts) : new CpuFileReader(found, part, parts, 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@link #client(int, int, boolean)}, a file's batches carrying their rows' lines for a session that
     * sends them as they are ({@link DevopsSession#takesCpuLines}), once through the file (an unbounded
     * source's later passes shift the times, so they are values).
     */
    @Override
    public CpuSource client(int index, int clients, boolean unbounded, Session writer) {
        boolean lines = writer instanceof DevopsSession devops && devops.takesCpuLines();
        if (!fromFiles() || unbounded || !lines) return client(index, clients, unbounded);
        if (clients < 1 || index < 0 || index >= clients) throw new IllegalArgumentException("client " + index + " of " + clients);
        try {
            return new CpuFileReader(summary.summary(), shard.index() + shard.count() * index, shard.count() * clients, 0, true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public CpuSource all() {
        return client(0, 1, false);
    }

    /** A file's rows of a part, pass after pass, each later by the file's time range; it ends when a pass yields nothing. */
    private static final class RepeatedFile implements CpuSource {
        private final CpuFileReader.Summary found;
        private final int part;
        private final int parts;
        private final long periodNs;
        private CpuFileReader reader;
        private long pass;
        private boolean passEmpty = true;

        RepeatedFile(CpuFileReader.Summary found, int part, int parts) throws IOException {
            this.found = found;
            this.part = part;
            this.parts = parts;
            this.periodNs = found.lastNs() + found.intervalNs() - found.firstNs();
            this.reader = new CpuFileReader(found, part, parts, 0);
        }

        @Override
        public CpuBatch next(int rows) throws IOException {
            while (true) {
                CpuBatch b = reader.next(rows);
                if (!b.isEmpty()) {
                    passEmpty = false;
                    return b;
                }
                reader.close();
                if (passEmpty) return b;
                passEmpty = true;
                pass++;
                reader = new CpuFileReader(found, part, parts, Math.multiplyExact(pass, periodNs));
            }
        }

        @Override
        public void close() throws IOException {
            reader.close();
        }
    }

    @Override
    public int maxClients() {
        if (!fromFiles()) {
            int[] mine = shardHosts();
            return Math.max(1, mine[1] - mine[0]);
        }
        int hosts = spec().hosts();
        return Math.max(1, (hosts - shard.index() + shard.count() - 1) / shard.count());
    }

    @Override
    public String splitUnit() {
        return "hosts";
    }

    /** Generated rows: this shard's hosts x epochs; a file's only by a pass. */
    @Override
    public OptionalLong knownRows() {
        if (fromFiles()) return OptionalLong.empty();
        int[] mine = shardHosts();
        return OptionalLong.of((long) (mine[1] - mine[0]) * generated.epochs());
    }

    /** A whole plain file's size, else the lines written as TSBS writes them (no file made). */
    @Override
    public long rawTextBytes() throws IOException {
        if (fromFiles() && shard.whole() && summary.plainSize() != null) return summary.plainSize();
        ByteCount count = new ByteCount();
        try (CpuLineWriter w = new CpuLineWriter(count); CpuSource rows = all()) {
            for (CpuBatch b = rows.next(BATCH); !b.isEmpty(); b = rows.next(BATCH)) w.write(b);
        }
        return count.bytes();
    }

    @Override
    public String describe() {
        String all = fromFiles() ? "TSBS cpu-only rows from the file " + file + " (queries drawn with seed " + fileSeed + ")"
                : "TSBS cpu-only hosts, generated: " + generated;
        if (shard.whole()) return all;
        if (fromFiles()) return all + "; shard " + shard + ": hosts whose number is " + shard.index() + " mod " + shard.count();
        int[] mine = shardHosts();
        return all + "; shard " + shard + ": " + (mine[0] == mine[1] ? "no hosts" : "hosts " + mine[0] + ".." + (mine[1] - 1));
    }

    @Override
    public WorkloadRecord record() {
        DevopsSpec spec = spec();
        return new WorkloadRecord(new WorkloadRecord.Hosts(spec.hosts(), spec.startNs(), spec.endNs(), spec.intervalNs(), spec.seed(),
                fromFiles() ? file.toAbsolutePath().toString() : null), describe());
    }

    @Override
    public String answersKey() throws IOException {
        StringBuilder k = new StringBuilder("cpu-only ");
        if (fromFiles()) {
            k.append(summary.key()).append("\nqueries seed ").append(fileSeed);
        } else {
            k.append("generated ").append(generated);
        }
        return k.append("\nqueries per type ").append(DevopsSpec.QUERIES_PER_TYPE).append("\nshard ").append(shard).toString();
    }

    @Override
    public DevopsAnswers answers() throws IOException {
        checkFiles();
        try (CpuSource rows = all()) {
            return DevopsAnswers.compute(spec(), rows);
        }
    }

    @Override
    public DevopsAnswers readAnswers(DataInput in) throws IOException {
        return DevopsAnswers.readFrom(spec(), in);
    }

    @Override
    public void writeJson(ObjectNode data) {
        if (fromFiles()) {
            data.put("file", file.toAbsolutePath().toString());
            data.put("seed", fileSeed);
        } else {
            data.put("hosts", generated.hosts());
            data.put("startNs", generated.startNs());
            data.put("endNs", generated.endNs());
            data.put("intervalNs", generated.intervalNs());
            data.put("seed", generated.seed());
        }
        data.put("shard", shard.toString());
    }

    /** The data set {@link #writeJson} wrote; a missing field is an IOException naming it. */
    static CpuDataSet read(JsonNode data) throws IOException {
        String f = SettingsJson.file(data);
        CpuDataSet whole;
        if (f != null) {
            whole = file(Path.of(f), SettingsJson.required(data, "seed").asLong());
        } else {
            try {
                whole = generated(new DevopsSpec(SettingsJson.required(data, "hosts").asInt(), SettingsJson.required(data, "startNs").asLong(), SettingsJson.required(data, "endNs").asLong(),
                        SettingsJson.required(data, "intervalNs").asLong(), SettingsJson.required(data, "seed").asLong()));
            } catch (IllegalArgumentException e) {
                throw new IOException("cpu-only data set: " + e.getMessage(), e);
            }
        }
        return whole.withShard(Shard.parse(data.path("shard").asText("0/1")));
    }

    @Override
    public String toString() {
        return describe();
    }
}
