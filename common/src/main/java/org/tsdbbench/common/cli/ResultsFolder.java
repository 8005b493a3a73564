package org.tsdbbench.common.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import org.tsdbbench.results.Manifest;
import org.tsdbbench.results.RunFolder;

/**
 * One run's folder: JMH's JSON per step ({@code <db>-write.json}, {@code <db>-query.json}), the
 * verify log the forks append to, and the manifest sidecar {@code <db>-manifest.json} with what
 * JMH's JSON cannot carry (a {@link Manifest}, whose sections the steps set as they learn them).
 * Every file is rewritten whole (via a temporary file) after each cell, so what was measured stays
 * on disk whatever happens next.
 */
public final class ResultsFolder {

    /** JMH's JSON, appended to as it is: the source of every score. */
    private static final ObjectMapper JMH_JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final RunFolder folder;
    private final String db;
    private final Manifest.Builder manifest;

    private ResultsFolder(RunFolder folder, String db, Manifest.Builder manifest) {
        this.folder = folder;
        this.db = db;
        this.manifest = manifest;
    }

    /** Creates the folder (or reuses it) and checks it can be written. */
    public static ResultsFolder open(Path dir, String db) throws UsageException {
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".probe", ".tmp");
            Files.delete(probe);
        } catch (AccessDeniedException e) {
            throw new UsageException("results folder " + dir + " cannot be written (permission denied)");
        } catch (FileSystemException e) {
            throw new UsageException("results folder " + dir + " cannot be written: " + e.getReason());
        } catch (IOException e) {
            throw new UsageException("results folder " + dir + " cannot be written: " + e.getMessage());
        }
        RunFolder folder = new RunFolder(dir);
        Manifest manifest;
        try {
            // The sections of earlier steps in this folder stay; an unreadable manifest is started afresh.
            manifest = folder.manifest(db).orElseGet(Manifest::empty);
        } catch (IOException e) {
            manifest = Manifest.empty();
        }
        return new ResultsFolder(folder, db, manifest.toBuilder());
    }

    public Path dir() {
        return folder.dir();
    }

    public Path file(String step, String ext) {
        return dir().resolve(db + "-" + step + "." + ext);
    }

    public Path verifyLog(String step) {
        return file(step + "-verify", "jsonl");
    }

    /** The manifest as the steps so far have set it: set a section, then {@link #saveManifest}. */
    public Manifest.Builder manifest() {
        return manifest;
    }

    /** Appends the JMH JSON results of one cell to the step's JSON file (one array of all cells). */
    public void appendJmhJson(String step, Path cellJson) throws IOException {
        Path all = file(step, "json");
        ArrayNode array = Files.exists(all) ? (ArrayNode) JMH_JSON.readTree(all.toFile()) : JMH_JSON.createArrayNode();
        if (Files.exists(cellJson) && Files.size(cellJson) > 0) {
            JsonNode cell = JMH_JSON.readTree(cellJson.toFile());
            if (cell.isArray()) cell.forEach(array::add);
        }
        write(all, array);
        Files.deleteIfExists(cellJson);
    }

    /** Removes the last {@code count} results from the step's JSON file (a cell just measured, to be measured again). */
    public void dropLastJmhResults(String step, int count) throws IOException {
        Path all = file(step, "json");
        if (!Files.exists(all)) return;
        ArrayNode kept = (ArrayNode) JMH_JSON.readTree(all.toFile());
        for (int i = 0; i < count && !kept.isEmpty(); i++) kept.remove(kept.size() - 1);
        write(all, kept);
    }

    /** Removes from the step's JSON file the results whose JMH parameter {@code param} is {@code value} (a query that answered wrong). */
    public void dropJmhResults(String step, String param, String value) throws IOException {
        Path all = file(step, "json");
        if (!Files.exists(all)) return;
        ArrayNode kept = JMH_JSON.createArrayNode();
        for (JsonNode result : JMH_JSON.readTree(all.toFile())) {
            if (!value.equals(result.path("params").path(param).asText(null))) kept.add(result);
        }
        write(all, kept);
    }

    public void saveManifest() throws IOException {
        folder.writeManifest(db, manifest.updated(Instant.now().toString()).build());
    }

    private static void write(Path file, JsonNode node) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        JMH_JSON.writeValue(tmp.toFile(), node);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
