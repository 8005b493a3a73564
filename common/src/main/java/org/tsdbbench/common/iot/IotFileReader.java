package org.tsdbbench.common.iot;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.tsdbbench.common.workload.LineInput;

/**
 * Reads a file of {@code tsbs_generate_data --use-case=iot --format=influx} (plain, or gzip: told by
 * its first bytes), streaming. {@link #validate} reads it once and learns its trucks, so that every
 * malformed line is reported before anything is written; a reader over the summary then yields
 * its records in file order. Each problem is an {@link IotFileException} naming file and line: a
 * malformed line, an unknown measurement, tag or field, a value of the wrong type, a name not of
 * TSBS's form {@code truck_<n>}, more than one tag or field missing (TSBS leaves at most one of
 * each out of a line), or a truck whose tags differ between its lines.
 *
 * <p>A reader asked for lines (for a module whose request is the file's lines, {@link TruckLines})
 * fills its batches with each record's line as the file holds it, when the validating pass found
 * every line in TSBS's form ({@link IotFileSummary#tsbsForm()}): a line naming its truck and leaving
 * nothing null, TSBS's common line, is then taken from its shape alone (its measurement, name,
 * comma count and timestamp), its values not parsed; other lines are parsed as always.
 */
public final class IotFileReader implements IotRowSource {

    private static final IotTag[] TAGS = IotTag.values();
    private static final double[] POW10 = new double[23];
    private static final byte[] TRUCK_PREFIX = "truck_".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NAME_TAG = ",name=".getBytes(StandardCharsets.US_ASCII);
    /** Each tag's key and each table's field names as bytes, matched against a line without making strings. */
    private static final byte[][] TAG_KEYS = new byte[TAGS.length][];
    private static final byte[][][] FIELD_KEYS = new byte[IotTable.values().length][][];
    private static final byte[][] MEASUREMENTS = new byte[IotTable.values().length][];

    static {
        for (int i = 0; i < POW10.length; i++) POW10[i] = Double.parseDouble("1e" + i);
        for (IotTag t : TAGS) TAG_KEYS[t.ordinal()] = t.key.getBytes(StandardCharsets.US_ASCII);
        for (IotTable t : IotTable.values()) {
            MEASUREMENTS[t.ordinal()] = t.measurement.getBytes(StandardCharsets.US_ASCII);
            FIELD_KEYS[t.ordinal()] = t.fields().stream().map(f -> f.getBytes(StandardCharsets.US_ASCII)).toArray(byte[][]::new);
        }
    }

    private final Path file;
    private final InputStream in;
    private final FileTrucks trucks;
    private final boolean learn;
    /** Whether batches carry the records' lines rather than their values. */
    private final boolean asLines;
    /** The validating pass: whether every line so far is in TSBS's form (see {@link IotFileSummary#tsbsForm()}). */
    private boolean tsbsForm = true;
    /** The trucks whose records this reader yields (null: all), and what it adds to every timestamp. */
    private final TruckPart part;
    private final long shiftNs;
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private int limit;
    private boolean eof;
    private long lineNo;
    private byte[] line = new byte[512];
    private int lineLen;
    private TruckBatch own;
    private final NamelessQueue nameless = new NamelessQueue();

    // The parsed line.
    private IotTable table;
    /** The tag and field keys expected next on the line (TSBS writes them in one order). */
    private int nextTag;
    private int nextField;
    private long ts;
    /** Where the line's timestamp starts, and its metrics (numeric tags and fields present). */
    private int timeAt;
    private int lineMetrics;
    private int truck;
    private byte nullTag;
    private final double[] values = new double[IotTable.MAX_FIELDS];
    private final int[] tagFrom = new int[TAGS.length];
    private final int[] tagTo = new int[TAGS.length];
    private final double[] tagNumber = new double[TAGS.length];
    private final int[] codes = new int[TAGS.length - 1];

