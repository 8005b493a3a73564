package org.tsdbbench.common.db;

import java.util.Map;
import java.util.TreeMap;

/**
 * One way a module sends rows that the comparison runs as its own write matrix: a short name
 * (the write step's {@code --write-path}, the label of its cells and of its table in the report),
 * the module options that select it, and whether it is the path the published reports wrote
 * through (their figures are compared with its cells only; a faster path of the module is
 * measured beside it, never in its place). Each module's README says why.
 */
public record WritePath(String name, Map<String, String> options, boolean published) {

    public WritePath {
        if (name == null || !name.matches("[a-z][a-z0-9-]*")) throw new IllegalArgumentException("write path name " + name + ": lower-case letters, digits and -");
        options = java.util.Collections.unmodifiableMap(new TreeMap<>(options));
    }

    /** The path the published reports used. */
    public static WritePath published(String name, Map<String, String> options) {
        return new WritePath(name, options, true);
    }

    /** A path of the module that is not the published one (a faster one, measured beside it). */
    public static WritePath other(String name, Map<String, String> options) {
        return new WritePath(name, options, false);
    }
}
