package org.tsdbbench.common.devops;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import org.tsdbbench.common.data.DataFileException;
import org.tsdbbench.common.workload.LineInput;

/**
 * Reads a file of {@code tsbs_generate_data --use-case=cpu-only --format=influx} (plain or gzip):
 * lines {@code cpu,hostname=host_<n>,<nine more tags> <ten integer fields> <time ns>}. The validating
 * pass ({@link #validate}) reads every line and learns the hosts, their tags and the time range; a
 * malformed line is a {@link DataFileException} naming file and line. A reader then gives the rows of
 * the hosts a client owns, in the file's order, parsing bytes in place (no string per line).
 */
public final class CpuFileReader implements CpuSource {

    /** What a file's validating pass found. */
    public record Summary(Path file, Hosts hosts, long rows, long firstNs, long lastNs, long intervalNs, int shortestLine) {

        /** The data set as a spec: its hosts, its time range (to one interval past the last row) and {@code seed} for the queries. */
        public DevopsSpec spec(long seed) {
            return new DevopsSpec(hosts.end(), firstNs, lastNs + intervalNs, intervalNs, seed);
        }
    }

    private static final byte[] PREFIX = "cpu,hostname=host_".getBytes(StandardCharsets.US_ASCII);
    private static final byte[][] FIELD_KEYS = new byte[CpuBatch.FIELD_COUNT][];
    private static final byte[][] TAG_KEYS = new byte[HostTags.KEYS.size()][];