    /** A reader of the records of a file already validated; its lines must be as they were then. */
    public IotFileReader(Path file, IotFileSummary summary) throws IOException {
        this(file, (FileTrucks) summary.trucks(), false, false, null, 0);
    }

    /**
     * A reader of a validated file's records of the trucks {@code part} owns only (null: all), each
     * {@code shiftNs} later than in the file (a later pass of an unbounded source).
     */
    IotFileReader(Path file, IotFileSummary summary, TruckPart part, long shiftNs) throws IOException {
        this(file, summary, part, shiftNs, false);
    }

    /**
     * As {@link #IotFileReader(Path, IotFileSummary, TruckPart, long)}, its batches carrying the
     * records' lines when {@code lines} and the file's lines are in TSBS's form (else values).
     */
    IotFileReader(Path file, IotFileSummary summary, TruckPart part, long shiftNs, boolean lines) throws IOException {
        this(file, (FileTrucks) summary.trucks(), false, lines && summary.tsbsForm(), part, shiftNs);
    }

    private IotFileReader(Path file, FileTrucks trucks, boolean learn, boolean asLines, TruckPart part, long shiftNs)
            throws IOException {
        this.file = file;
        this.trucks = trucks;
        this.learn = learn;
        this.asLines = asLines;
        this.part = part;
        this.shiftNs = shiftNs;
        this.in = LineInput.open(file, IotFileException::new);
    }

    /**
     * The validating pass: reads every line of the file, checks it and learns the trucks; the
     * first problem is an {@link IotFileException} naming file and line.
     */
    public static IotFileSummary validate(Path file) throws IOException {
        FileTrucks trucks = new FileTrucks();
        long[] perTable = new long[2];
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        long first = 0;
        long gcd = 0;
        boolean tsbsForm;
        try (IotFileReader reader = new IotFileReader(file, trucks, true, false, null, 0)) {
            while (reader.nextLine()) {
                perTable[reader.table.ordinal()]++;
                long t = reader.ts;
                if (min == Long.MAX_VALUE) first = t;
                min = Math.min(min, t);
                max = Math.max(max, t);
                gcd = gcd(gcd, Math.abs(t - first));
            }
            tsbsForm = reader.tsbsForm;
        } catch (java.util.zip.ZipException e) {
            throw new IotFileException(file, "is not a readable gzip file: " + e.getMessage());
        }
        if (min == Long.MAX_VALUE) throw new IotFileException(file, "holds no records");
        return new IotFileSummary(file, trucks, perTable[0], perTable[1], min, max, gcd, trucks.maxNumber(),
                trucks.anonymousCount(), tsbsForm);
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    @Override
    public Trucks trucks() {
        return trucks;
    }

    @Override
    public TruckBatch next(int records) throws IOException {
        own = TruckBatch.atLeast(own, trucks, records);
        fill(own, records);
        return own;
    }

    @Override
    public int fill(TruckBatch batch, int records) throws IOException {
        batch.clear();
        if (asLines) batch.startLines();
        int want = Math.min(records, batch.capacity());
        nameless.drainInto(batch, want);
        while (batch.size() < want && nextOwnLine()) {
            long time = ts + shiftNs;
            if (asLines) {
                addLine(batch, time);
                continue;
            }
            if (nullTag == IotTag.NAME.ordinal()) {
                nameless.offer(batch, table, time, truck, values);
                continue;
            }
            int row = batch.add(table, time, truck, nullTag);
            double[][] field = batch.rows(table).field;
            for (int f = 0; f < table.fieldCount(); f++) field[f][row] = values[f];
        }
        return batch.size();
    }

    /** The line just read into the batch as its line, the record at {@code time} (the file's unless shifted). */
    private void addLine(TruckBatch batch, long time) {
        if (nullTag == IotTag.NAME.ordinal()) {
            nameless.offerLine(batch, table, time, truck, line, timeAt, lineMetrics);
            return;
        }
        batch.add(table, time, truck, nullTag);
        if (shiftNs == 0) batch.lines().append(line, 0, lineLen, lineMetrics);
        else batch.lines().appendRetimed(line, 0, timeAt, time, lineMetrics);
    }

    /** Reads and parses the next line; false at the end of the file. */
    private boolean nextLine() throws IOException {
        if (!readLine()) return false;
        if (lineLen == 0) throw error("empty line");
        if (tsbsForm && !ascii(line, 0, lineLen)) tsbsForm = false;
        parse();
        return true;
    }

    /**
     * Reads and parses the next line of a truck of this reader's part, skipping the others' lines
     * unparsed where their name says whose they are (TSBS writes it first); false at the end.
     */
    private boolean nextOwnLine() throws IOException {
        while (part != null && skipOthersLine()) {
            // skipped in the read buffer, uncopied
        }
        while (readLine()) {
            if (lineLen == 0) throw error("empty line");
            int quick = part == null && !asLines ? -1 : quickTruck(line, 0, lineLen);
            // -1: the line is not of TSBS's form, its truck known only once it is parsed.
            if (part != null && quick >= 0 && !part.owns(quick)) continue;
            if (!asLines || !takeWhole(quick)) parse();
            if (part == null || part.owns(truck)) return true;
            while (skipOthersLine()) {
                // as above
            }
        }
        return false;
    }

    /**
     * Passes over the next line when it lies whole in the read buffer and its name says it is
     * another part's; false, leaving it, otherwise (it is read and parsed as any line).
     */
    private boolean skipOthersLine() {
        int end = pos;
        end = LineInput.newline(buf, end, limit);
        if (end == limit || end == pos) return false;
        int truckOfLine = quickTruck(buf, pos, end);
        if (truckOfLine < 0 || part.owns(truckOfLine)) return false;
        lineNo++;
        pos = end + 1;
        return true;
    }

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101_0101_0101_0101L;
    private static final long HIGHS = 0x8080_8080_8080_8080L;
    private static final long COMMAS = ONES * ',';
    private static final long LOWS = 0x7F7F_7F7F_7F7F_7F7FL;

    /** The commas in {@code text[from, to)}: eight bytes a step, each zero byte of x ^ COMMAS counted. */
    static int commas(byte[] text, int from, int to) {
        int n = 0;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long x = (long) LONG.get(text, i) ^ COMMAS;
            n += Long.bitCount(~(((x & LOWS) + LOWS) | x | LOWS));
        }
        for (; i < to; i++) if (text[i] == ',') n++;
        return n;
    }

