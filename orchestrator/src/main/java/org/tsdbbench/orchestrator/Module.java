package org.tsdbbench.orchestrator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.tsdbbench.results.ModuleDescription;
import org.tsdbbench.results.PublishedCells;

/**
 * One database module as its jar describes itself ({@code <jar> describe}, a {@link ModuleDescription}):
 * its name, the script that starts its local server, the write matrix and cells the published reports
 * ran for it, the script that starts a three-node cluster of it (null: none), its declared write paths
 * (empty: the module's one way) with the published one of each workload, and the workloads it takes.
 * The orchestrator keeps no list of modules: every built module jar is asked.
 */
record Module(Path jar, ModuleDescription about) {

    String name() {
        return about.name();
    }

    String displayName() {
        return about.displayName();
    }

    String serverScript() {
        return about.serverScript();
    }

    /** The devices' published rows per request (list syntax); null when the reports ran none for it. */
    String publishedRowsPerRequest() {
        return about.publishedWriteMatrix() == null ? null : about.publishedWriteMatrix().rowsPerRequest();
    }

    /** The devices' published client counts (list syntax); null when the reports ran none for it. */
    String publishedClients() {
        return about.publishedWriteMatrix() == null ? null : about.publishedWriteMatrix().clients();
    }

    String clusterScript() {
        return about.clusterScript();
    }

    /** The declared write paths' names, in their order (empty: the module's one way). */
    List<String> writePaths() {
        return about.writePaths().stream().map(ModuleDescription.DescribedWritePath::name).toList();
    }

    List<String> workloads() {
        return about.workloads();
    }

    /** The write path the published reports of the workload used; null when the module declares none for it. */
    String publishedWritePath(String workload) {
        return about.writePaths().stream().filter(p -> p.publishedWorkloads().contains(workload)).map(ModuleDescription.DescribedWritePath::name)
                .findFirst().orElse(null);
    }

    /** The write paths for a run of the workload: its published one first, then the others as declared. */
    List<String> writePaths(String workload) {
        List<String> ordered = new ArrayList<>(writePaths());
        String published = publishedWritePath(workload);
        if (published != null && ordered.remove(published)) ordered.add(0, published);
        return ordered;
    }

    /** The write cells the published reports ran for this module on the workload; null when it declares none. */
    PublishedCells publishedCells(String workload) {
        return about.publishedCells().stream().filter(c -> c.workload().equals(workload)).findFirst().orElse(null);
    }

    /** Whether the module takes the workload ({@code devices}, {@code iot}). */
    boolean takes(String workload) {
        return about.workloads().contains(workload);
    }

    /** Every module of the project, asked in turn (each a short JVM run that touches no server). */
    static List<Module> discover(Project project, List<String> java) throws IOException, UsageException, InterruptedException {
        List<Module> modules = new ArrayList<>();
        for (Path jar : project.moduleJars()) modules.add(describe(jar, java));
        return modules;
    }

    static Module describe(Path jar, List<String> java) throws IOException, UsageException, InterruptedException {
        List<String> command = new ArrayList<>(java);
        command.addAll(List.of("-jar", jar.toString(), "describe"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new UsageException(jar + " describe failed: " + out.strip().lines().reduce((a, b) -> b).orElse("no output"));
        }
        return parse(jar, out);
    }

    static Module parse(Path jar, String json) throws UsageException {
        try {
            return new Module(jar, ModuleDescription.fromJson(json.strip().lines().reduce((a, b) -> b).orElse("{}")));
        } catch (IllegalArgumentException e) {
            throw new UsageException(jar + " describe: " + e.getMessage());
        }
    }
}
