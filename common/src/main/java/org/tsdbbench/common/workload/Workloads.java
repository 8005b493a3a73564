package org.tsdbbench.common.workload;

import java.util.List;
import java.util.Optional;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.devops.CpuOnlyWorkload;
import org.tsdbbench.common.iot.IotWorkload;
import org.tsdbbench.results.StepFlags;

/** The workloads of the suite, by name: what {@code --workload} and the settings file name. */
public final class Workloads {

    private static final List<Workload> ALL = List.of(DevicesWorkload.INSTANCE, IotWorkload.INSTANCE, CpuOnlyWorkload.INSTANCE);

    private Workloads() {
    }

    public static List<Workload> all() {
        return ALL;
    }

    /** The workload of that name; an unknown name is an IllegalArgumentException naming it and the known ones. */
    public static Workload find(String name) {
        for (Workload w : ALL) if (w.name().equals(name)) return w;
        throw new IllegalArgumentException("no workload '" + name + "'; the suite has " + names(ALL));
    }

    /** The flag that chooses the workload, in the single-dash form of the original tools and the --kebab-case form. */
    public static final List<String> FLAG = List.of(StepFlags.WORKLOAD, StepFlags.WORKLOAD_KEBAB);

    /**
     * The workload a command line names ({@code --workload NAME} or {@code --workload=NAME}),
     * read before the command line is parsed, since the workload decides which data-set flags it
     * takes; empty when none is named.
     */
    public static Optional<String> named(String... args) {
        for (int i = 0; i < args.length && !args[i].equals("--"); i++) {
            for (String flag : FLAG) {
                if (args[i].equals(flag) && i + 1 < args.length) return Optional.of(args[i + 1]);
                if (args[i].startsWith(flag + "=")) return Optional.of(args[i].substring(flag.length() + 1));
            }
        }
        return Optional.empty();
    }

    /** The names, comma-separated: for messages and help. */
    public static String names(List<Workload> workloads) {
        return String.join(", ", workloads.stream().map(Workload::name).toList());
    }
}