    /** Whether {@code text[from, to)} is ASCII: eight bytes a step. */
    static boolean ascii(byte[] text, int from, int to) {
        int i = from;
        long high = 0;
        for (; i + 8 <= to; i += 8) high |= (long) LONG.get(text, i);
        for (; i < to; i++) high |= text[i];
        return (high & HIGHS) == 0;
    }

    /**
     * For batches of lines: takes the line just read, of truck {@code quick} ({@link #quickTruck}),
     * without parsing its values when it names its truck first and leaves nothing null, as most of
     * TSBS's lines do; false for any other line, which is then parsed. A line the validating pass
     * checked leaves nothing null exactly when it has all its commas: five tags after the
     * measurement, then the three numbers and every field of its table (a value holds no comma).
     */
    private boolean takeWhole(int quick) throws IotFileException {
        if (quick < 0 || quick >= FileTrucks.ANONYMOUS) return false;
        int len = lineLen;
        int i = 0;
        while (i < len && line[i] != ',' && line[i] != ' ') i++;
        IotTable t = measurement(i);
        if (commas(line, i, len) != 7 + t.fieldCount()) return false;
        int at = len;
        while (at > i && line[at - 1] != ' ') at--;
        table = t;
        truck = quick;
        nullTag = TableRows.NO_NULL;
        timeAt = at;
        ts = parseTimestamp(at, len);
        lineMetrics = 3 + t.fieldCount();
        return true;
    }

