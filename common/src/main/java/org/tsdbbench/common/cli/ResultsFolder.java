package org.tsdbbench.common.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;

/**
 * One run's folder: JMH's JSON per step ({@code <db>-write.json}, {@code <db>-query.json}), the
 * verify log the forks append to, and the manifest sidecar {@code <db>-manifest.json} with what
 * JMH's JSON cannot carry. Every file is rewritten whole (via a temporary file) after each cell,
 * so what was measured stays on disk whatever happens next.
 */
public final class ResultsFolder {

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path dir;
    private final String db;
    private final ObjectNode manifest;

    private ResultsFolder(Path dir, String db, ObjectNode manifest) {
        this.dir = dir;
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
        ObjectNode manifest = JSON.createObjectNode();
        Path existing = dir.resolve(db + "-manifest.json");
        if (Files.exists(existing)) {
            try {
                manifest = (ObjectNode) JSON.readTree(existing.toFile());
            } catch (IOException | ClassCastException e) {
                manifest = JSON.createObjectNode();
            }
        }
        return new ResultsFolder(dir, db, manifest);
    }

    public Path dir() {
        return dir;
    }

    public Path file(String step, String ext) {
        return dir.resolve(db + "-" + step + "." + ext);
    }

    public Path verifyLog(String step) {
        return file(step + "-verify", "jsonl");
    }

    public ObjectNode manifest() {
        return manifest;
    }

    /** Appends the JMH JSON results of one cell to the step's JSON file (one array of all cells). */
    public void appendJmhJson(String step, Path cellJson) throws IOException {
        Path all = file(step, "json");
        ArrayNode array = Files.exists(all) ? (ArrayNode) JSON.readTree(all.toFile()) : JSON.createArrayNode();
        if (Files.exists(cellJson) && Files.size(cellJson) > 0) {
            JsonNode cell = JSON.readTree(cellJson.toFile());
            if (cell.isArray()) cell.forEach(array::add);
        }
        write(all, array);
        Files.deleteIfExists(cellJson);
    }

    public void saveManifest() throws IOException {
        manifest.put("updated", Instant.now().toString());
        write(file("manifest", "json"), manifest);
    }

    static void write(Path file, JsonNode node) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        JSON.writeValue(tmp.toFile(), node);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
