package org.tsdbbench.common.query;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import org.tsdbbench.common.data.DeviceGenerator;
import org.tsdbbench.common.data.DeviceRange;
import org.tsdbbench.common.data.GeneratedRows;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.RowSource;
import org.tsdbbench.common.data.WorkloadSpec;

/**
 * The exact answer to every catalog query, computed from the data set without a database: one pass
 * over the rows keeps totals per device group and per (group, minute), and the rows of q5's
 * device; any query's answer is then a merge of those totals. q6's ranges are answered by
 * {@link #range}, straight from the generator.
 */
public final class ExpectedAnswers {

    public static final long MINUTE_MS = 60_000;

    private final GroupStats[] groups = new GroupStats[WorkloadSpec.GROUPS];
    @SuppressWarnings("unchecked")
    private final Map<Long, GroupStats>[] minutes = new Map[WorkloadSpec.GROUPS];

    /** Timestamp and temperature of each row of {@link QueryCatalog#DEVICE}, in the order read. */
    private final java.util.List<long[]> deviceRows = new java.util.ArrayList<>();

    private ExpectedAnswers() {
        for (int g = 0; g < groups.length; g++) {
            groups[g] = new GroupStats();
            minutes[g] = new HashMap<>();
        }
    }

    /** Answers for the generated data set of {@code spec}. */
    public static ExpectedAnswers of(WorkloadSpec spec) {
        try (RowSource rows = new GeneratedRows(new DeviceGenerator(spec), new DeviceRange(1, spec.numOfDevices()), false)) {
            return of(rows);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Answers for whatever rows the source yields (generated or read from data files). */
    public static ExpectedAnswers of(RowSource source) throws IOException {
        ExpectedAnswers answers = new ExpectedAnswers();
        RowBatch batch = new RowBatch(8192);
        GroupStats minute = null;
        int minuteGroup = -1;
        long minuteKey = Long.MIN_VALUE;
        while (source.fill(batch, batch.capacity()) > 0) {
            for (int i = 0; i < batch.size(); i++) {
                int g = batch.devgroup[i];
                if (g < 0 || g >= WorkloadSpec.GROUPS) throw new IllegalArgumentException("devgroup " + g + " of devid " + batch.devid[i] + " is outside 0..99");
                answers.groups[g].add(batch.devid[i], batch.ts[i], batch.temperature[i], batch.humidity[i]);
                long key = Math.floorDiv(batch.ts[i], MINUTE_MS) * MINUTE_MS;
                if (g != minuteGroup || key != minuteKey) {
                    minute = answers.minutes[g].computeIfAbsent(key, k -> new GroupStats());
                    minuteGroup = g;
                    minuteKey = key;
                }
                minute.addTemperature(batch.temperature[i]);
                if (batch.devid[i] == QueryCatalog.DEVICE) answers.deviceRows.add(new long[] {batch.ts[i], batch.temperature[i]});
            }
        }
        return answers;
    }

    public Answer answer(LogicalQuery q) {
        return switch (q.family()) {
            case Q1_FULL_READ -> new Answer.Rows(q, checksum(groups[q.group()]));
            case Q2_AGGREGATE -> {
                GroupStats all = new GroupStats();
                for (int g = 0; g < q.groupLimit(); g++) all.addAll(groups[g]);
                yield switch (q.function()) {
                    case FIRST -> new Answer.OneOf(q, all.first.ts(), all.first.temperatures());
                    case LAST -> new Answer.OneOf(q, all.last.ts(), all.last.temperatures());
                    default -> values(q, new TreeMap<>(Map.of(0L, all)));
                };
            }
            case Q3_GROUP_BY_TAG -> {
                TreeMap<Long, GroupStats> perGroup = new TreeMap<>();
                for (int g = 0; g < q.groupLimit(); g++) {
                    if (groups[g].count > 0) perGroup.put((long) g, groups[g]);
                }
                yield values(q, perGroup);
            }
            case Q4_GROUP_BY_MINUTE -> {
                TreeMap<Long, GroupStats> merged = new TreeMap<>();
                for (int g = 0; g < q.groupLimit(); g++) {
                    minutes[g].forEach((key, stats) -> merged.computeIfAbsent(key, k -> new GroupStats()).addAll(stats));
                }
                yield values(q, merged);
            }
            case Q5_DEVICE_FUNCTION -> deviceFunction(q);
            case Q6_RANGE -> throw new IllegalArgumentException(q.id() + ": a range is answered by ExpectedAnswers.range");
        };
    }

    /** The function's value per key, each with the tolerance its number of rows allows. */
    static Answer.Values values(LogicalQuery q, java.util.SortedMap<Long, GroupStats> stats) {
        TreeMap<Long, Double> value = new TreeMap<>();
        TreeMap<Long, Double> tolerance = new TreeMap<>();
        stats.forEach((key, s) -> {
            value.put(key, s.value(q.function()));
            tolerance.put(key, s.tolerance(q.function()));
        });
        return new Answer.Values(q, value, tolerance);
    }

    private Answer deviceFunction(LogicalQuery q) {
        if (q.device() != QueryCatalog.DEVICE) {
            throw new IllegalArgumentException(q.id() + ": answers are kept for device " + QueryCatalog.DEVICE + " only");
        }
        long[][] rows = deviceRows.toArray(long[][]::new);
        java.util.Arrays.sort(rows, java.util.Comparator.comparingLong(r -> r[0]));
        GroupStats all = new GroupStats();
        for (long[] r : rows) all.addTemperature((int) r[1]);
        TreeMap<Long, Double> one = new TreeMap<>();
        int n = rows.length;
        switch (q.function()) {
            case FIRST -> one.put(0L, n == 0 ? Double.NaN : rows[0][1]);
            case LAST -> one.put(0L, n == 0 ? Double.NaN : rows[n - 1][1]);
            case PERCENTILE -> {
                if (n == 0) throw new IllegalArgumentException(q.id() + ": device " + q.device() + " has no rows");
                long[] sorted = java.util.Arrays.stream(rows).mapToLong(r -> r[1]).sorted().toArray();
                // 0-based ranks: linear interpolation lies between floor(pn)-1 and ceil(pn); nearest rank is ceil(pn)-1.
                long pn = (long) Aggregate.PERCENTILE_LEVEL * n;
                int low = (int) Math.max(0, pn / 100 - 1);
                int high = (int) Math.min(n - 1, (pn + 99) / 100);
                return new Answer.Within(q, sorted[low], sorted[high]);
            }
            default -> {
                return values(q, new TreeMap<>(Map.of(0L, all)));
            }
        }
        // First and last are temperatures: exact.
        return new Answer.Values(q, one, new TreeMap<>());
    }

    /**
     * The rows of a q6 range when every device holds its rows {@code 0 .. storedRowsPerDevice - 1}
     * (the data set's rowsPerDevice, or more once the volume test wrote past it), from the
     * generator: every value is a function of (seed, devid, row).
     */
    public static Answer range(DeviceGenerator generator, long storedRowsPerDevice, LogicalQuery q) {
        WorkloadSpec spec = generator.spec();
        long fromRow = Math.max(0, Math.floorDiv(q.fromTs() - spec.startTs() + WorkloadSpec.INTERVAL_MS - 1, WorkloadSpec.INTERVAL_MS));
        long toRow = Math.min(storedRowsPerDevice,
                Math.floorDiv(q.toTs() - spec.startTs() + WorkloadSpec.INTERVAL_MS - 1, WorkloadSpec.INTERVAL_MS));
        toRow = Math.max(fromRow, toRow);
        int first = q.device() == 0 ? 1 : q.device();
        int last = q.device() == 0 ? spec.numOfDevices() : q.device();
        GroupStats s = new GroupStats();
        RowBatch batch = new RowBatch(1024);
        for (int devid = first; devid <= last; devid++) {
            for (long row = fromRow; row < toRow; row += batch.capacity()) {
                batch.clear();
                generator.appendRows(batch, devid, row, (int) Math.min(batch.capacity(), toRow - row));
                for (int i = 0; i < batch.size(); i++) s.add(batch.devid[i], batch.ts[i], batch.temperature[i], batch.humidity[i]);
            }
        }
        return new Answer.Rows(q, checksum(s));
    }

    /**
     * Writes the totals (exactly: integers as longs, sums of humidity as doubles) so that
     * {@link #readFrom} gives the same answer to every query; the size grows with the minutes of
     * the data set and the rows of q5's device, never with the devices.
     */
    public void writeTo(DataOutput out) throws IOException {
        out.writeInt(FORMAT);
        out.writeInt(groups.length);
        for (int g = 0; g < groups.length; g++) {
            write(out, groups[g]);
            out.writeInt(minutes[g].size());
            for (Map.Entry<Long, GroupStats> e : minutes[g].entrySet()) {
                out.writeLong(e.getKey());
                write(out, e.getValue());
            }
        }
        out.writeInt(deviceRows.size());
        for (long[] r : deviceRows) {
            out.writeLong(r[0]);
            out.writeLong(r[1]);
        }
    }

    /** The answers {@link #writeTo} wrote; a file of another format or shape is an IOException. */
    public static ExpectedAnswers readFrom(DataInput in) throws IOException {
        int format = in.readInt();
        if (format != FORMAT) throw new IOException("expected answers of format " + format + ", this version reads " + FORMAT);
        ExpectedAnswers answers = new ExpectedAnswers();
        if (in.readInt() != answers.groups.length) throw new IOException("expected answers for another number of device groups");
        for (int g = 0; g < answers.groups.length; g++) {
            read(in, answers.groups[g]);
            int n = in.readInt();
            for (int i = 0; i < n; i++) {
                long key = in.readLong();
                GroupStats stats = new GroupStats();
                read(in, stats);
                answers.minutes[g].put(key, stats);
            }
        }
        int rows = in.readInt();
        for (int i = 0; i < rows; i++) answers.deviceRows.add(new long[] {in.readLong(), in.readLong()});
        return answers;
    }

    /** 3: each group's first and last instant with their temperatures; 2: humidity in exact hundredths and the rows' fingerprint. */
    private static final int FORMAT = 3;

    private static void write(DataOutput out, GroupStats s) throws IOException {
        out.writeLong(s.count);
        out.writeLong(s.sum);
        out.writeLong(s.sumSquares);
        out.writeInt(s.min);
        out.writeInt(s.max);
        out.writeLong(s.sumTs);
        out.writeLong(s.sumDevid);
        out.writeLong(s.sumHumidityCenti);
        out.writeLong(s.fingerprint);
        write(out, s.first);
        write(out, s.last);
    }

    private static void write(DataOutput out, TemperaturesAt at) throws IOException {
        out.writeLong(at.ts());
        SortedSet<Integer> temperatures = at.temperatures();
        out.writeInt(temperatures.size());
        for (int t : temperatures) out.writeInt(t);
    }

    /** The instant and temperatures {@link #write(DataOutput, TemperaturesAt)} wrote, offered to {@code into}. */
    private static void read(DataInput in, TemperaturesAt into) throws IOException {
        long ts = in.readLong();
        int n = in.readInt();
        for (int i = 0; i < n; i++) into.offer(ts, in.readInt());
    }

    private static void read(DataInput in, GroupStats s) throws IOException {
        s.count = in.readLong();
        s.sum = in.readLong();
        s.sumSquares = in.readLong();
        s.min = in.readInt();
        s.max = in.readInt();
        s.sumTs = in.readLong();
        s.sumDevid = in.readLong();
        s.sumHumidityCenti = in.readLong();
        s.fingerprint = in.readLong();
        read(in, s.first);
        read(in, s.last);
    }

    /** Rows stored in all: what a load must leave in the database. */
    public long totalRows() {
        long n = 0;
        for (GroupStats g : groups) n += g.count;
        return n;
    }

    private static Answer.Checksum checksum(GroupStats s) {
        return new Answer.Checksum(s.count, s.sum, s.sumTs, s.sumDevid, s.sumHumidityCenti, s.fingerprint);
    }
}