    /**
     * The truck number of a line named first ({@code measurement,name=truck_<n>,...}) without
     * parsing the rest; {@link FileTrucks#ANONYMOUS} for a line without a name tag; -1 when the
     * line is not of that form (it is parsed in full, which says what is wrong or finds the name).
     */
    private static int quickTruck(byte[] text, int from, int to) {
        int i = from;
        while (i < to && text[i] != ',' && text[i] != ' ') i++;
        if (i == to || text[i] == ' ') return -1;
        if (!java.util.Arrays.equals(NAME_TAG, 0, NAME_TAG.length, text, i, Math.min(to, i + NAME_TAG.length))) {
            // TSBS leaves the name out of a line whose name is null: the other tags follow the measurement.
            // A name elsewhere among the tags (not TSBS's order) is found by parsing the line.
            return nameLater(text, i + 1, to) ? -1 : FileTrucks.ANONYMOUS;
        }
        i += NAME_TAG.length;
        int p = TRUCK_PREFIX.length;
        if (!java.util.Arrays.equals(TRUCK_PREFIX, 0, p, text, i, Math.min(to, i + p))) return -1;
        int n = 0;
        int digits = 0;
        for (i += p; i < to && text[i] >= '0' && text[i] <= '9' && digits < 9; i++, digits++) n = n * 10 + (text[i] - '0');
        return digits == 0 || i == to || (text[i] != ',' && text[i] != ' ') ? -1 : n;
    }

    /** Whether a tag after the first, among the tags from {@code from} to the first space, is the name. */
    private static boolean nameLater(byte[] text, int from, int to) {
        for (int i = from; i < to && text[i] != ' '; i++) {
            int end = Math.min(to, i + NAME_TAG.length);
            if (text[i] == ',' && java.util.Arrays.equals(NAME_TAG, 0, NAME_TAG.length, text, i, end)) return true;
        }
        return false;
    }

    private boolean readLine() throws IOException {
        lineLen = 0;
        while (true) {
            if (pos == limit) {
                if (eof) {
                    if (lineLen == 0) return false;
                    break;
                }
                limit = in.read(buf, 0, buf.length);
                pos = 0;
                if (limit <= 0) {
                    limit = 0;
                    eof = true;
                }
                continue;
            }
            int end = pos;
            end = LineInput.newline(buf, end, limit);
            int n = end - pos;
            if (lineLen + n > line.length) {
                if (lineLen + n > 1 << 16) throw new IotFileException(file, lineNo + 1, "line longer than 64 KiB");
                line = java.util.Arrays.copyOf(line, Math.max(line.length * 2, lineLen + n));
            }
            System.arraycopy(buf, pos, line, lineLen, n);
            lineLen += n;
            pos = end;
            if (end < limit) {
                pos++;
                break;
            }
        }
        lineNo++;
        if (lineLen > 0 && line[lineLen - 1] == '\r') lineLen--;
        return true;
    }

