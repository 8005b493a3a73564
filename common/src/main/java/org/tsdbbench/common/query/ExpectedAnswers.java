package org.tsdbbench.common.query;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.tsdbbench.common.data.DeviceGenerator;
import org.tsdbbench.common.data.DeviceRange;
import org.tsdbbench.common.data.GeneratedRows;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.RowSource;
import org.tsdbbench.common.data.WorkloadSpec;

/**
 * The exact answer to every catalog query, computed from the data set without a database: one pass
 * over the rows keeps totals per device group and per (group, minute); any query's answer is then
 * a merge of those totals.
 */
public final class ExpectedAnswers {

    public static final long MINUTE_MS = 60_000;

    private final GroupStats[] groups = new GroupStats[WorkloadSpec.GROUPS];
    @SuppressWarnings("unchecked")
    private final Map<Long, GroupStats>[] minutes = new Map[WorkloadSpec.GROUPS];

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
                minute.add(batch.devid[i], batch.ts[i], batch.temperature[i], batch.humidity[i]);
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
                TreeMap<Long, Double> one = new TreeMap<>();
                one.put(0L, all.value(q.function()));
                yield new Answer.Values(q, one);
            }
            case Q3_GROUP_BY_TAG -> {
                TreeMap<Long, Double> perGroup = new TreeMap<>();
                for (int g = 0; g < q.groupLimit(); g++) {
                    if (groups[g].count > 0) perGroup.put((long) g, groups[g].value(q.function()));
                }
                yield new Answer.Values(q, perGroup);
            }
            case Q4_GROUP_BY_MINUTE -> {
                TreeMap<Long, GroupStats> merged = new TreeMap<>();
                for (int g = 0; g < q.groupLimit(); g++) {
                    minutes[g].forEach((key, stats) -> merged.computeIfAbsent(key, k -> new GroupStats()).addAll(stats));
                }
                TreeMap<Long, Double> perMinute = new TreeMap<>();
                merged.forEach((key, stats) -> perMinute.put(key, stats.value(q.function())));
                yield new Answer.Values(q, perMinute);
            }
        };
    }

    /** Rows stored in all: what a load must leave in the database. */
    public long totalRows() {
        long n = 0;
        for (GroupStats g : groups) n += g.count;
        return n;
    }

    private static Answer.Checksum checksum(GroupStats s) {
        return new Answer.Checksum(s.count, s.sum, s.sumTs, s.sumDevid, s.sumHumidity);
    }
}