    static {
        for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) FIELD_KEYS[f] = CpuBatch.FIELDS.get(f).getBytes(StandardCharsets.US_ASCII);
        for (int t = 0; t < TAG_KEYS.length; t++) TAG_KEYS[t] = HostTags.KEYS.get(t).getBytes(StandardCharsets.US_ASCII);
    }

    private final LineInput in;
    private final Hosts hosts;
    private final int part;
    private final int parts;
    private final long shiftNs;
    /** Whether batches carry the rows' lines rather than their values. */
    private final boolean asLines;
    /** The file's shortest cpu line: how far a skipped line's newline is at least. */
    private final int shortestLine;
    /** The parsed line: its host, where its fields start, and its time. */
    private int host;
    private int fieldsAt;
    private final long[] value = new long[CpuBatch.FIELD_COUNT];
    private CpuBatch own;

    /** The rows of the hosts whose number is {@code part} mod {@code parts}, times shifted by {@code shiftNs}. */
    public CpuFileReader(Summary found, int part, int parts, long shiftNs) throws IOException {
        this(found, part, parts, shiftNs, false);
    }

    /**
     * As {@link #CpuFileReader(Summary, int, int, long)}, the batches carrying the rows' lines as the file
     * holds them when {@code lines} (the values not parsed; only without a shift, which changes the times).
     */
    public CpuFileReader(Summary found, int part, int parts, long shiftNs, boolean lines) throws IOException {
        if (lines && shiftNs != 0) throw new IllegalArgumentException("a file's lines hold its own times: no shift");
        this.in = new LineInput(found.file());
        this.hosts = found.hosts();
        this.part = part;
        this.parts = parts;
        this.shiftNs = shiftNs;
        this.asLines = lines;
        this.shortestLine = found.shortestLine();
    }

    private CpuFileReader(Path file) throws IOException {
        this.in = new LineInput(file);
        this.hosts = null;
        this.part = 0;
        this.parts = 1;
        this.shiftNs = 0;
        this.asLines = false;
        this.shortestLine = 0;
    }

    /** Reads the whole file once: its hosts, rows and time range, or its first problem. */
    public static Summary validate(Path file) throws IOException {
        byte[][] tagBytes = new byte[16][];
        long[] lastTime = new long[16];
        long rows = 0;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        long interval = Long.MAX_VALUE;
        int hosts = 0;
        int shortest = Integer.MAX_VALUE;
        try (CpuFileReader r = new CpuFileReader(file)) {
            LineInput in = r.in;
            while (in.next()) {
                if (in.from() == in.to()) continue;
                long time = r.parse(true);
                int h = r.host;
                if (h >= tagBytes.length) {
                    int size = Math.max(h + 1, tagBytes.length * 2);
                    tagBytes = Arrays.copyOf(tagBytes, size);
                    lastTime = Arrays.copyOf(lastTime, size);
                }
                byte[] text = in.text();
                int tagsFrom = in.from() + 4;
                int tagsTo = r.fieldsAt - 1;
                if (tagBytes[h] == null) {
                    r.checkTags(text, tagsFrom, tagsTo);
                    tagBytes[h] = Arrays.copyOfRange(text, tagsFrom, tagsTo);
                    hosts = Math.max(hosts, h + 1);
                } else {
                    if (!Arrays.equals(tagBytes[h], 0, tagBytes[h].length, text, tagsFrom, tagsTo)) {
                        throw r.error(DevopsSpec.hostname(h) + "'s tags differ from its first line's: "
                                + new String(tagBytes[h], StandardCharsets.UTF_8));
                    }
                    long gap = time - lastTime[h];
                    if (gap > 0) interval = Math.min(interval, gap);
                }
                lastTime[h] = time;
                first = Math.min(first, time);
                last = Math.max(last, time);
                shortest = Math.min(shortest, in.to() - in.from());
                rows++;
            }
        }
        if (rows == 0) throw new DataFileException(file, "no cpu rows");
        String[][] tags = new String[hosts][];
        for (int h = 0; h < hosts; h++) {
            if (tagBytes[h] == null) throw new DataFileException(file, "no rows of " + DevopsSpec.hostname(h) + " (TSBS names hosts host_0 .. host_<scale-1>)");
            tags[h] = tagValues(tagBytes[h]);
        }
        if (interval == Long.MAX_VALUE) interval = DevopsSpec.DEFAULT_INTERVAL_NS;
        return new Summary(file, Hosts.of(tags), rows, first, last, interval, shortest);
    }

    /** The values of a line's tags {@code key=value,...}, in {@link HostTags#KEYS} order (checked before). */
    private static String[] tagValues(byte[] tags) {
        String[] values = new String[TAG_KEYS.length];
        for (String pair : new String(tags, StandardCharsets.UTF_8).split(",")) {
            int eq = pair.indexOf('=');
            values[HostTags.KEYS.indexOf(pair.substring(0, eq))] = pair.substring(eq + 1);
        }
        return values;
    }

    /** Checks a host's first line's tags {@code text[from, to)}: TSBS's ten, each once, hostname first. */
    private void checkTags(byte[] text, int from, int to) throws DataFileException {
        boolean[] seen = new boolean[TAG_KEYS.length];
        int at = from;
        while (at < to) {
            int comma = at;
            while (comma < to && text[comma] != ',') comma++;
            int eq = at;
            while (eq < comma && text[eq] != '=') eq++;
            int t = eq == comma ? -1 : key(TAG_KEYS, text, at, eq);
            if (t < 0 || seen[t]) {
                throw error("tag '" + new String(text, at, comma - at, StandardCharsets.UTF_8) + "': not one of TSBS's " + HostTags.KEYS + " once");
            }
            seen[t] = true;
            at = comma + 1;
        }
        for (int t = 0; t < seen.length; t++) if (!seen[t]) throw error("no tag " + HostTags.KEYS.get(t));
    }

    /**
     * Parses the current line: its host (the first tag, {@code hostname=host_<n>}), its ten fields into
     * {@link #value} and its time, which it returns. With {@code strict}, also what the reading pass
     * takes on trust from the validating one (the measurement, each field's name once).
     */
    private long parse(boolean strict) throws DataFileException {
        byte[] text = in.text();
        int from = in.from();
        int to = in.to();
        if (to - from < PREFIX.length || !Arrays.equals(PREFIX, 0, PREFIX.length, text, from, from + PREFIX.length)) {
            if (strict) throw error(prefixProblem(text, from, to));
        }
        int i = from + PREFIX.length;
        long n = 0;
        int digits = 0;
        for (; i < to && text[i] >= '0' && text[i] <= '9'; i++, digits++) n = n * 10 + (text[i] - '0');
        if (digits == 0 || digits > 8 || n >= DevopsSpec.MAX_HOSTS || i < to && text[i] != ',' && text[i] != ' ' || digits > 1 && text[from + PREFIX.length] == '0') {
            throw error("hostname '" + word(text, from + PREFIX.length - 5, to) + "': TSBS names hosts host_<n>");
        }
        host = (int) n;
        while (i < to && text[i] != ' ') i++;
        fieldsAt = i + 1;
        int space = fieldsAt;
        while (space < to && text[space] != ' ') space++;
        if (space >= to) throw error("not a line of measurement,tags fields time");
        fields(text, fieldsAt, space, strict);
        long time = 0;
        int t = space + 1;
        if (t >= to) throw error("no time");
        boolean negative = text[t] == '-';
        if (negative) t++;
        for (int k = t; k < to; k++) {
            byte b = text[k];
            if (b < '0' || b > '9' || k - t >= 19) throw error("time '" + new String(text, space + 1, to - space - 1, StandardCharsets.UTF_8) + "': not an integer of nanoseconds");
            time = time * 10 + (b - '0');
        }
        return negative ? -time : time;
    }

    private String prefixProblem(byte[] text, int from, int to) {
        int end = from;
        while (end < to && text[end] != ',' && text[end] != ' ') end++;
        String measurement = new String(text, from, end - from, StandardCharsets.UTF_8);
        if (!measurement.equals("cpu")) return "measurement '" + measurement + "': a cpu-only file holds cpu rows only";
        int value = from + "cpu,hostname=".length();
        if (to > value && Arrays.equals(PREFIX, 0, value - from, text, from, value)) {
            return "hostname '" + word(text, value, to) + "': TSBS names hosts host_<n>";
        }
        return "the first tag is not hostname (TSBS's order)";
    }

    /** The ten fields of {@code text[from, to)}, each {@code name=<integer>i}; fields in TSBS's order are matched at once. */
    private void fields(byte[] text, int from, int to, boolean strict) throws DataFileException {
        int seen = 0;
        int at = from;
        for (int expected = 0; at < to; expected++) {
            int eq = at;
            while (eq < to && text[eq] != '=') eq++;
            int f = expected < CpuBatch.FIELD_COUNT && Arrays.equals(FIELD_KEYS[expected], 0, FIELD_KEYS[expected].length, text, at, eq)
                    ? expected : key(FIELD_KEYS, text, at, eq);
            int i = eq + 1;
            boolean negative = i < to && text[i] == '-';
            if (negative) i++;
            long v = 0;
            int start = i;
            for (; i < to && text[i] >= '0' && text[i] <= '9' && i - start < 18; i++) v = v * 10 + (text[i] - '0');
            if (i < to && text[i] == 'i') i++;
            if (f < 0 || i == start || i < to && text[i] != ',') {
                throw error("field '" + word(text, at, to) + "': " + (f < 0 ? "not one of TSBS's " + CpuBatch.FIELDS : "not an integer"));
            }
            value[f] = negative ? -v : v;
            seen |= 1 << f;
            at = i + 1;
        }
        if (seen != (1 << CpuBatch.FIELD_COUNT) - 1) {
            for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) if ((seen & 1 << f) == 0) throw error("no field " + CpuBatch.FIELDS.get(f));
        }
    }

    /** The key among {@code keys} that {@code text[from, to)} is; -1 when none. */
    private static int key(byte[][] keys, byte[] text, int from, int to) {
        for (int k = 0; k < keys.length; k++) if (Arrays.equals(keys[k], 0, keys[k].length, text, from, to)) return k;
        return -1;
    }

    /** {@code text[from, ...)} up to its next comma or space, for a message. */
    private static String word(byte[] text, int from, int to) {
        int end = Math.max(from, 0);
        while (end < to && text[end] != ',' && text[end] != ' ') end++;
        return new String(text, Math.max(from, 0), end - Math.max(from, 0), StandardCharsets.UTF_8);
    }

    private DataFileException error(String problem) {
        return new DataFileException(in.file(), in.number(), problem);
    }

    @Override
    public CpuBatch next(int rows) throws IOException {
        own = CpuBatch.atLeast(own, hosts, rows);
        own.clear();
        while (own.size() < rows) {
            // Another client's line is passed over by its hostname alone, its end searched for past the shortest line.
            if (parts > 1 && in.ahead(PREFIX.length + 8)) {
                int peeked = peekHost();
                if (peeked >= 0 && peeked % parts != part) {
                    in.skipLine(shortestLine);
                    continue;
                }
            }
            if (!in.next()) break;
            if (in.from() == in.to() || quickHost() % parts != part) continue;
            if (asLines) {
                own.addLine(quickHost(), quickTime(), in.text(), in.from(), in.to());
                continue;
            }
            long time = parse(false);
            int row = own.add(host, time + shiftNs);
            System.arraycopy(value, 0, own.values(), row * CpuBatch.FIELD_COUNT, CpuBatch.FIELD_COUNT);
        }
        return own;
    }

    /** The line's host number, read from its hostname alone (the file was validated). */
    private int quickHost() {
        byte[] text = in.text();
        int n = 0;
        for (int i = in.from() + PREFIX.length; i < in.to() && text[i] >= '0' && text[i] <= '9'; i++) n = n * 10 + (text[i] - '0');
        return n;
    }

    /** The next line's host number from its first bytes, or -1 when they are not {@code cpu,hostname=host_<digits>}. */
    private int peekHost() {
        byte[] text = in.text();
        int at = in.position();
        if (!Arrays.equals(PREFIX, 0, PREFIX.length, text, at, at + PREFIX.length)) return -1;
        int n = 0;
        int i = at + PREFIX.length;
        int end = i + 8;
        for (; i < end && text[i] >= '0' && text[i] <= '9'; i++) n = n * 10 + (text[i] - '0');
        return i > at + PREFIX.length && i < end && (text[i] == ',' || text[i] == ' ') ? n : -1;
    }

    /** The line's time, read from its last word alone (the file was validated). */
    private long quickTime() {
        byte[] text = in.text();
        int i = in.to();
        while (i > in.from() && text[i - 1] != ' ') i--;
        boolean negative = text[i] == '-';
        long t = 0;
        for (int k = negative ? i + 1 : i; k < in.to(); k++) t = t * 10 + (text[k] - '0');
        return negative ? -t : t;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