    private void parse() throws IotFileException {
        int len = lineLen;
        int i = 0;
        while (i < len && line[i] != ',' && line[i] != ' ') i++;
        table = measurement(i);
        java.util.Arrays.fill(tagFrom, -1);
        nextTag = 0;
        nextField = 0;
        java.util.Arrays.fill(values, Double.NaN);
        while (i < len && line[i] == ',') {
            int k0 = ++i;
            while (i < len && line[i] != '=' && line[i] != ',' && line[i] != ' ') i++;
            if (i == len || line[i] != '=') throw error("tag '" + text(k0, i) + "' has no '=value'");
            IotTag tag = tagOf(k0, i);
            if (tag == null || tag.numeric) {
                throw error((tag == null ? "unknown tag '" : "tag '") + text(k0, i) + "'" + (tag == null ? "" : " must be a field, as TSBS writes it")
                        + " (the tags are name, fleet, driver, model, device_version)");
            }
            int v0 = ++i;
            i = value(i, len);
            if (v0 == i) throw error("tag " + tag.key + " has an empty value");
            if (tagFrom[tag.ordinal()] >= 0) throw error("tag " + tag.key + " appears twice");
            tagFrom[tag.ordinal()] = v0;
            tagTo[tag.ordinal()] = i;
        }
        if (i == len || line[i] != ' ') throw error("expected a space and the fields after '" + text(0, i) + "'");
        int presentFields = 0;
        do {
            int k0 = ++i;
            while (i < len && line[i] != '=' && line[i] != ',' && line[i] != ' ') i++;
            if (i == len || line[i] != '=') throw error("field '" + text(k0, i) + "' has no '=value'");
            int k1 = i;
            int v0 = ++i;
            i = value(i, len);
            int field = fieldOf(k0, k1);
            IotTag tag = field >= 0 ? null : tagOf(k0, k1);
            if (tag != null && tag.numeric) {
                if (tagFrom[tag.ordinal()] >= 0) throw error("field " + tag.key + " appears twice");
                // Only the validating pass and a line without a name need the number (it finds the truck).
                if (learn || tagFrom[IotTag.NAME.ordinal()] < 0) tagNumber[tag.ordinal()] = parseDouble(v0, i, tag.key);
                if (learn && tsbsForm) tsbsForm = goForm(v0, i, true);
                tagFrom[tag.ordinal()] = v0;
                tagTo[tag.ordinal()] = i;
            } else {
                int f = field;
                if (f < 0) throw error("unknown field '" + text(k0, k1) + "' of " + table.measurement + " (" + String.join(", ", table.fields()) + ")");
                String key = table.fields().get(f);
                if (!Double.isNaN(values[f])) throw error("field " + key + " appears twice");
                values[f] = table.isInteger(f) ? parseInteger(v0, i, key) : parseDouble(v0, i, key);
                if (learn && tsbsForm) tsbsForm = goForm(v0, table.isInteger(f) ? i - 1 : i, !table.isInteger(f));
                presentFields++;
            }
        } while (i < len && line[i] == ',');
        if (i == len || line[i] != ' ') throw error("expected a space and the timestamp after the fields");
        timeAt = i + 1;
        ts = parseTimestamp(timeAt, len);
        if (learn && tsbsForm) tsbsForm = goForm(timeAt, len, false);
        checkMissing(presentFields);
        resolveTruck();
        lineMetrics = presentFields;
        for (IotTag tag : TAGS) if (tag.numeric && tagFrom[tag.ordinal()] >= 0) lineMetrics++;
    }

    /**
     * Whether bytes {@code [from, to)} of the line are a number as Go's strconv writes it: an
     * optional minus, digits without a leading zero, and when {@code fraction} a point and digits
     * not ending in zero (a float's 'f' format, shortest); what every database reads as the reader does.
     */
    private boolean goForm(int from, int to, boolean fraction) {
        int i = from;
        if (i < to && line[i] == '-') i++;
        int digits = i;
        while (i < to && line[i] >= '0' && line[i] <= '9') i++;
        if (i == digits || (line[digits] == '0' && i - digits > 1)) return false;
        if (i == to) return true;
        if (!fraction || line[i] != '.' || i + 1 == to || line[to - 1] == '0') return false;
        for (i++; i < to; i++) if (line[i] < '0' || line[i] > '9') return false;
        return true;
    }

    /** The tag whose key is bytes {@code [from, to)} of the line, or null; the one after the last found is tried first (TSBS's order). */
    private IotTag tagOf(int from, int to) {
        if (nextTag < TAG_KEYS.length && same(TAG_KEYS[nextTag], from, to)) return TAGS[nextTag++];
        for (int t = 0; t < TAG_KEYS.length; t++) {
            if (same(TAG_KEYS[t], from, to)) {
                nextTag = t + 1;
                return TAGS[t];
            }
        }
        return null;
    }

    /** The field of the line's table whose name is bytes {@code [from, to)}, or -1; as {@link #tagOf}, the next in order first. */
    private int fieldOf(int from, int to) {
        byte[][] keys = FIELD_KEYS[table.ordinal()];
        if (nextField < keys.length && same(keys[nextField], from, to)) return nextField++;
        for (int f = 0; f < keys.length; f++) {
            if (same(keys[f], from, to)) {
                nextField = f + 1;
                return f;
            }
        }
        return -1;
    }

