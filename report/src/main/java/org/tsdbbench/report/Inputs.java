package org.tsdbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tsdbbench.report.RunResults.Database;
import org.tsdbbench.report.RunResults.Run;
import org.tsdbbench.report.RunResults.Status;

/**
 * Gathers the databases of several inputs into one report: run folders (everything in them) and
 * bare JMH JSON files (only what JMH's JSON holds: no manifest facts, no verification). When the
 * same database comes from more than one input, each is labelled with its run (id or folder name).
 * A run folder's {@code cluster/<db>/} folders (compare --cluster) come with it: each database's
 * cluster as "<name> cluster", right after its single node.
 */
final class Inputs {

    private Inputs() {
    }

    private record Labelled(String source, Database db, boolean cluster) {
        Labelled(String source, Database db) {
            this(source, db, false);
        }
    }

    /** The folder a run keeps its clusters' results in: {@code <run>/cluster/<db>/}, one a database. */
    static final String CLUSTER_FOLDER = "cluster";

    static ReportData read(List<Path> inputs) throws InputException, IOException {
        List<Labelled> all = new ArrayList<>();
        List<String> incomplete = new ArrayList<>();
        Map<String, Map<String, List<JsonNode>>> bareFiles = new LinkedHashMap<>();
        Map<String, String> bareSource = new HashMap<>();
        for (Path in : inputs) {
            if (Files.isDirectory(in)) {
                Run run = RunResults.readRun(in);
                if (run.databases().isEmpty()) {
                    throw new InputException(in + ": no <db>-manifest.json, <db>-write.json, <db>-query.json or run.json: not a results folder");
                }
                if (Boolean.FALSE.equals(run.complete())) incomplete.add(run.label() + " (" + in + ")");
                for (Database db : run.databases()) all.add(new Labelled(run.label(), db));
                for (Path c : clusterFolders(in)) {
                    Run cluster = RunResults.readRun(c);
                    if (Boolean.FALSE.equals(cluster.complete())) incomplete.add(cluster.label() + " (" + c + ")");
                    for (Database db : cluster.databases()) all.add(new Labelled(run.label(), db, true));
                }
            } else if (JmhJson.isJsonFile(in)) {
                List<JsonNode> entries = JmhJson.entries(in);
                if (entries.stream().allMatch(e -> JmhJson.kindOf(e) == null)) {
                    throw new InputException(in + ": no write (rowsPerRequest), query (queryId), range, volume, mixed or fixed-rate benchmark entries: "
                            + "not a tsdb-bench JMH result");
                }
                Path parent = in.toAbsolutePath().normalize().getParent();
                String source = parent == null || parent.getFileName() == null ? in.getFileName().toString() : parent.getFileName().toString();
                String key = source + "\u0000" + JmhJson.databaseOf(in, entries);
                Map<String, List<JsonNode>> kinds = bareFiles.computeIfAbsent(key, k -> new LinkedHashMap<>());
                JmhJson.byKind(in, entries).forEach((kind, list) -> kinds.computeIfAbsent(kind, k -> new ArrayList<>()).addAll(list));
                bareSource.put(key, source);
            } else {
                throw new InputException(in + ": no such results folder or JMH JSON file");
            }
        }
        for (Map.Entry<String, Map<String, List<JsonNode>>> e : bareFiles.entrySet()) {
            String name = e.getKey().substring(e.getKey().indexOf('\u0000') + 1);
            Map<String, List<JsonNode>> kinds = e.getValue();
            Further further = Further.ofJmh(kinds.getOrDefault("range", List.of()), kinds.getOrDefault("volume", List.of()),
                    kinds.getOrDefault("mixed", List.of()), kinds.getOrDefault("fixedrate", List.of()));
            all.add(new Labelled(bareSource.get(e.getKey()), new Database(name, name, JmhJson.writeCells(kinds.getOrDefault("write", List.of())),
                    JmhJson.queries(kinds.getOrDefault("query", List.of())), null, Status.UNKNOWN, null, further)));
        }
        return new ReportData(labelled(all), incomplete);
    }

    /** The results folders under {@code <run>/cluster/}, in name order; none when there is no such folder. */
    private static List<Path> clusterFolders(Path run) throws IOException {
        Path dir = run.resolve(CLUSTER_FOLDER);
        if (!Files.isDirectory(dir)) return List.of();
        try (var s = Files.list(dir)) {
            return s.filter(Files::isDirectory).filter(d -> Files.exists(d.resolve(d.getFileName() + "-manifest.json"))).sorted().toList();
        }
    }

    /**
     * Databases named more than once get their source's label, so that every column says where it
     * came from (a cluster counts with its single node: it is named "cluster" instead); each cluster
     * follows its single node.
     */
    private static List<Database> labelled(List<Labelled> all) {
        Map<String, Integer> count = new HashMap<>();
        for (Labelled l : all) if (!l.cluster()) count.merge(l.db().name(), 1, Integer::sum);
        List<Database> out = new ArrayList<>();
        for (Labelled l : all) {
            if (l.cluster()) continue;
            out.add(count.get(l.db().name()) > 1 ? l.db().withDisplayName(l.db().displayName() + " (" + l.source() + ")") : l.db());
            for (Labelled c : all) {
                if (c.cluster() && c.source().equals(l.source()) && c.db().name().equals(l.db().name())) {
                    out.add(c.db().withDisplayName(l.db().displayName() + " cluster" + (count.get(l.db().name()) > 1 ? " (" + l.source() + ")" : "")));
                }
            }
        }
        for (Labelled c : all) {
            boolean placed = all.stream().anyMatch(l -> !l.cluster() && l.source().equals(c.source()) && l.db().name().equals(c.db().name()));
            if (c.cluster() && !placed) out.add(c.db().withDisplayName(c.db().displayName() + " cluster"));
        }
        return out;
    }
}
