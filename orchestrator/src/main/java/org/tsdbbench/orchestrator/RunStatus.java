package org.tsdbbench.orchestrator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a comparison run says of itself in {@code run.json}, rewritten whole at every change: the
 * run's settings, whether it completed, and each database's status (pending, running, passed,
 * failed with the reason, skipped with the reason). The report reads it.
 */
final class RunStatus {

    /** One database's line. */
    record Entry(String name, String status, String reason) {
    }

    /** The run as written: the same fields, in the same order, as the report reads them. */
    record Run(String runId, boolean complete, String scale, String matrix, Integer serverCores, String clientHeap, List<Entry> databases) {
    }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path file;
    private final String runId;
    private final String scale;
    private final String matrix;
    private final Integer serverCores;
    private final String clientHeap;
    private final Map<String, Entry> databases = new LinkedHashMap<>();
    private boolean complete;

    RunStatus(Path file, String runId, String scale, String matrix, Integer serverCores, String clientHeap, List<String> names) {
        this.file = file;
        this.runId = runId;
        this.scale = scale;
        this.matrix = matrix;
        this.serverCores = serverCores;
        this.clientHeap = clientHeap;
        for (String n : names) databases.put(n, new Entry(n, "pending", ""));
    }

    synchronized void set(String name, String status, String reason) throws IOException {
        databases.put(name, new Entry(name, status, reason == null ? "" : reason));
        save();
    }

    synchronized String status(String name) {
        return databases.get(name).status();
    }

    synchronized void complete() throws IOException {
        complete = true;
        save();
    }

    /** Every database still running is marked failed: interrupted. */
    synchronized void interrupted() throws IOException {
        for (Entry e : List.copyOf(databases.values())) {
            if (e.status().equals("running")) databases.put(e.name(), new Entry(e.name(), "failed", "interrupted"));
        }
        save();
    }

    synchronized List<Entry> entries() {
        return new ArrayList<>(databases.values());
    }

    synchronized void save() throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        JSON.writeValue(tmp.toFile(), new Run(runId, complete, scale, matrix, serverCores, clientHeap, new ArrayList<>(databases.values())));
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
