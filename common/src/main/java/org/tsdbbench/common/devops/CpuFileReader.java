package org.tsdbbench.common.devops;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import org.tsdbbench.common.data.DataFileException;

/**
 * Reads a file of {@code tsbs_generate_data --use-case=cpu-only --format=influx} (plain or gzip):
 * lines {@code cpu,<tags> <fields> <time ns>} with TSBS's ten tags (hostname {@code host_<n>}) and
 * ten integer fields. The validating pass ({@link #validate}) reads every line and learns the hosts,
 * their tags and the time range; a malformed line is a {@link DataFileException} naming file and line.
 * A reader then gives the rows of the hosts a client owns, in the file's order.
 */
public final class CpuFileReader implements CpuSource {

    /** What a file's validating pass found. */
    public record Summary(Path file, Hosts hosts, long rows, long firstNs, long lastNs, long intervalNs) {

        /** The data set as a spec: its hosts, its time range (to one interval past the last row) and {@code seed} for the queries. */
        public DevopsSpec spec(long seed) {
            return new DevopsSpec(hosts.end(), firstNs, lastNs + intervalNs, intervalNs, seed);
        }
    }

    private final BufferedReader in;
    private final Path file;
    private final Hosts hosts;
    private final int part;
    private final int parts;
    private final long shiftNs;
    private final long[] value = new long[CpuBatch.FIELD_COUNT];
    private long lineNumber;
    private CpuBatch own;

    /** The rows of the hosts whose number is {@code part} mod {@code parts}, times shifted by {@code shiftNs}. */
    public CpuFileReader(Summary found, int part, int parts, long shiftNs) throws IOException {
        this.file = found.file();
        this.hosts = found.hosts();
        this.part = part;
        this.parts = parts;
        this.shiftNs = shiftNs;
        this.in = open(file);
    }

    private static BufferedReader open(Path file) throws IOException {
        InputStream raw;
        try {
            raw = Files.newInputStream(file);
        } catch (NoSuchFileException e) {
            throw new DataFileException(file, "no such file");
        }
        raw = new java.io.BufferedInputStream(raw, 1 << 16);
        raw.mark(2);
        boolean gzip = raw.read() == 0x1f && raw.read() == 0x8b;
        raw.reset();
        if (gzip) raw = new GZIPInputStream(raw, 1 << 16);
        return new BufferedReader(new InputStreamReader(raw, StandardCharsets.UTF_8), 1 << 16);
    }

