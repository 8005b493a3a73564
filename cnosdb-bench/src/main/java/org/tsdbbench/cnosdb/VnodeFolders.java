package org.tsdbbench.cnosdb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.tsdbbench.common.bench.ServerProcesses;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Poll;
import org.tsdbbench.results.ServerHeldRecord;

/**
 * Disk use of a local CnosDB: the files of the benchmark database's vnodes once CnosDB flushed and
 * compacted them. CnosDB's own figure, {@code usage_schema.vnode_disk_storage}, is not used: 2.4.3.4
 * records it when a new storage version is made but from the version before it (TseriesFamily's
 * new_super_version), so right after a flush it still says what was on disk before (0 here, beside
 * a delta file of 138 KB). The storage path comes from the config of the cnosdb listening on the
 * HTTP port ({@code --config FILE}: {@code [storage] path}); the vnodes are
 * {@code PATH/data/<tenant>.<database>/<vnode id>/}. The write-ahead log (under {@code [wal] path})
 * is left out, like the other modules' logs.
 */
final class VnodeFolders {

    private static final long SETTLE_SECONDS = 120;
    /** The parts of a vnode folder, as CnosDB names them: level-0 and levelled data files, the tag index (its LMDB lock file left out), the version summary. */
    private static final List<String> PARTS = List.of("delta", "tsm", "index", "summary");

    private VnodeFolders() {
    }

    /** Null when no local cnosdb listens on the port: a remote server's disk cannot be read. */
    static DiskUse measure(CnosHttp http, String tenant, String database, int httpPort, List<String> otherDatabases) throws DatabaseException {
        Path storage = localStoragePath(httpPort);
        if (storage == null) return null;
        Path owner = storage.resolve("data").resolve(tenant + "." + database);
        // Report D's "before": the files as the writes left them, the rows still in the cache and the WAL not among them.
        long before = partBytes(owner).stream().mapToLong(Long::longValue).sum();
        // COMPACT DATABASE flushes every vnode's cache to a file, then compacts its files (CnosDB's own flush).
        http.sqlJson("public", "COMPACT DATABASE " + database);
        List<Long> parts = Poll.every(Duration.ofSeconds(2), Duration.ofSeconds(SETTLE_SECONDS)).steady(() -> partBytes(owner),
                p -> p.get(0) + p.get(1) > 0, 2,
                last -> "CnosDB: the vnode folders under " + owner + " held no data file or did not settle within " + SETTLE_SECONDS + " s: " + last);
        long all = 0;
        StringBuilder named = new StringBuilder();
        for (int i = 0; i < PARTS.size(); i++) {
            all += parts.get(i);
            named.append(i == 0 ? "" : ", ").append(PARTS.get(i)).append(' ').append(parts.get(i));
        }
        long otherBytes = 0;
        for (String other : otherDatabases) otherBytes += partBytes(storage.resolve("data").resolve(tenant + "." + other)).stream().mapToLong(Long::longValue).sum();
        // DROP DATABASE removes the database's vnode folders: a recreated one holds nothing of earlier runs.
        return new DiskUse(all, "bytes of the vnode folders of database " + database + " under " + owner + " (" + named
                + " bytes) after COMPACT DATABASE (CnosDB's flush and compaction), unchanged over 2 s; the write-ahead log left out."
                + " CnosDB's own usage_schema.vnode_disk_storage is not used: 2.4.3.4 records it one storage version late",
                new ServerHeldRecord(otherDatabases, otherBytes, 0L, false, null)).withBytesBeforeSettling(before);
    }

    /** Bytes of each part ({@link #PARTS}) summed over the vnodes, in that order. */
    private static List<Long> partBytes(Path owner) throws DatabaseException {
        long[] bytes = new long[PARTS.size()];
        if (!Files.isDirectory(owner)) return LongStream.of(bytes).boxed().toList();
        try (Stream<Path> vnodes = Files.list(owner)) {
            for (Path v : vnodes.filter(Files::isDirectory).toList()) {
                for (int i = 0; i < PARTS.size(); i++) bytes[i] += size(v.resolve(PARTS.get(i)));
            }
        } catch (IOException | UncheckedIOException e) {
            throw new DatabaseException("CnosDB: cannot list the vnode folders under " + owner + ": " + DatabaseException.rootMessage(e), e);
        }
        return LongStream.of(bytes).boxed().toList();
    }

    /** The storage path of the local cnosdb on the port, from its --config file; CnosDB's default when none is given. */
    static Path localStoragePath(int httpPort) {
        for (long pid : ServerProcesses.listeningOn(httpPort)) {
            try {
                String[] args = new String(Files.readAllBytes(Path.of("/proc", String.valueOf(pid), "cmdline")), StandardCharsets.UTF_8).split("\0");
                Path config = Path.of("/etc/cnosdb/cnosdb.conf");
                for (int i = 0; i + 1 < args.length; i++) if (args[i].equals("--config")) config = Path.of(args[i + 1]);
                return storagePath(config);
            } catch (IOException e) {
                // not our process to read: try the next one
            }
        }
        return null;
    }

    /** {@code [storage] path} of a CnosDB config (TOML), else CnosDB's default /var/lib/cnosdb/data. */
    static Path storagePath(Path config) throws IOException {
        Path path = Path.of("/var/lib/cnosdb/data");
        if (!Files.exists(config)) return path;
        String section = "";
        for (String line : Files.readAllLines(config)) {
            String l = line.strip();
            if (l.startsWith("[")) section = l;
            int eq = l.indexOf('=');
            if (section.equals("[storage]") && eq > 0 && l.substring(0, eq).strip().equals("path")) {
                String value = l.substring(eq + 1).strip();
                int hash = value.indexOf(" #");
                if (hash > 0) value = value.substring(0, hash).strip();
                path = Path.of(value.replaceAll("^[\"']|[\"']$", ""));
            }
        }
        return path;
    }

    /**
     * Bytes of the regular files at or under {@code p}, but LMDB's lock files (lock.mdb, a fixed 64 KB
     * of reader slots beside the index); what vanishes meanwhile (a compaction replaces files) counts 0.
     */
    private static long size(Path p) {
        if (Files.isRegularFile(p)) {
            try {
                return Files.size(p);
            } catch (IOException e) {
                return 0;
            }
        }
        if (!Files.isDirectory(p)) return 0;
        try (Stream<Path> files = Files.walk(p)) {
            return files.filter(f -> Files.isRegularFile(f) && !f.getFileName().toString().equals("lock.mdb")).mapToLong(f -> {
                try {
                    return Files.size(f);
                } catch (IOException e) {
                    return 0;
                }
            }).sum();
        } catch (IOException | UncheckedIOException e) {
            return 0;
        }
    }
}
