package org.tsdbbench.common.db;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One way a module sends rows that the comparison runs as its own write matrix: a short name
 * (the write step's {@code --write-path}, the label of its cells and of its table in the report),
 * the module options that select it, and the workloads whose published reports wrote through it
 * (their figures are compared with its cells only; a faster path of the module is measured beside
 * it, never in its place). One module can have a different published path per workload: the 2018
 * reports loaded TDengine with SQL, report C with parameter binding. Each module's README says why.
 */
public record WritePath(String name, Map<String, String> options, Set<String> publishedWorkloads) {

    public WritePath {
        if (name == null || !name.matches("[a-z][a-z0-9-]*")) throw new IllegalArgumentException("write path name " + name + ": lower-case letters, digits and -");
        options = Collections.unmodifiableMap(new TreeMap<>(options));
        publishedWorkloads = Collections.unmodifiableSortedSet(new TreeSet<>(publishedWorkloads));
    }

    /** The path the published reports of these workloads used (their names as {@code --workload} takes them). */
    public static WritePath published(String name, Map<String, String> options, String... workloads) {
        if (workloads.length == 0) throw new IllegalArgumentException("write path " + name + ": published for which workloads?");
        return new WritePath(name, options, Set.of(workloads));
    }

    /** A path of the module that no published report used (a faster one, measured beside the published one). */
    public static WritePath other(String name, Map<String, String> options) {
        return new WritePath(name, options, Set.of());
    }

    /** Whether the published reports of this workload wrote through this path. */
    public boolean publishedFor(String workload) {
        return publishedWorkloads.contains(workload);
    }
}