    /** Whether bytes {@code [from, to)} of the line are {@code key}: keys are short, a plain loop beats a call. */
    private boolean same(byte[] key, int from, int to) {
        if (key.length != to - from || key[0] != line[from]) return false;
        for (int i = 1; i < key.length; i++) if (key[i] != line[from + i]) return false;
        return true;
    }

    private IotTable measurement(int end) throws IotFileException {
        for (IotTable t : IotTable.values()) {
            byte[] m = MEASUREMENTS[t.ordinal()];
            if (java.util.Arrays.equals(m, 0, m.length, line, 0, end)) return t;
        }
        throw error("unknown measurement '" + text(0, end) + "' (TSBS's IoT files have readings and diagnostics)");
    }

    /** The end of a value starting at i: the next ',' or ' '; escapes and quotes, which TSBS never writes, are refused. */
    private int value(int i, int len) throws IotFileException {
        while (i < len && line[i] != ',' && line[i] != ' ') {
            if (line[i] == '\\' || line[i] == '"' || line[i] == '=') throw error("unexpected '" + (char) line[i] + "' (TSBS writes no escapes or quotes)");
            i++;
        }
        return i;
    }

    private void checkMissing(int presentFields) throws IotFileException {
        StringBuilder missingTags = new StringBuilder();
        int missing = 0;
        for (IotTag tag : TAGS) {
            if (tagFrom[tag.ordinal()] < 0) {
                missingTags.append(missing++ == 0 ? "" : ", ").append(tag.key);
            }
        }
        if (missing > 1) throw error("tags " + missingTags + " are missing (TSBS leaves at most one tag of a line out)");
        if (presentFields < table.fieldCount() - 1) {
            StringBuilder names = new StringBuilder();
            for (int f = 0; f < table.fieldCount(); f++) {
                if (Double.isNaN(values[f])) names.append(names.length() == 0 ? "" : ", ").append(table.fields().get(f));
            }
            throw error("fields " + names + " are missing (TSBS leaves at most one field of a line out)");
        }
    }

    /** The truck of the line: its number when named (its tags checked against the truck's), else the anonymous truck of its tags. */
    private void resolveTruck() throws IotFileException {
        nullTag = TableRows.NO_NULL;
        for (IotTag tag : TAGS) {
            if (tagFrom[tag.ordinal()] < 0) nullTag = (byte) tag.ordinal();
        }
        int nameFrom = tagFrom[IotTag.NAME.ordinal()];
        if (!learn && nameFrom >= 0) {
            // A reading pass over a validated file: a named line's tags agreed with its truck's then.
            truck = truckNumber(nameFrom, tagTo[IotTag.NAME.ordinal()]);
            return;
        }
        for (int t = 1; t < TAGS.length; t++) {
            IotTag tag = TAGS[t];
            int from = tagFrom[t];
            if (from < 0) {
                codes[t - 1] = -1;
                continue;
            }
            int code = trucks.valueCode(tag, line, from, tagTo[t], tagNumber[t], learn);
            if (code == -2) throw error("more than " + FileTrucks.MAX_VALUES + " distinct values of " + tag.key);
            if (code < 0) throw error(tag.key + " '" + text(from, tagTo[t]) + "' was not in the file when it was validated");
            codes[t - 1] = code;
        }
        if (nameFrom < 0) {
            truck = trucks.anonymous(codes, learn);
            if (truck < 0) throw error("a truck without a name whose tags were not in the file when it was validated");
            return;
        }
        // The validating pass learns a named truck's tags; a reading pass returned above.
        truck = truckNumber(nameFrom, tagTo[IotTag.NAME.ordinal()]);
        trucks.named(truck);
        for (int t = 1; t < TAGS.length; t++) {
            if (codes[t - 1] < 0) continue;
            int before = trucks.agree(truck, TAGS[t], codes[t - 1]);
            if (before >= 0) {
                throw error(Trucks.name(truck) + " has " + TAGS[t].key + " " + trucks.text(TAGS[t], codes[t - 1]) + " here but "
                        + trucks.text(TAGS[t], before) + " on an earlier line");
            }
        }
    }