    /** Reads the whole file once: its hosts, rows and time range, or its first problem. */
    public static Summary validate(Path file) throws IOException {
        String[][] tags = new String[16][];
        long[] lastTime = new long[16];
        long rows = 0;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        long interval = Long.MAX_VALUE;
        int hosts = 0;
        long[] values = new long[CpuBatch.FIELD_COUNT];
        String[] lineTags = new String[HostTags.KEYS.size()];
        try (BufferedReader in = open(file)) {
            long n = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                n++;
                if (line.isBlank()) continue;
                long time = parse(file, n, line, lineTags, values);
                int host = hostNumber(file, n, lineTags[0]);
                if (host >= tags.length) {
                    int size = Math.max(host + 1, tags.length * 2);
                    tags = Arrays.copyOf(tags, size);
                    lastTime = Arrays.copyOf(lastTime, size);
                }
                if (tags[host] == null) {
                    tags[host] = lineTags.clone();
                    hosts = Math.max(hosts, host + 1);
                } else {
                    if (!Arrays.equals(tags[host], lineTags)) {
                        throw new DataFileException(file, n, lineTags[0] + "'s tags differ from its first line's: " + String.join(",", tags[host]));
                    }
                    long gap = time - lastTime[host];
                    if (gap > 0) interval = Math.min(interval, gap);
                }
                lastTime[host] = time;
                first = Math.min(first, time);
                last = Math.max(last, time);
                rows++;
            }
        }
        if (rows == 0) throw new DataFileException(file, "no cpu rows");
        for (int h = 0; h < hosts; h++) {
            if (tags[h] == null) throw new DataFileException(file, "no rows of " + DevopsSpec.hostname(h) + " (TSBS names hosts host_0 .. host_<scale-1>)");
        }
        if (interval == Long.MAX_VALUE) interval = DevopsSpec.DEFAULT_INTERVAL_NS;
        return new Summary(file, Hosts.of(Arrays.copyOf(tags, hosts)), rows, first, last, interval);
    }

    private static int hostNumber(Path file, long line, String hostname) throws DataFileException {
        if (hostname.startsWith("host_")) {
            try {
                int n = Integer.parseInt(hostname, 5, hostname.length(), 10);
                if (n >= 0 && n < DevopsSpec.MAX_HOSTS && hostname.equals(DevopsSpec.hostname(n))) return n;
            } catch (NumberFormatException e) {
                // named below
            }
        }
        throw new DataFileException(file, line, "hostname '" + hostname + "': TSBS names hosts host_<n>");
    }

    /** Parses one line into its tags (in {@link HostTags#KEYS} order) and values; its time in ns. */
    private static long parse(Path file, long n, String line, String[] tags, long[] values) throws DataFileException {
        int space = line.indexOf(' ');
        int space2 = space < 0 ? -1 : line.indexOf(' ', space + 1);
        if (space2 < 0 || line.indexOf(' ', space2 + 1) >= 0) throw new DataFileException(file, n, "not a line of measurement,tags fields time");
        String[] key = line.substring(0, space).split(",", -1);
        if (!key[0].equals("cpu")) throw new DataFileException(file, n, "measurement '" + key[0] + "': a cpu-only file holds cpu rows only");
        if (key.length < 2 || !key[1].startsWith("hostname=")) throw new DataFileException(file, n, "the first tag is not hostname (TSBS's order)");
        Arrays.fill(tags, null);
        for (int i = 1; i < key.length; i++) {
            int eq = key[i].indexOf('=');
            int t = eq < 0 ? -1 : HostTags.KEYS.indexOf(key[i].substring(0, eq));
            if (t < 0) throw new DataFileException(file, n, "tag '" + key[i] + "': not one of TSBS's " + HostTags.KEYS);
            tags[t] = key[i].substring(eq + 1);
        }
        for (int t = 0; t < tags.length; t++) if (tags[t] == null) throw new DataFileException(file, n, "no tag " + HostTags.KEYS.get(t));
        fields(file, n, line, space + 1, space2, values);
        try {
            return Long.parseLong(line, space2 + 1, line.length(), 10);
        } catch (NumberFormatException e) {
            throw new DataFileException(file, n, "time '" + line.substring(space2 + 1) + "': not an integer of nanoseconds");
        }
    }

    /** The ten fields of {@code line[from, to)}, each once, as integers ({@code 58i}). */
    private static void fields(Path file, long n, String line, int from, int to, long[] values) throws DataFileException {
        int seen = 0;
        int at = from;
        while (at < to) {
            int comma = line.indexOf(',', at);
            int end = comma < 0 || comma > to ? to : comma;
            int eq = line.indexOf('=', at);
            int f = eq < 0 || eq > end ? -1 : fieldIndex(line, at, eq);
            if (f < 0) throw new DataFileException(file, n, "field '" + line.substring(at, end) + "': not one of TSBS's " + CpuBatch.FIELDS);
            int last = line.charAt(end - 1) == 'i' ? end - 1 : end;
            try {
                values[f] = Long.parseLong(line, eq + 1, last, 10);
            } catch (NumberFormatException e) {
                throw new DataFileException(file, n, "field '" + line.substring(at, end) + "': not an integer");
            }
            seen |= 1 << f;
            at = end + 1;
        }
        if (seen != (1 << CpuBatch.FIELD_COUNT) - 1) {
            for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) if ((seen & 1 << f) == 0) throw new DataFileException(file, n, "no field " + CpuBatch.FIELDS.get(f));
        }
    }

    private static int fieldIndex(String line, int from, int eq) {
        for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) {
            String name = CpuBatch.FIELDS.get(f);
            if (name.length() == eq - from && line.startsWith(name, from)) return f;
        }
        return -1;
    }

    @Override
    public CpuBatch next(int rows) throws IOException {
        own = CpuBatch.atLeast(own, hosts, rows);
        own.clear();
        while (own.size() < rows) {
            String line = in.readLine();
            if (line == null) break;
            lineNumber++;
            if (line.isBlank()) continue;
            int comma = line.indexOf(',');
            int hostEnd = line.indexOf(',', comma + 1);
            int space = line.indexOf(' ');
            if (hostEnd < 0 || hostEnd > space) hostEnd = space;
            int eq = line.indexOf('=', comma);
            int host = Integer.parseInt(line, eq + 1 + "host_".length(), hostEnd, 10);
            if (host % parts != part) continue;
            int space2 = line.indexOf(' ', space + 1);
            fields(file, lineNumber, line, space + 1, space2, value);
            int row = own.add(host, Long.parseLong(line, space2 + 1, line.length(), 10) + shiftNs);
            System.arraycopy(value, 0, own.values(), row * CpuBatch.FIELD_COUNT, CpuBatch.FIELD_COUNT);
        }
        return own;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
