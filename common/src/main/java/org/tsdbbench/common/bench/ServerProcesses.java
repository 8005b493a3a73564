package org.tsdbbench.common.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The local server's processes and what Linux's /proc says they use: CPU time, resident memory,
 * bytes written to storage. Found by the TCP port they listen on, so the suite needs no pid files.
 */
public final class ServerProcesses {

    /** Clock ticks per second of /proc's CPU times: USER_HZ, 100 on every Linux architecture the JDK runs on. */
    static final double TICKS_PER_SECOND = 100;

    private static final Path PROC = Path.of("/proc");

    private ServerProcesses() {
    }

    /**
     * One reading of a set of processes; a figure /proc would not give is -1. {@code kernelTicks} is
     * the part of {@code cpuTicks} spent in the kernel on the processes' behalf (file system work shows there).
     */
    public record Sample(long nanoTime, long cpuTicks, long kernelTicks, long rssBytes, long writeBytes) {
    }

    /** The pids with a socket listening on this TCP port (IPv4 or IPv6), empty when none is visible. */
    public static List<Long> listeningOn(int port) {
        Set<String> inodes = new LinkedHashSet<>();
        for (String table : List.of("net/tcp", "net/tcp6")) {
            try {
                for (String line : Files.readAllLines(PROC.resolve(table))) {
                    String[] f = line.trim().split("\\s+");
                    // local_address is HEXIP:HEXPORT, st 0A is LISTEN, the inode is the 10th field.
                    if (f.length < 10 || !f[3].equals("0A")) continue;
                    String local = f[1];
                    if (Integer.parseInt(local.substring(local.indexOf(':') + 1), 16) == port) inodes.add(f[9]);
                }
            } catch (IOException | RuntimeException e) {
                // no such table (no IPv6), or not Linux: nothing found here
            }
        }
        if (inodes.isEmpty()) return List.of();
        List<Long> pids = new ArrayList<>();
        try (Stream<Path> procs = Files.list(PROC)) {
            for (Path p : (Iterable<Path>) procs::iterator) {
                String name = p.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) continue;
                if (ownsSocket(p.resolve("fd"), inodes)) pids.add(Long.parseLong(name));
            }
        } catch (IOException e) {
            return List.of();
        }
        return pids;
    }

    private static boolean ownsSocket(Path fds, Set<String> inodes) {
        try (Stream<Path> s = Files.list(fds)) {
            return s.anyMatch(fd -> {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    return target.startsWith("socket:[") && inodes.contains(target.substring(8, target.length() - 1));
                } catch (IOException | UnsupportedOperationException e) {
                    return false;
                }
            });
        } catch (IOException e) {
            return false; // another user's process, or gone
        }
    }

    /** This JVM's own CPU time in nanoseconds (every thread, GC and JIT included): the client's cost. */
    public static long ownCpuNanos() {
        var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
    }

    /**
     * Sums CPU ticks, RSS and storage writes over the pids and their descendants (a server of several
     * processes, as PostgreSQL's backends, forks them); a pid that is gone counts as nothing. CPU
     * counts each process's own time and that of the children it has reaped (cutime, cstime), so a
     * backend that ends between two samples still counts. Memory: the pids' resident set, and each
     * descendant's proportional share (Pss), so pages they share with the pid are not counted twice.
     */
    public static Sample sample(List<Long> pids) {
        long ticks = 0;
        long kernel = 0;
        long rss = 0;
        long written = 0;
        boolean ioVisible = true;
        Set<Long> given = new HashSet<>(pids);
        for (long pid : withDescendants(pids)) {
            Path dir = PROC.resolve(Long.toString(pid));
            try {
                String stat = Files.readString(dir.resolve("stat"));
                // Fields after the ")" that closes the command name: state is field 3, utime 14, stime 15, cutime 16, cstime 17.
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                ticks += Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
                kernel += Long.parseLong(f[12]) + Long.parseLong(f[14]);
                rss += given.contains(pid) ? kbLine(dir.resolve("status"), "VmRSS:") : kbLine(dir.resolve("smaps_rollup"), "Pss:");
            } catch (IOException | RuntimeException e) {
                continue;
            }
            try {
                for (String line : Files.readAllLines(dir.resolve("io"))) {
                    if (line.startsWith("write_bytes:")) written += Long.parseLong(line.substring(12).trim());
                }
            } catch (IOException | RuntimeException e) {
                ioVisible = false; // /proc/<pid>/io needs the same user or root
            }
        }
        return new Sample(System.nanoTime(), ticks, kernel, rss, ioVisible ? written : -1);
    }

    /** The pids and every live process descended from them (from each process's parent in /proc/<pid>/stat). */
    static List<Long> withDescendants(List<Long> pids) {
        Map<Long, List<Long>> children = new HashMap<>();
        try (Stream<Path> procs = Files.list(PROC)) {
            for (Path p : procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit)).toList()) {
                try {
                    String stat = Files.readString(p.resolve("stat"));
                    long parent = Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[1]);
                    children.computeIfAbsent(parent, k -> new ArrayList<>()).add(Long.parseLong(p.getFileName().toString()));
                } catch (IOException | RuntimeException e) {
                    // gone meanwhile, or not ours to read
                }
            }
        } catch (IOException e) {
            return pids;
        }
        List<Long> all = new ArrayList<>();
        Deque<Long> todo = new ArrayDeque<>(pids);
        Set<Long> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            long pid = todo.pop();
            if (!seen.add(pid)) continue;
            all.add(pid);
            todo.addAll(children.getOrDefault(pid, List.of()));
        }
        return all;
    }

    /** The bytes of a "Name:   N kB" line of a /proc file; 0 when the file or the line is missing. */
    private static long kbLine(Path file, String name) {
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.startsWith(name)) return 1024 * Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return 0;
    }
}
