package org.tsdbbench.orchestrator;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tsdbbench.results.RunFolder;
import org.tsdbbench.results.RunRecord;
import org.tsdbbench.results.RunRecord.DatabaseStatus;

/**
 * What a comparison run says of itself in {@code run.json} (a {@link RunRecord}, rewritten whole
 * at every change): the run's settings, whether it completed, and each database's status
 * (pending, running, passed, failed with the reason, skipped with the reason). The report reads it.
 */
final class RunStatus {

    private final RunFolder folder;
    private final String runId;
    private final RunRecord.Settings settings;
    private final Map<String, DatabaseStatus> databases = new LinkedHashMap<>();
    private boolean complete;

    RunStatus(Path dir, String runId, RunRecord.Settings settings, List<String> names) {
        this.folder = new RunFolder(dir);
        this.runId = runId;
        this.settings = settings;
        for (String n : names) databases.put(n, new DatabaseStatus(n, "pending", ""));
    }

    synchronized void set(String name, String status, String reason) throws IOException {
        databases.put(name, new DatabaseStatus(name, status, reason == null ? "" : reason));
        save();
    }

    synchronized void complete() throws IOException {
        complete = true;
        save();
    }

    /** Every database still running is marked failed: interrupted. */
    synchronized void interrupted() throws IOException {
        for (DatabaseStatus d : List.copyOf(databases.values())) {
            if (d.status().equals("running")) databases.put(d.name(), new DatabaseStatus(d.name(), "failed", "interrupted"));
        }
        save();
    }

    synchronized List<DatabaseStatus> entries() {
        return new ArrayList<>(databases.values());
    }

    synchronized void save() throws IOException {
        folder.writeRun(new RunRecord(runId, complete, settings, null, new ArrayList<>(databases.values())));
    }
}
