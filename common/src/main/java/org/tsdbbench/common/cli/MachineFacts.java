package org.tsdbbench.common.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.tsdbbench.results.MachineRecord;

/** The client machine, as a result's reader needs it: CPU, cores, memory, OS, Java and its heap limit; the server's CPUs. */
final class MachineFacts {

    private MachineFacts() {
    }

    /** This machine's facts, with the server's core limit and CPUs (each null when not known). */
    static MachineRecord collect(Integer serverCores, String serverCpus) {
        Long memory = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getTotalMemorySize() : null;
        return new MachineRecord(cpuModel(), Runtime.getRuntime().availableProcessors(), memory,
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                // The client's heap limit (-Xmx; JMH forks inherit it): the figures were measured within it.
                Runtime.getRuntime().maxMemory() >> 20, serverCores, serverCpus);
    }

    /**
     * The CPUs each server process may run on (its affinity, /proc/&lt;pid&gt;/status Cpus_allowed_list), as
     * "0 (pid 1234)"; empty when no pid is visible. It shows whether a core limit really holds.
     */
    static java.util.Optional<String> serverCpus(java.util.List<Long> pids) {
        java.util.List<String> parts = new java.util.ArrayList<>();
        for (long pid : pids) {
            try {
                for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                    if (line.startsWith("Cpus_allowed_list:")) parts.add(line.substring(line.indexOf(':') + 1).strip() + " (pid " + pid + ")");
                }
            } catch (IOException | RuntimeException e) {
                // gone, or not Linux: nothing to say of it
            }
        }
        return parts.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(String.join(", ", parts));
    }

    /** How many CPUs a Cpus_allowed_list names: "0-1,3" is 3. */
    static int cpuCount(String list) {
        int n = 0;
        for (String part : list.split(",")) {
            String p = part.strip();
            if (p.isEmpty()) continue;
            int dash = p.indexOf('-');
            n += dash < 0 ? 1 : Integer.parseInt(p.substring(dash + 1)) - Integer.parseInt(p.substring(0, dash)) + 1;
        }
        return n;
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) return line.substring(line.indexOf(':') + 1).strip();
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: fall through
        }
        return System.getProperty("os.arch");
    }
}
