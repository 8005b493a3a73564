package org.tsdbbench.common.data;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads one data file of the spec's format ({@code devid devname devgroup ts temperature humidity},
 * space separated) into row batches. Files of the original Java generator load too: their fifth
 * column (an int) is read as temperature and their sixth (four decimals) as humidity.
 * Every malformed line stops the read with the file, the line number and the problem.
 */
public final class DataFileReader implements AutoCloseable {

    public static final int MAX_DEVNAME_BYTES = 16;
    private static final int COLUMNS = 6;

    private final Path file;
    private final InputStream in;
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private int limit;
    private long lineNo;
    private boolean eof;
    private final Map<Integer, String> names = new HashMap<>();
    /** The previous row's device and timestamp (none before the first row). */
    private boolean anyRow;
    private int lastDevid;
    private long lastTs;
    private final int[] start = new int[COLUMNS];
    private final int[] end = new int[COLUMNS];
    private byte[] line = new byte[256];

    public DataFileReader(Path file) throws IOException {
        this.file = file;
        try {
            this.in = Files.newInputStream(file);
        } catch (NoSuchFileException e) {
            throw new DataFileException(file, "no such data file");
        } catch (AccessDeniedException e) {
            throw new DataFileException(file, "data file cannot be read (permission denied)");
        }
        if (Files.isDirectory(file)) throw new DataFileException(file, "is a directory, not a data file");
    }

    public Path file() {
        return file;
    }

    /** Appends up to {@code rows} rows (bounded by the batch's free room); returns how many were read. */
    public int read(RowBatch batch, int rows) throws IOException {
        int want = Math.min(rows, batch.capacity() - batch.size());
        int read = 0;
        while (read < want) {
            int len = nextLine();
            if (len < 0) break;
            if (len == 0) throw new DataFileException(file, lineNo, "empty line");
            parse(batch, len);
            read++;
        }
        return read;
    }

    /** Copies the next line (without its newline) into {@code line}; -1 at the end of the file. */
    private int nextLine() throws IOException {
        int len = 0;
        while (true) {
            if (pos == limit) {
                if (eof) return len == 0 ? -1 : countLine(len);
                limit = in.read(buf, 0, buf.length);
                pos = 0;
                if (limit <= 0) {
                    limit = 0;
                    eof = true;
                    continue;
                }
            }
            byte b = buf[pos++];
            if (b == '\n') return countLine(len);
            if (len == line.length) {
                if (len >= 1 << 20) throw new DataFileException(file, lineNo + 1, "line longer than 1 MiB");
                line = java.util.Arrays.copyOf(line, len * 2);
            }
            line[len++] = b;
        }
    }

    private int countLine(int len) {
        lineNo++;
        if (len > 0 && line[len - 1] == '\r') len--;
        return len;
    }

    private void parse(RowBatch batch, int len) throws DataFileException {
        int col = 0;
        int i = 0;
        while (i < len) {
            while (i < len && (line[i] == ' ' || line[i] == '\t')) i++;
            if (i == len) break;
            if (col == COLUMNS) throw error("expected 6 columns (devid devname devgroup ts temperature humidity), got more");
            start[col] = i;
            while (i < len && line[i] != ' ' && line[i] != '\t') i++;
            end[col++] = i;
        }
        if (col != COLUMNS) throw error("expected 6 columns (devid devname devgroup ts temperature humidity), got " + col);
        int devid = (int) parseLong(0, "devid", Integer.MIN_VALUE, Integer.MAX_VALUE);
        int nameLen = end[1] - start[1];
        if (nameLen > MAX_DEVNAME_BYTES) throw error("devname '" + text(1) + "' is " + nameLen + " bytes, at most " + MAX_DEVNAME_BYTES);
        int devgroup = (int) parseLong(2, "devgroup", Integer.MIN_VALUE, Integer.MAX_VALUE);
        long ts = parseLong(3, "ts", Long.MIN_VALUE, Long.MAX_VALUE);
        int temperature = (int) parseLong(4, "temperature", Integer.MIN_VALUE, Integer.MAX_VALUE);
        float humidity = parseFloat(5, "humidity");
        if (anyRow && devid == lastDevid && ts <= lastTs) {
            throw error("timestamps out of order for devid " + devid + ": " + ts + " after " + lastTs);
        }
        anyRow = true;
        lastDevid = devid;
        lastTs = ts;
        batch.add(devid, name(devid, 1), devgroup, ts, temperature, humidity);
    }

    /** One shared String per device name, so a batch holds no String per row. */
    private String name(int devid, int col) {
        String known = names.get(devid);
        int len = end[col] - start[col];
        if (known != null && known.length() == len) {
            boolean same = true;
            for (int k = 0; k < len && same; k++) same = known.charAt(k) == line[start[col] + k];
            if (same) return known;
        }
        String fresh = text(col);
        names.put(devid, fresh);
        return fresh;
    }

    private long parseLong(int col, String what, long min, long max) throws DataFileException {
        int i = start[col];
        int e = end[col];
        boolean neg = line[i] == '-';
        if (neg || line[i] == '+') i++;
        if (i == e || e - i > 19) throw notNumber(col, what);
        long v = 0;
        for (; i < e; i++) {
            int d = line[i] - '0';
            if (d < 0 || d > 9) throw notNumber(col, what);
            v = v * 10 + d;
            if (v < 0) throw error(what + " '" + text(col) + "' is out of range");
        }
        v = neg ? -v : v;
        if (v < min || v > max) throw error(what + " '" + text(col) + "' is out of range");
        return v;
    }

    private float parseFloat(int col, String what) throws DataFileException {
        String s = text(col);
        try {
            float f = Float.parseFloat(s);
            if (Float.isNaN(f) || Float.isInfinite(f) || !isPlainDecimal(col)) throw notNumber(col, what);
            return f;
        } catch (NumberFormatException ex) {
            throw notNumber(col, what);
        }
    }

    /** Float.parseFloat also takes "NaN", "1e3", "0x1p3" and a trailing 'f': the format does not. */
    private boolean isPlainDecimal(int col) {
        int i = start[col];
        if (line[i] == '-' || line[i] == '+') i++;
        boolean digit = false;
        boolean dot = false;
        for (; i < end[col]; i++) {
            byte b = line[i];
            if (b >= '0' && b <= '9') digit = true;
            else if (b == '.' && !dot) dot = true;
            else return false;
        }
        return digit;
    }

    private DataFileException notNumber(int col, String what) {
        return error(what + " '" + text(col) + "' is not a number");
    }

    private DataFileException error(String problem) {
        return new DataFileException(file, lineNo, problem);
    }

    private String text(int col) {
        return new String(line, start[col], end[col] - start[col], StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
