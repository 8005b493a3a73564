package org.tsdbbench.tdengine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.tsdbbench.common.bench.ServerProcesses;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Poll;
import org.tsdbbench.results.ServerHeldRecord;

/**
 * Disk use of a local TDengine database. 3.x: the bytes of its super tables' data blocks (the
 * devices' one, or the IoT trucks' two) as TDengine counts them ({@code SHOW TABLE DISTRIBUTED},
 * after {@code FLUSH DATABASE}), with the block index and stt files of the vnodes' current file
 * sets ({@code tsdb/current.json}). Not the data files' sizes: a
 * vnode appends every commit's blocks to its file set's one data file and keeps the blocks of
 * dropped tables there until the database is compacted (3.3.0.1's community build refuses COMPACT),
 * so the same rows measured 14x apart by file size after the tests had dropped and written others.
 * 2.x has neither that count nor FLUSH DATABASE and keeps the rows of a load that fits its cache in
 * the write-ahead log until a commit, so there the figure is the vnodes' data files and log
 * together, each named with its bytes, and it holds the rows of tables dropped since the last
 * commit (and their blocks, until a compaction): the record says so. Both say what else the server
 * held: other databases and their vnodes' bytes, and (3.x) the data files' bytes beyond the counted
 * blocks. The data
 * directory comes from the config of the taosd listening on the native port, the vnodes from
 * {@code SHOW <db>.VGROUPS}.
 */
final class VnodeDiskUsage {

    private static final long SETTLE_SECONDS = 120;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The databases every server has (3.x's schemas; 2.x's monitor database). */
    private static final Set<String> SYSTEM_DATABASES = Set.of("information_schema", "performance_schema", "log");
    /**
     * Data files' bytes beyond the counted blocks below this share of them are the files' own
     * framing, not leftovers: 0.2% on a freshly created database here (1,027 of 449,519 bytes).
     */
    private static final double FRAMING = 0.01;

    private VnodeDiskUsage() {
    }

    /**
     * The database's figure, its data blocks those of the super tables named (qualified with the
     * database); null when no local taosd listens on the native port: a remote server's disk cannot be read.
     */
    static DiskUse measure(Channel channel, String database, List<String> superTables, int major, int nativePort) throws DatabaseException {
        Path dataDir = localDataDir(nativePort);
        if (dataDir == null) return null;
        if (major >= 3) channel.update("FLUSH DATABASE " + database);
        List<Path> vnodes = new ArrayList<>();
        channel.query("SHOW " + database + ".VGROUPS", row -> vnodes.add(dataDir.resolve("vnode").resolve("vnode" + (long) row[0])));
        String unsettled = "TDengine: the vnodes of " + database + " under " + dataDir + " did not settle within " + SETTLE_SECONDS + " s: ";
        Poll poll = Poll.every(Duration.ofSeconds(2), Duration.ofSeconds(SETTLE_SECONDS));
        if (major < 3) {
            long all = poll.steady(() -> committedAndLogged(vnodes), n -> n > 0, 2, last -> unsettled + last + " bytes");
            long wal = 0;
            for (Path v : vnodes) wal += size(v.resolve("wal"));
            return new DiskUse(all, "bytes of the data files and meta (tsdb, " + (all - wal) + " bytes) and the write-ahead log (wal, " + wal
                    + " bytes) of the " + vnodes.size() + " vnodes of database " + database + " under " + dataDir + ", unchanged over 2 s:"
                    + " TDengine 2.x has no FLUSH DATABASE and keeps the rows of a load that fits its cache in the log, uncompressed,"
                    + " until a commit (cache blocks full, or taosd stopped)", held(channel, database, dataDir, vnodes, null, true,
                    "rows of dropped tables, if any (kept in the write-ahead log until a commit, and in the data files until a compaction)"));
        }
        Live live = poll.steady(() -> Live.read(channel, superTables, vnodes), l -> l.blocks().inMemoryRows() == 0 && l.bytes() > 0, 2,
                last -> unsettled + last);
        long meta = 0;
        long other = 0;
        for (Path v : vnodes) {
            meta += size(v.resolve("meta"));
            other += size(v) - size(v.resolve("tsdb")) - size(v.resolve("meta"));
        }
        FileSets f = live.files();
        long beyondBlocks = Math.max(0, f.data() - live.blocks().bytes());
        String method = String.format(Locale.ROOT, "TDengine's own count of the bytes of the data blocks of %s"
                        + " (SHOW TABLE DISTRIBUTED: %,d blocks, %,d bytes) and the block index (.head, %,d bytes) and stt files (%d files,"
                        + " %,d bytes) of the %d current file sets of its %d vnodes (tsdb/current.json under %s), after FLUSH DATABASE, unchanged"
                        + " over 2 s. Not counted: the data files' other %,d bytes (blocks of dropped tables, kept until a compaction), the"
                        + " block aggregates (.sma, %,d bytes, appended like the data), the table metadata (meta, %,d bytes: its pages are kept"
                        + " when tables are dropped), the write-ahead log and the vnodes' other folders (%,d bytes)",
                (superTables.size() == 1 ? "super table " : "super tables ") + String.join(" and ", superTables),
                live.blocks().blocks(), live.blocks().bytes(), f.head(), f.sttFiles(), f.stt(), f.sets(), vnodes.size(), dataDir,
                beyondBlocks, f.sma(), meta, other);
        boolean leftovers = beyondBlocks > FRAMING * Math.max(1, f.data());
        return new DiskUse(live.bytes(), method, held(channel, database, dataDir, vnodes, leftovers ? beyondBlocks : 0L, false,
                "this database's data files beyond its current blocks (blocks of dropped tables, kept until a compaction)"));
    }

