package org.tsdbbench.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The typed files of one run folder: {@code <db>-manifest.json} per database and {@code run.json}.
 * A file is rewritten whole through a temporary file moved over it, so what was written before stays
 * on disk whatever happens next. JMH's own JSON files are not read here: they stay JMH's.
 */
public final class RunFolder {

    /** The suffix of a database's manifest: {@code <db>-manifest.json}. */
    public static final String MANIFEST_SUFFIX = "-manifest.json";
    public static final String RUN_FILE = "run.json";

    private static final ObjectReader MANIFEST = ResultsJson.reader(Manifest.class);
    private static final ObjectReader RUN = ResultsJson.reader(RunRecord.class);

    private final Path dir;

    public RunFolder(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    public Path manifestFile(String db) {
        return dir.resolve(db + MANIFEST_SUFFIX);
    }

    public Path runFile() {
        return dir.resolve(RUN_FILE);
    }

    /** The databases with a manifest in the folder, in name order. */
    public List<String> manifestNames() throws IOException {
        List<String> names = new ArrayList<>();
        if (!Files.isDirectory(dir)) return names;
        try (Stream<Path> s = Files.list(dir)) {
            s.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(MANIFEST_SUFFIX)).sorted()
                    .forEach(f -> names.add(f.substring(0, f.length() - MANIFEST_SUFFIX.length())));
        }
        return names;
    }

    /** A database's manifest; empty when it has none. A file that is not a manifest is an IOException naming it. */
    public Optional<Manifest> manifest(String db) throws IOException {
        return read(manifestFile(db), MANIFEST);
    }

    public void writeManifest(String db, Manifest manifest) throws IOException {
        write(manifestFile(db), manifest);
    }

    /** What run.json says of the run; empty when the folder has none. */
    public Optional<RunRecord> run() throws IOException {
        return read(runFile(), RUN);
    }

    public void writeRun(RunRecord run) throws IOException {
        write(runFile(), run);
    }

    private static <T> Optional<T> read(Path file, ObjectReader reader) throws IOException {
        if (!Files.exists(file)) return Optional.empty();
        try {
            return Optional.of(reader.readValue(file.toFile()));
        } catch (JsonProcessingException e) {
            throw new IOException(file + ": not valid JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static void write(Path file, Object record) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        ResultsJson.fileWriter().writeValue(tmp.toFile(), record);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
