package org.tsdbbench.common.workload;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A file of {@code tsbs_generate_data} a data set reads (plain or gzip): its validating pass, made
 * once and shared by the data set's shards, how long that took, and what of it decides its rows (the
 * answer cache's key). {@code S} is what the workload's pass finds (hosts or trucks, the time range).
 */
public final class TsbsFile<S> {

    /** A workload's validating pass: reads every line, returns what it found, or fails naming file and line. */
    @FunctionalInterface
    public interface Pass<S> {
        S validate(Path file) throws IOException;
    }

    private final Path path;
    private final Pass<S> pass;
    private S found;
    private double seconds;

    public TsbsFile(Path path, Pass<S> pass) {
        this.path = path;
        this.pass = pass;
    }

    public Path path() {
        return path;
    }

    /** What the validating pass found, reading the file now if no step did yet. */
    public synchronized S summary() throws IOException {
        if (found == null) {
            long start = System.nanoTime();
            found = pass.validate(path);
            seconds = (System.nanoTime() - start) / 1e9;
        }
        return found;
    }

    /** Seconds the validating pass took; 0 before it ran. */
    public synchronized double seconds() {
        return seconds;
    }

    /** Whether the file is gzip-compressed (its first two bytes). */
    public boolean gzip() throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        }
    }

    /** The bytes of its text: the file's size when plain; null when compressed (a pass over its rows tells). */
    public Long plainSize() throws IOException {
        return gzip() ? null : Files.size(path);
    }

    /** What decides its rows, for the answer cache: the absolute path, size and modification time. */
    public String key() throws IOException {
        return "file " + path.toAbsolutePath().normalize() + ' ' + Files.size(path) + ' ' + Files.getLastModifiedTime(path).toMillis();
    }
}
