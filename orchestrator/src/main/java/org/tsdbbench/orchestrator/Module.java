package org.tsdbbench.orchestrator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.tsdbbench.results.PublishedCells;

/**
 * One database module as its jar describes itself ({@code <jar> describe}): its name, the script
 * that starts its local server, the write matrix the published reports ran for it, the script
 * that starts a three-node cluster of it (null: none), its declared write paths (empty: the
 * module's one way) with the published one of each workload, and the workloads it takes (a describe without
 * {@code "workloads"}, from before there were several, takes the devices). The
 * orchestrator keeps no list of modules: every built module jar is asked.
 */
record Module(String name, String displayName, Path jar, String serverScript, String publishedRowsPerRequest, String publishedClients,
              String clusterScript, List<String> writePaths, Map<String, String> publishedWritePaths, List<String> workloads,
              Map<String, PublishedCells> publishedCells) {

    Module {
        writePaths = List.copyOf(writePaths);
        publishedWritePaths = Map.copyOf(publishedWritePaths);
        publishedCells = Map.copyOf(publishedCells);
        workloads = List.copyOf(workloads);
    }

    /** The write path the published reports of the workload used; null when the module declares none for it. */
    String publishedWritePath(String workload) {
        return publishedWritePaths.get(workload);
    }

    /** The write paths for a run of the workload: its published one first, then the others as declared. */
    List<String> writePaths(String workload) {
        List<String> ordered = new ArrayList<>(writePaths);
        String published = publishedWritePath(workload);
        if (published != null && ordered.remove(published)) ordered.add(0, published);
        return ordered;
    }

    /** The write cells the published reports ran for this module on the workload; null when it declares none. */
    PublishedCells publishedCells(String workload) {
        return publishedCells.get(workload);
    }

    /** Whether the module takes the workload ({@code devices}, {@code iot}). */
    boolean takes(String workload) {
        return workloads.contains(workload);
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
        JsonNode about;
        try {
            about = new ObjectMapper().readTree(json.strip().lines().reduce((a, b) -> b).orElse("{}"));
        } catch (IOException e) {
            throw new UsageException(jar + " describe: not JSON: " + json.strip());
        }
        JsonNode matrix = about.path("publishedWriteMatrix");
        List<String> paths = new ArrayList<>();
        Map<String, String> published = new HashMap<>();
        for (JsonNode p : about.path("writePaths")) {
            paths.add(p.path("name").asText());
            for (JsonNode w : p.path("publishedWorkloads")) published.put(w.asText(), p.path("name").asText());
        }
        List<String> workloads = new ArrayList<>();
        for (JsonNode w : about.path("workloads")) workloads.add(w.asText());
        if (workloads.isEmpty()) workloads.add("devices");
        Map<String, PublishedCells> cells = new HashMap<>();
        for (JsonNode c : about.path("publishedCells")) {
            try {
                PublishedCells p = new PublishedCells(c.path("workload").asText(), c.path("cells").asText(), c.path("source").asText());
                cells.put(p.workload(), p);
            } catch (IllegalArgumentException e) {
                throw new UsageException(jar + " describe: " + e.getMessage());
            }
        }
        return new Module(about.path("name").asText(), about.path("displayName").asText(), jar, about.path("serverScript").asText(),
                matrix.path("rowsPerRequest").asText(null), matrix.path("clients").asText(null), about.path("clusterScript").asText(null),
                paths, published, workloads, cells);
    }
}