    /** n of {@code truck_n}: digits without a leading zero, below {@link IotSpec#MAX_TRUCKS}. */
    private int truckNumber(int from, int to) throws IotFileException {
        int p = TRUCK_PREFIX.length;
        boolean ok = to - from > p && to - from <= p + 8 && java.util.Arrays.equals(TRUCK_PREFIX, 0, p, line, from, from + p)
                && (line[from + p] != '0' || to - from == p + 1);
        int n = 0;
        for (int i = from + p; ok && i < to; i++) {
            int d = line[i] - '0';
            ok = d >= 0 && d <= 9;
            n = n * 10 + d;
        }
        if (!ok) throw error("name '" + text(from, to) + "' is not TSBS's truck_<n> (n from 0 to " + (IotSpec.MAX_TRUCKS - 1) + ")");
        return n;
    }

    /** A plain decimal (Go's 'f' format); other forms Java reads as finite numbers are taken too. */
    private double parseDouble(int from, int to, String key) throws IotFileException {
        int i = from;
        boolean negative = i < to && line[i] == '-';
        if (negative) i++;
        long mantissa = 0;
        int digits = 0;
        int decimals = -1;
        for (; i < to; i++) {
            byte b = line[i];
            if (b >= '0' && b <= '9') {
                if (++digits > 18) break;
                mantissa = mantissa * 10 + (b - '0');
                if (decimals >= 0) decimals++;
            } else if (b == '.' && decimals < 0) {
                decimals = 0;
            } else {
                break;
            }
        }
        if (i == to && digits > 0 && mantissa < (1L << 53)) {
            double v = decimals <= 0 ? mantissa : mantissa / POW10[decimals];
            return negative ? -v : v;
        }
        if (to > from && line[to - 1] == 'i') throw error(key + " '" + text(from, to) + "' is an integer; TSBS writes it as a float");
        try {
            double v = Double.parseDouble(text(from, to));
            if (Double.isFinite(v) && isDecimal(from, to)) return v;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw error(key + " '" + text(from, to) + "' is not a number");
    }

    /** Digits, sign, point and exponent only: Java's parser also takes "NaN", "0x1p3" and a trailing 'd'. */
    private boolean isDecimal(int from, int to) {
        for (int i = from; i < to; i++) {
            byte b = line[i];
            if (!(b >= '0' && b <= '9') && b != '.' && b != '-' && b != '+' && b != 'e' && b != 'E') return false;
        }
        return true;
    }

    private double parseInteger(int from, int to, String key) throws IotFileException {
        if (to - from < 2 || line[to - 1] != 'i') throw error(key + " '" + text(from, to) + "' is not an integer (TSBS writes e.g. 3i)");
        return parseLong(from, to - 1, key);
    }

    private long parseTimestamp(int from, int to) throws IotFileException {
        return parseLong(from, to, "timestamp");
    }

    private long parseLong(int from, int to, String what) throws IotFileException {
        int i = from;
        boolean negative = i < to && line[i] == '-';
        if (negative) i++;
        if (i == to || to - i > 19) throw error(what + " '" + text(from, to) + "' is not an integer");
        long v = 0;
        for (; i < to; i++) {
            int d = line[i] - '0';
            if (d < 0 || d > 9) throw error(what + " '" + text(from, to) + "' is not an integer");
            v = v * 10 + d;
            if (v < 0) throw error(what + " '" + text(from, to) + "' is out of range");
        }
        return negative ? -v : v;
    }

    private String text(int from, int to) {
        return new String(line, from, to - from, StandardCharsets.UTF_8);
    }

    private IotFileException error(String problem) {
        return new IotFileException(file, lineNo, problem);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
