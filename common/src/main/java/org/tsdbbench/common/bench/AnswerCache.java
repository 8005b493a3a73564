package org.tsdbbench.common.bench;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicInteger;
import org.tsdbbench.common.workload.Answers;
import org.tsdbbench.common.workload.DataSet;

/**
 * The expected answers of a data set, computed once and reused by every step and JMH trial of a
 * run: one pass over 100 M rows takes a minute, and every query benchmark's trial needs them. Kept
 * in memory for this JVM (a step and its in-process trials) and in a file of the run's results
 * folder for the forks and later steps, keyed by what decides the rows ({@link DataSet#answersKey}:
 * for the devices, the spec and shard of generated rows, or the data files' paths, sizes and
 * modification times).
 */
public final class AnswerCache {

    private static final byte[] MAGIC = "tsdb-bench expected answers\n".getBytes(StandardCharsets.US_ASCII);

    /** The last data set's answers in this JVM: one data set per run, and a few MB at most. */
    private static volatile Entry last;
    /** Passes over a data set's rows in this JVM, for the tests that prove there is one per data set. */
    private static final AtomicInteger COMPUTED = new AtomicInteger();

    private record Entry(String key, Answers answers) {
    }

    private AnswerCache() {
    }

    /**
     * The data set's answers: from this JVM's memory, else from {@code dir}'s cache file when it
     * holds this data set's, else computed from the rows (and written there when {@code dir} is given).
     */
    public static Answers answers(DataSet data, Path dir) throws IOException {
        String key = key(data);
        Entry e = last;
        if (e != null && e.key().equals(key)) return e.answers();
        synchronized (AnswerCache.class) {
            e = last;
            if (e != null && e.key().equals(key)) return e.answers();
            Path file = dir == null ? null : file(dir, key);
            Answers answers = file == null ? null : read(file, key, data);
            if (answers == null) {
                answers = data.answers();
                COMPUTED.incrementAndGet();
                if (file != null) {
                    try {
                        write(file, key, answers);
                    } catch (IOException writeFailed) {
                        // the answers are right all the same; only their reuse by the next JVM is lost
                    }
                }
            }
            last = new Entry(key, answers);
            return answers;
        }
    }

    /** The cache file of a data set in a folder: {@code expected-answers-<hash of the key>.bin}. */
    static Path file(Path dir, String key) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return dir.resolve("expected-answers-" + HexFormat.of().formatHex(hash, 0, 8) + ".bin");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** What decides the rows of the data set (and so its answers), with its workload. */
    static String key(DataSet data) throws IOException {
        return data.workload().name() + "\n" + data.answersKey();
    }

    /** The answers in the file when it is this data set's; null when it is missing, another data set's or unreadable. */
    private static Answers read(Path file, String key, DataSet data) {
        try (InputStream raw = Files.newInputStream(file); DataInputStream in = new DataInputStream(new BufferedInputStream(raw, 1 << 16))) {
            byte[] magic = in.readNBytes(MAGIC.length);
            if (!java.util.Arrays.equals(magic, MAGIC)) return null;
            byte[] stored = in.readNBytes(in.readInt());
            if (!new String(stored, StandardCharsets.UTF_8).equals(key)) return null;
            return data.readAnswers(in);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException | RuntimeException e) {
            // a torn or foreign file: the rows are still there to compute from
            return null;
        }
    }

    /** Writes through a temporary file and an atomic move: a fork reading meanwhile sees the whole file or none. */
    private static void write(Path file, String key, Answers answers) throws IOException {
        Files.createDirectories(file.getParent());
        Path tmp = Files.createTempFile(file.getParent(), ".expected-answers", ".tmp");
        try {
            try (OutputStream raw = Files.newOutputStream(tmp); DataOutputStream out = new DataOutputStream(new BufferedOutputStream(raw, 1 << 16))) {
                out.write(MAGIC);
                byte[] k = key.getBytes(StandardCharsets.UTF_8);
                out.writeInt(k.length);
                out.write(k);
                answers.writeTo(out);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Passes over a data set's rows this JVM has made. */
    static int computed() {
        return COMPUTED.get();
    }

    /** Forgets the in-memory copy, as a new JMH fork starts without it. */
    static void forgetInMemory() {
        last = null;
    }
}
