package org.tsdbbench.common.db;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.workload.Workload;
import org.tsdbbench.common.workload.Workloads;
import org.tsdbbench.results.PublishedCells;
import org.tsdbbench.results.WriteMatrix;

/**
 * What a database module is called and what it takes, given once by its {@link Database}: the
 * short name (file names, results, {@code <name>-bench}), the name people write, the server's usual
 * port and user, the environment variable the password is read from, the module's own
 * {@code --option}s (the {@linkplain ModuleOption#shared() shared ones} come on top), the script
 * under {@code scripts/servers/} that starts a local server (without ".sh"), the write matrix
 * the published reports ran (compare's {@code --matrix published}; null when they ran none), the
 * script that starts a three-node cluster of it (compare's {@code --cluster}; null: none), the
 * write paths the comparison runs, each saying for which workloads it is the published one (empty: the module's one way, unnamed),
 * the workloads it takes, the first its default (a module that names none takes the devices), and the
 * write cells published reports ran for it per workload (compare's {@code --matrix published}).
 */
public record DatabaseDescriptor(String name, String displayName, int defaultPort, String defaultUser, String passwordEnv,
                                 List<ModuleOption<?>> options, String serverScript, WriteMatrix publishedWriteMatrix, String clusterScript,
                                 List<WritePath> writePaths, List<Workload> workloads, List<PublishedCells> publishedCells) {

    public DatabaseDescriptor {
        options = List.copyOf(options);
        writePaths = List.copyOf(writePaths);
        workloads = List.copyOf(workloads);
        publishedCells = List.copyOf(publishedCells);
        if (workloads.isEmpty()) throw new IllegalArgumentException(displayName + " takes no workload");
        Set<String> cellsFor = new HashSet<>();
        for (PublishedCells c : publishedCells) {
            if (workloads.stream().noneMatch(w -> w.name().equals(c.workload()))) {
                throw new IllegalArgumentException(displayName + " declares published cells for " + c.workload() + ", a workload it does not take");
            }
            if (!cellsFor.add(c.workload())) throw new IllegalArgumentException(displayName + " declares published cells for " + c.workload() + " twice");
        }
        if (!name.matches("[a-z][a-z0-9]*")) throw new IllegalArgumentException("database name " + name + ": lower-case letters and digits");
        Set<String> names = new HashSet<>();
        for (ModuleOption<?> o : allOptions(options)) {
            if (!names.add(o.name())) throw new IllegalArgumentException(displayName + " declares option " + o.name() + " twice");
        }
        Set<String> paths = new HashSet<>();
        for (WritePath p : writePaths) {
            if (!paths.add(p.name())) throw new IllegalArgumentException(displayName + " declares write path " + p.name() + " twice");
            for (Map.Entry<String, String> e : p.options().entrySet()) {
                ModuleOption<?> o = allOptions(options).stream().filter(x -> x.name().equals(e.getKey())).findFirst()
                        .orElseThrow(() -> new IllegalArgumentException(displayName + " write path " + p.name() + ": no option " + e.getKey()));
                o.parse(e.getValue());
            }
        }
        Set<String> publishedFor = new HashSet<>();
        for (WritePath p : writePaths) {
            for (String w : p.publishedWorkloads()) {
                if (!publishedFor.add(w)) throw new IllegalArgumentException(displayName + " declares more than one published write path for " + w);
            }
        }
    }

    /** A module whose server script is its name and whose write matrix was not published. */
    public DatabaseDescriptor(String name, String displayName, int defaultPort, String defaultUser, String passwordEnv,
                              ModuleOption<?>... options) {
        this(name, displayName, defaultPort, defaultUser, passwordEnv, List.of(options));
    }

    public DatabaseDescriptor(String name, String displayName, int defaultPort, String defaultUser, String passwordEnv,
                              List<ModuleOption<?>> options) {
        this(name, displayName, defaultPort, defaultUser, passwordEnv, options, name, null, null, List.of(), List.of(DevicesWorkload.INSTANCE),
                List.of());
    }

    /** This module with another server script ({@code scripts/servers/<script>.sh}). */
    public DatabaseDescriptor withServerScript(String script) {
        return new DatabaseDescriptor(name, displayName, defaultPort, defaultUser, passwordEnv, options, script, publishedWriteMatrix, clusterScript,
                writePaths, workloads, publishedCells);
    }

    /** This module with the write matrix the published reports ran, in the CLI's list syntax ({@code 1,100,500}, {@code 1-7}). */
    public DatabaseDescriptor withPublishedWriteMatrix(String rowsPerRequest, String clients) {
        return new DatabaseDescriptor(name, displayName, defaultPort, defaultUser, passwordEnv, options, serverScript,
                new WriteMatrix(rowsPerRequest, clients), clusterScript, writePaths, workloads, publishedCells);
    }

    /** This module with a three-node cluster that {@code scripts/servers/<script>.sh} starts (start, stop, status, client). */
    public DatabaseDescriptor withClusterScript(String script) {
        return new DatabaseDescriptor(name, displayName, defaultPort, defaultUser, passwordEnv, options, serverScript, publishedWriteMatrix, script,
                writePaths, workloads, publishedCells);
    }

    /**
     * This module with the write paths the comparison runs, each a write matrix of its own: at most
     * one published path per workload, and any faster one (each module's README says which and why).
     */
    public DatabaseDescriptor withWritePaths(WritePath... paths) {
        return new DatabaseDescriptor(name, displayName, defaultPort, defaultUser, passwordEnv, options, serverScript, publishedWriteMatrix,
                clusterScript, List.of(paths), workloads, publishedCells);
    }

    /** The declared write path of that name, if any. */
    public Optional<WritePath> writePath(String pathName) {
        return writePaths.stream().filter(p -> p.name().equals(pathName)).findFirst();
    }

    /**
     * The declared write path these {@code --option}s select: the first whose every option has the
     * value given, or the option's default where none is given; empty when none matches (or none is
     * declared). Values are compared as the options parse them ({@code writeMode=Stmt} is stmt).
     */
    public Optional<WritePath> writePathOf(Map<String, String> given) {
        return writePaths.stream().filter(p -> p.options().entrySet().stream().allMatch(e -> {
            ModuleOption<?> o = option(e.getKey()).orElseThrow();
            Object value = given.containsKey(e.getKey()) ? o.parse(given.get(e.getKey())) : o.defaultValue();
            return java.util.Objects.equals(value, o.parse(e.getValue()));
        })).findFirst();
    }

    /** This module taking these workloads, the first its default. */
    public DatabaseDescriptor withWorkloads(Workload... taken) {
        return new DatabaseDescriptor(name, displayName, defaultPort, defaultUser, passwordEnv, options, serverScript, publishedWriteMatrix,
                clusterScript, writePaths, List.of(taken), publishedCells);
    }

    /**
     * This module with the write cells published reports ran for it on a workload it takes (declared after
     * {@link #withWorkloads}), which {@code compare --matrix published} runs for that workload.
     */
    public DatabaseDescriptor withPublishedCells(PublishedCells... cells) {
        return new DatabaseDescriptor(name, displayName, defaultPort, defaultUser, passwordEnv, options, serverScript, publishedWriteMatrix,
                clusterScript, writePaths, workloads, List.of(cells));
    }

    /** The workload a step runs when none is named. */
    public Workload defaultWorkload() {
        return workloads.get(0);
    }

    /** Whether the module takes the workload. */
    public boolean takes(Workload workload) {
        return workloads.contains(workload);
    }

    /**
     * Checks before any work that the module takes the workload: one that it does not is an
     * IllegalArgumentException naming the module, the workload and the workloads it takes.
     */
    public void checkTakes(Workload workload) {
        if (!takes(workload)) {
            throw new IllegalArgumentException(displayName + " does not take the " + workload.name() + " workload (it takes "
                    + Workloads.names(workloads) + ")");
        }
    }

    /** The database (keyspace) the benchmarks use unless {@code -database} says another. */
    public String defaultDatabase() {
        return "bench";
    }

    /** Every option the module takes: the shared ones, then its own. */
    public List<ModuleOption<?>> allOptions() {
        return allOptions(options);
    }

    private static List<ModuleOption<?>> allOptions(List<ModuleOption<?>> own) {
        List<ModuleOption<?>> all = new ArrayList<>(ModuleOption.shared());
        all.addAll(own);
        return List.copyOf(all);
    }

    /** The option of that name, if the module takes it. */
    public Optional<ModuleOption<?>> option(String key) {
        return allOptions().stream().filter(o -> o.name().equals(key)).findFirst();
    }

    /**
     * Checks every given {@code --option} before any work: an unknown key is an
     * IllegalArgumentException naming it and the keys the module takes, a bad value one naming
     * key, value and rule.
     */
    public void checkOptions(Map<String, String> given) {
        for (Map.Entry<String, String> e : given.entrySet()) {
            ModuleOption<?> o = option(e.getKey()).orElseThrow(() -> new IllegalArgumentException("--option " + e.getKey() + "=" + e.getValue()
                    + ": " + displayName + " has no option " + e.getKey() + "; it takes "
                    + String.join(", ", allOptions().stream().map(ModuleOption::name).toList())));
            o.parse(e.getValue());
        }
    }
}
