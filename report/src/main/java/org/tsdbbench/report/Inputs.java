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
 */
final class Inputs {

    private Inputs() {
    }

    private record Labelled(String source, Database db) {
    }

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
            Further further = Further.of(null, kinds.getOrDefault("range", List.of()), kinds.getOrDefault("volume", List.of()),
                    kinds.getOrDefault("mixed", List.of()), kinds.getOrDefault("fixedrate", List.of()));
            all.add(new Labelled(bareSource.get(e.getKey()), new Database(name, name, JmhJson.writeCells(kinds.getOrDefault("write", List.of())),
                    JmhJson.queries(kinds.getOrDefault("query", List.of())), null, Status.UNKNOWN, null, further)));
        }
        return new ReportData(labelled(all), incomplete);
    }

    /** Databases named more than once get their source's label, so that every column says where it came from. */
    private static List<Database> labelled(List<Labelled> all) {
        Map<String, Integer> count = new HashMap<>();
        for (Labelled l : all) count.merge(l.db().name(), 1, Integer::sum);
        List<Database> out = new ArrayList<>();
        for (Labelled l : all) {
            out.add(count.get(l.db().name()) > 1 ? l.db().withDisplayName(l.db().displayName() + " (" + l.source() + ")") : l.db());
        }
        return out;
    }
}
