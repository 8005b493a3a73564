package org.tsdbbench.tdengine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.tsdbbench.common.bench.ServerProcesses;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Poll;

/**
 * Disk use of a local TDengine: neither 3.3.0 nor 2.6 reports it in SQL, so this reads the vnode
 * folders of the benchmark's database. The data directory comes from the config of the taosd
 * listening on the native port ({@code taosd -c DIR}: {@code dataDir} in DIR/taos.cfg), the vnodes
 * from {@code SHOW <db>.VGROUPS}. The figure is each vnode's tsdb (data files) and meta (its
 * tables) folders once the database was flushed to them and the size held still for two seconds;
 * the write-ahead log is left out like the other modules' logs, and so are the fixed-size folders
 * of features the benchmark does not use (3.x's tq for streams and subscriptions, sync). 2.x has no
 * FLUSH DATABASE and keeps the rows of a load that fits its cache in the write-ahead log until a
 * commit, so there the figure is the data files and the log together, each named with its bytes.
 */
final class VnodeDiskUsage {

    private static final long SETTLE_SECONDS = 120;

    private VnodeDiskUsage() {
    }

    /** Null when no local taosd listens on the native port: a remote server's disk cannot be read. */
    static DiskUse measure(Channel channel, String database, int major, int nativePort) throws DatabaseException {
        Path dataDir = localDataDir(nativePort);
        if (dataDir == null) return null;
        List<Path> vnodes = new ArrayList<>();
        if (major < 3) {
            channel.query("SHOW " + database + ".VGROUPS", row -> vnodes.add(dataDir.resolve("vnode").resolve("vnode" + (long) row[0])));
            long all = Poll.every(Duration.ofSeconds(2), Duration.ofSeconds(SETTLE_SECONDS)).steady(() -> committedAndLogged(vnodes), n -> n > 0, 2,
                    last -> "TDengine: the vnode folders of " + database + " under " + dataDir + " did not settle within " + SETTLE_SECONDS + " s");
            long wal = 0;
            for (Path v : vnodes) wal += size(v.resolve("wal"));
            return new DiskUse(all, "bytes of the data files and meta (tsdb, " + (all - wal) + " bytes) and the write-ahead log (wal, " + wal
                    + " bytes) of the " + vnodes.size() + " vnodes of database " + database + " under " + dataDir + ", unchanged over 2 s:"
                    + " TDengine 2.x has no FLUSH DATABASE and keeps the rows of a load that fits its cache in the log, uncompressed,"
                    + " until a commit (cache blocks full, or taosd stopped)");
        }
        channel.update("FLUSH DATABASE " + database);
        channel.query("SHOW " + database + ".VGROUPS", row -> vnodes.add(dataDir.resolve("vnode").resolve("vnode" + (long) row[0])));
        long bytes = Poll.every(Duration.ofSeconds(2), Duration.ofSeconds(SETTLE_SECONDS)).steady(() -> dataBytes(vnodes), n -> n > 0, 2,
                last -> "TDengine: the vnode folders of " + database + " under " + dataDir + " did not settle within " + SETTLE_SECONDS + " s");
        long other = 0;
        for (Path v : vnodes) other += size(v);
        other -= bytes;
        return new DiskUse(bytes, "bytes of the tsdb (data files) and meta (tables) folders of the " + vnodes.size() + " vnodes of database "
                + database + " under " + dataDir + ", after FLUSH DATABASE, unchanged over 2 s; the vnodes' write-ahead log and other folders ("
                + other + " bytes) left out");
    }

    /** Bytes of the vnodes' data files and table metadata: what the rows take once flushed. */
    private static long dataBytes(List<Path> vnodes) {
        long bytes = 0;
        for (Path v : vnodes) bytes += size(v.resolve("tsdb")) + size(v.resolve("meta"));
        return bytes;
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
