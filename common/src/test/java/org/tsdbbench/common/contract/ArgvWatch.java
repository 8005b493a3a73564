package org.tsdbbench.common.contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads the command line of this JVM and of every process it starts (the steps, their JMH forks)
 * every 20 ms while it is open, as {@code ps} would show them, and records those that hold the secret.
 */
final class ArgvWatch implements AutoCloseable {
    private final byte[] secret;
    private final Set<Long> seen = ConcurrentHashMap.newKeySet();
    private final Set<String> leaks = ConcurrentHashMap.newKeySet();
    private final Thread thread;
    private volatile boolean open = true;

    ArgvWatch(String secret) {
        this.secret = secret.getBytes(StandardCharsets.UTF_8);
        this.thread = new Thread(this::watch, "argv-watch");
        thread.setDaemon(true);
        thread.start();
    }

    private void watch() {
        while (open) {
            for (long pid : selfAndDescendants()) check(pid);
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * This process and its descendants, from the parent pids in /proc/PID/stat. (ProcessHandle's
     * children() drops children whose start time reads earlier than the parent's, which on this
     * project's VMs was every child after the first moments.)
     */
    private static List<Long> selfAndDescendants() {
        Map<Long, List<Long>> children = new HashMap<>();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().matches("[0-9]+"))) {
            for (Path p : procs) {
                try {
                    String stat = Files.readString(p.resolve("stat"));
                    // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
                    long ppid = Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[1]);
                    children.computeIfAbsent(ppid, k -> new ArrayList<>()).add(Long.parseLong(p.getFileName().toString()));
                } catch (IOException | RuntimeException e) {
                    // it has ended meanwhile
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Long> out = new ArrayList<>(List.of(ProcessHandle.current().pid()));
        for (int i = 0; i < out.size(); i++) out.addAll(children.getOrDefault(out.get(i), List.of()));
        return out;
    }

    private void check(long pid) {
        byte[] cmdline;
        try {
            cmdline = Files.readAllBytes(Path.of("/proc", String.valueOf(pid), "cmdline"));
        } catch (IOException e) {
            return; // it has ended
        }
        if (cmdline.length == 0) return;
        seen.add(pid);
        if (indexOf(cmdline, secret) >= 0) {
            leaks.add("pid " + pid + ": " + new String(cmdline, StandardCharsets.UTF_8).replace('\0', ' ').replace(new String(secret, StandardCharsets.UTF_8), "****"));
        }
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) if (hay[i + j] != needle[j]) continue outer;
            return i;
        }
        return -1;
    }

    Set<Long> seen() {
        return seen;
    }

    Set<String> leaks() {
        return leaks;
    }

    @Override
    public void close() throws InterruptedException {
        open = false;
        thread.join();
    }
}
