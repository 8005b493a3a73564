package org.tsdbbench.common.workload;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import org.tsdbbench.common.data.DataFileException;

/**
 * The lines of a text file (plain or gzip), read as bytes without a copy: after {@link #next} a line
 * is {@code text()[from(), to())} inside the read buffer (no newline, no trailing CR), valid until the
 * next call. For the TSBS files' readers, whose cost per line is the loader's cost per row.
 */
public final class LineInput implements Closeable {

    /** The longest line taken: a TSBS line is a few hundred bytes. */
    private static final int MAX_LINE = 1 << 20;
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101_0101_0101_0101L;
    private static final long HIGHS = 0x8080_8080_8080_8080L;
    private static final long NEWLINES = ONES * '\n';

    private final Path file;
    private final InputStream in;
    private byte[] buf = new byte[1 << 16];
    private int pos;
    private int limit;
    private boolean eof;
    private int from;
    private int to;
    private long number;

    /** How a reader names a file it cannot open: its workload's own {@link DataFileException}. */
    @FunctionalInterface
    public interface Problem {
        DataFileException of(Path file, String problem);
    }

    /** The file's lines; a missing, unreadable or folder path is a {@link DataFileException} naming it. */
    public LineInput(Path file) throws IOException {
        this.file = file;
        this.in = open(file, DataFileException::new);
    }

    /** The file's bytes, gunzipped when it is gzip (its first two bytes say so); one it cannot open is {@code problem}'s exception. */
    public static InputStream open(Path file, Problem problem) throws IOException {
        if (Files.isDirectory(file)) throw problem.of(file, "is a directory, not a TSBS data file");
        try {
            boolean gzip;
            try (InputStream head = Files.newInputStream(file)) {
                gzip = head.read() == 0x1f && head.read() == 0x8b;
            }
            // A plain file is read straight into the reader's own buffer: no second copy.
            InputStream raw = Files.newInputStream(file);
            return gzip ? new GZIPInputStream(raw, 1 << 16) : raw;
        } catch (NoSuchFileException e) {
            throw problem.of(file, "no such TSBS data file");
        } catch (AccessDeniedException e) {
            throw problem.of(file, "TSBS data file cannot be read (permission denied)");
        }
    }

    /** Moves to the next line; false at the end of the file. */
    public boolean next() throws IOException {
        while (true) {
            int end = newline(buf, pos, limit);
            if (end < limit || eof && pos < limit) {
                from = pos;
                to = end;
                pos = Math.min(end + 1, limit);
                if (to > from && buf[to - 1] == '\r') to--;
                number++;
                return true;
            }
            if (eof) return false;
            fill();
        }
    }

    /**
     * Whether at least {@code n} bytes of the file lie ahead of the next line's start (reading more when
     * needed); false only near the end. Then {@code text()[position(), position() + n)} may be peeked at.
     */
    public boolean ahead(int n) throws IOException {
        while (limit - pos < n && !eof) fill();
        return limit - pos >= n;
    }

    /** Where the next line starts in {@link #text()}. */
    public int position() {
        return pos;
    }

    /**
     * Passes over the next line without taking it, its newline searched for only from {@code minLength}
     * bytes on (a validated file's shortest line): a reader skips the lines of others this way.
     */
    public void skipLine(int minLength) throws IOException {
        while (true) {
            int end = newline(buf, Math.min(pos + minLength, limit), limit);
            if (end < limit || eof) {
                pos = Math.min(end + 1, limit);
                number++;
                return;
            }
            fill();
        }
    }

    /** Reads more bytes after those not yet taken, moving them to the front (or growing the buffer for a long line). */
    private void fill() throws IOException {
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, limit - pos);
            limit -= pos;
            pos = 0;
        } else if (limit == buf.length) {
            if (buf.length >= MAX_LINE) throw new DataFileException(file, number + 1, "line longer than " + MAX_LINE + " bytes");
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
        int n = in.read(buf, limit, buf.length - limit);
        if (n <= 0) eof = true;
        else limit += n;
    }

    public byte[] text() {
        return buf;
    }

    public int from() {
        return from;
    }

    public int to() {
        return to;
    }

    /** The line's number in the file, from 1. */
    public long number() {
        return number;
    }

    public Path file() {
        return file;
    }

    /** The index of the first '\n' in {@code text[from, to)}, or {@code to}: eight bytes a step (SWAR). */
    public static int newline(byte[] text, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long x = (long) LONG.get(text, i) ^ NEWLINES;
            long found = (x - ONES) & ~x & HIGHS;
            if (found != 0) return i + (Long.numberOfTrailingZeros(found) >>> 3);
        }
        while (i < to && text[i] != '\n') i++;
        return i;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
