package org.tsdbbench.common.workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a TSBS workload's generator command does around writing its one file: the folder made, a
 * folder in the file's place refused, the rows written timed and said in one line.
 */
public final class GeneratedFile {

    /** Writes the data set to the file; the rows (or records) written. */
    @FunctionalInterface
    public interface Writer {
        long write(Path file) throws IOException;
    }

    private GeneratedFile() {
    }

    /** Writes {@code what} (a data set's description) as {@code unit} ("rows", "records") to {@code file}; exit code 0. */
    public static int write(Path file, String what, String unit, Writer writer) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        try {
            if (dir != null) Files.createDirectories(dir);
        } catch (IOException e) {
            throw new IOException("cannot create folder " + dir + ": " + e.getMessage(), e);
        }
        if (Files.isDirectory(file)) throw new IllegalArgumentException("-file " + file + ": is a directory");
        long start = System.nanoTime();
        long rows;
        try {
            rows = writer.write(file);
        } catch (IOException e) {
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        double secs = (System.nanoTime() - start) / 1e9;
        System.out.printf("wrote %,d %s of %s to %s in %.1f s (%,.0f %s/s)%n", rows, unit, what, file, secs, rows / secs, unit);
        return 0;
    }
}