    /**
     * 3.x after a flush: the super tables' blocks as TDengine counts them, summed, and the files of
     * the current file sets as current.json lists them (the index and stt files are rewritten at
     * each commit, so they hold the current tables only).
     */
    record Live(BlockDistribution blocks, FileSets files) {
        static Live read(Channel channel, List<String> superTables, List<Path> vnodes) throws DatabaseException {
            BlockDistribution blocks = BlockDistribution.NONE;
            for (String table : superTables) blocks = blocks.plus(BlockDistribution.parse(channel.texts("SHOW TABLE DISTRIBUTED " + table)));
            FileSets files = FileSets.NONE;
            for (Path v : vnodes) files = files.plus(FileSets.read(v.resolve("tsdb").resolve("current.json")));
            return new Live(blocks, files);
        }

        long bytes() {
            return blocks.bytes() + files.head() + files.stt();
        }
    }

    /** What {@code SHOW TABLE DISTRIBUTED} says of a super table: its blocks in the data files, their bytes, and rows not in them. */
    record BlockDistribution(long blocks, long bytes, long inMemoryRows, long sttRows) {
        static final BlockDistribution NONE = new BlockDistribution(0, 0, 0, 0);
        private static final Pattern BLOCKS = Pattern.compile("Total_Blocks=\\[(\\d+)\\]");
        private static final Pattern SIZE = Pattern.compile("Total_Size=\\[([0-9.]+) ?(B|KB|KiB|MB|MiB|GB|GiB)\\]");
        private static final Pattern IN_MEMORY = Pattern.compile("Inmem_Rows=\\[(\\d+)\\]");
        private static final Pattern STT = Pattern.compile("Stt_Rows=\\[(\\d+)\\]");

        /** The answer's lines ({@code _block_dist}); one that does not have the four figures is an error naming it. */
        static BlockDistribution parse(List<String> lines) throws DatabaseException {
            String text = String.join("\n", lines);
            Matcher blocks = BLOCKS.matcher(text);
            Matcher size = SIZE.matcher(text);
            Matcher memory = IN_MEMORY.matcher(text);
            Matcher stt = STT.matcher(text);
            if (!blocks.find() || !size.find() || !memory.find() || !stt.find()) {
                throw new DatabaseException("TDengine: SHOW TABLE DISTRIBUTED answered without Total_Blocks, Total_Size, Inmem_Rows and Stt_Rows: "
                        + (lines.isEmpty() ? "no rows" : lines.get(0)));
            }
            double unit = switch (size.group(2)) {
                case "B" -> 1;
                case "KB", "KiB" -> 1024;
                case "MB", "MiB" -> 1024 * 1024;
                default -> 1024 * 1024 * 1024;
            };
            return new BlockDistribution(Long.parseLong(blocks.group(1)), Math.round(Double.parseDouble(size.group(1)) * unit),
                    Long.parseLong(memory.group(1)), Long.parseLong(stt.group(1)));
        }

        BlockDistribution plus(BlockDistribution o) {
            return new BlockDistribution(blocks + o.blocks, bytes + o.bytes, inMemoryRows + o.inMemoryRows, sttRows + o.sttRows);
        }
    }

