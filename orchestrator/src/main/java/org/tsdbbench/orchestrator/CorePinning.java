package org.tsdbbench.orchestrator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code --server-cores} for a server that was already running: its processes (and their
 * children, every thread of each) are moved to the server CPUs for the run with {@code taskset},
 * and given their CPUs back afterwards. A server the run starts is started under taskset instead,
 * so it sizes its thread pools for those CPUs from the start.
 */
final class CorePinning {

    /** Each pinned process and the CPU list it had before. */
    private final Map<Long, String> before = new LinkedHashMap<>();

    /** Pins the processes and their descendants to {@code cpus}; the ones it could read and move are remembered. */
    void pin(List<Long> pids, String cpus) throws IOException, InterruptedException {
        for (long pid : pids) {
            List<Long> all = new ArrayList<>(List.of(pid));
            ProcessHandle.of(pid).ifPresent(h -> all.addAll(h.descendants().map(ProcessHandle::pid).toList()));
            for (long p : all) {
                String list = taskset("-c", "-p", String.valueOf(p));
                if (list == null) continue;
                if (taskset("-a", "-c", "-p", cpus, String.valueOf(p)) != null) before.putIfAbsent(p, list.substring(list.lastIndexOf(':') + 1).strip());
            }
        }
    }

    /** Gives every pinned process its CPUs back. */
    void unpin() throws IOException, InterruptedException {
        for (Map.Entry<Long, String> e : before.entrySet()) taskset("-a", "-c", "-p", e.getValue(), String.valueOf(e.getKey()));
        before.clear();
    }

    boolean any() {
        return !before.isEmpty();
    }

    /** taskset's output, or null when it failed (the process is gone). */
    private static String taskset(String... args) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(Stream.concat(Stream.of("taskset"), Stream.of(args)).toList()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        return p.waitFor() == 0 ? out : null;
    }
}