    /** The files of a vnode's current file sets by kind, as its tsdb/current.json lists them (their sizes as TDengine keeps them). */
    record FileSets(int sets, long data, long head, long sma, long stt, int sttFiles) {
        static final FileSets NONE = new FileSets(0, 0, 0, 0, 0, 0);

        static FileSets read(Path currentJson) throws DatabaseException {
            if (!Files.exists(currentJson)) return NONE; // a vnode nothing was committed to yet
            try {
                return of(JSON.readTree(currentJson.toFile()));
            } catch (IOException e) {
                throw new DatabaseException("TDengine: cannot read the file sets of " + currentJson + ": " + e.getMessage(), e);
            }
        }

        static FileSets of(JsonNode current) {
            FileSets sum = NONE;
            for (JsonNode set : current.path("fset")) {
                long stt = 0;
                int sttFiles = 0;
                for (JsonNode level : set.path("stt lvl")) {
                    for (JsonNode file : level.path("files")) {
                        stt += file.path("size").asLong();
                        sttFiles++;
                    }
                }
                sum = sum.plus(new FileSets(1, set.path("data").path("size").asLong(), set.path("head").path("size").asLong(),
                        set.path("sma").path("size").asLong(), stt, sttFiles));
            }
            return sum;
        }

        FileSets plus(FileSets o) {
            return new FileSets(sets + o.sets, data + o.data, head + o.head, sma + o.sma, stt + o.stt, sttFiles + o.sttFiles);
        }
    }

    /**
     * What the server held beside the database: the other databases and their vnode folders' bytes,
     * and the database's own leftovers (null bytes: not known), counted in the figure or not.
     */
    private static ServerHeldRecord held(Channel channel, String database, Path dataDir, List<Path> vnodes, Long leftoverBytes,
                                         boolean counted, String leftovers) throws DatabaseException {
        List<String> others = new ArrayList<>();
        for (String name : channel.texts("SHOW DATABASES")) {
            if (!name.equalsIgnoreCase(database) && !SYSTEM_DATABASES.contains(name.toLowerCase(Locale.ROOT))) others.add(name);
        }
        long otherBytes = 0;
        try (Stream<Path> all = Files.list(dataDir.resolve("vnode"))) {
            for (Path v : all.filter(Files::isDirectory).toList()) if (!vnodes.contains(v)) otherBytes += size(v);
        } catch (IOException e) {
            throw new DatabaseException("TDengine: cannot list the vnodes under " + dataDir + ": " + e.getMessage(), e);
        }
        return new ServerHeldRecord(others, otherBytes, leftoverBytes, counted, leftovers);
    }

    /** 2.x: bytes of the vnodes' tsdb folders (data files and meta) and their write-ahead logs. */
    private static long committedAndLogged(List<Path> vnodes) {
        long bytes = 0;
        for (Path v : vnodes) bytes += size(v.resolve("tsdb")) + size(v.resolve("wal"));
        return bytes;
    }

    /** The data directory of the local taosd on the port, from its -c config folder (TDengine's default /var/lib/taos). */
    static Path localDataDir(int nativePort) {
        for (long pid : ServerProcesses.listeningOn(nativePort)) {
            try {
                String[] args = new String(Files.readAllBytes(Path.of("/proc", String.valueOf(pid), "cmdline")), StandardCharsets.UTF_8).split("\0");
                Path cfgDir = Path.of("/etc/taos");
                for (int i = 0; i + 1 < args.length; i++) if (args[i].equals("-c")) cfgDir = Path.of(args[i + 1]);
                return dataDir(cfgDir.resolve("taos.cfg"));
            } catch (IOException e) {
                // not our process to read: try the next one
            }
        }
        return null;
    }

    static Path dataDir(Path taosCfg) throws IOException {
        Path dir = Path.of("/var/lib/taos");
        if (Files.exists(taosCfg)) {
            for (String line : Files.readAllLines(taosCfg)) {
                String[] f = line.strip().split("\\s+", 2);
                if (f.length == 2 && f[0].equalsIgnoreCase("dataDir")) dir = Path.of(f[1].strip());
            }
        }
        return dir;
    }

    private static long size(Path dir) {
        if (!Files.isDirectory(dir)) return 0;
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> {
                try {
                    return Files.size(f);
                } catch (IOException e) {
                    return 0; // removed while walking (a commit replaces files)
                }
            }).sum();
        } catch (IOException | UncheckedIOException e) {
            return 0;
        }
    }
}
