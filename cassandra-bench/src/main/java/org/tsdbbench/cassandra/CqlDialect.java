package org.tsdbbench.cassandra;

import java.util.Optional;
import java.util.StringJoiner;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.devops.DevopsDialect;
import org.tsdbbench.common.devops.DevopsQuery;
import org.tsdbbench.common.devops.DevopsSpec;
import org.tsdbbench.common.devops.DevopsSql;
import org.tsdbbench.common.iot.IotDialect;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.TagModel;
import org.tsdbbench.common.query.Aggregate;
import org.tsdbbench.common.query.DeviceDialect;
import org.tsdbbench.common.query.Dialect;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.query.QueryFamily;
import org.tsdbbench.common.query.RowShaper;

/**
 * The catalog in CQL. CQL filters and groups only by primary-key columns in key order, so:
 * {@code devgroup < N} is {@code devgroup IN (0..N-1)} on the partition key; sums and averages cast
 * to bigint/double (CQL's SUM and AVG of an int return a truncated int); SPREAD selects MAX and MIN
 * (CQL has no spread; the shaper subtracts); STDDEV is absent. q4 groups by a real 1-minute
 * bucket, {@code floor(ts, 1m)} on the last clustering column, per device (CQL must group by the
 * key prefix devgroup, devid, devname first); the shaper sums the devices' buckets into minutes.
 * One device (q5, q6) is its partition and clustering prefix: first and last are the first row in
 * clustering order and in reverse order; stddev and percentile are absent. A time range over every
 * device skips the clustering prefix, which CQL takes only with ALLOW FILTERING.
 *
 * <p>The IoT trucks: {@link IotCql} (Cassandra aggregates per series, or per series and 10-minute
 * bucket) and {@link IotCqlShaper} (the client combines those groups into the query's).
 *
 * <p>The DevOps hosts: {@link CpuCql}, said by Cassandra alone; a query whose groups span hosts is absent.
 */
public final class CqlDialect implements DeviceDialect, IotDialect, DevopsDialect {

    @Override
    public Optional<String> render(LogicalQuery q, WorkloadSpec spec) {
        if (q.family() == QueryFamily.Q5_DEVICE_FUNCTION) return deviceFunction(q.function(), q.device());
        if (q.family() == QueryFamily.Q6_RANGE) return Optional.of(range(q));
        String where = q.family() == QueryFamily.Q1_FULL_READ ? " WHERE devgroup = " + q.group()
                : q.allDevices() ? "" : " WHERE devgroup IN " + groupsBelow(q.groupLimit());
        return switch (q.family()) {
            case Q1_FULL_READ -> Optional.of("SELECT ts, devid, temperature, humidity FROM devices" + where);
            case Q2_AGGREGATE -> selection(q.function()).map(fn -> "SELECT " + fn + " FROM devices" + where);
            case Q3_GROUP_BY_TAG -> selection(q.function()).map(fn -> "SELECT devgroup, " + fn + " FROM devices" + where + " GROUP BY devgroup");
            // Counts and sums per device and minute; every function of q4 is derived from them.
            case Q4_GROUP_BY_MINUTE -> selection(q.function()).map(fn -> "SELECT floor(ts, 1m), COUNT(*), SUM(CAST(temperature AS bigint)) FROM devices"
                    + where + " GROUP BY devgroup, devid, devname, floor(ts, 1m)");
            default -> throw new IllegalStateException(q.id());
        };
    }

    private static String device(int devid) {
        return "devgroup = " + WorkloadSpec.group(devid) + " AND devid = " + devid + " AND devname = '" + WorkloadSpec.devname(devid) + "'";
    }

    private static Optional<String> deviceFunction(Aggregate fn, int devid) {
        String from = " FROM devices WHERE " + device(devid);
        return switch (fn) {
            case FIRST -> Optional.of("SELECT temperature" + from + " LIMIT 1");
            case LAST -> Optional.of("SELECT temperature" + from + " ORDER BY devid DESC, devname DESC, ts DESC LIMIT 1");
            case SPREAD, STDDEV, PERCENTILE -> Optional.empty();
            default -> selection(fn).map(f -> "SELECT " + f + from);
        };
    }

    private static String range(LogicalQuery q) {
        String time = "ts >= " + q.fromTs() + " AND ts < " + q.toTs();
        return q.device() == 0
                ? "SELECT ts, devid, temperature, humidity FROM devices WHERE devgroup IN " + groupsBelow(WorkloadSpec.GROUPS) + " AND " + time + " ALLOW FILTERING"
                : "SELECT ts, devid, temperature, humidity FROM devices WHERE " + device(q.device()) + " AND " + time;
    }

    /** Spread from MAX and MIN, and q4's per-device minutes summed into minutes: {@link CqlResultShaper}. */
    @Override
    public RowShaper shaper(LogicalQuery q) {
        return canonical -> new CqlResultShaper(q, canonical);
    }

    @Override
    public Optional<String> render(IotQuery q, IotSpec spec) {
        return IotCql.render(q, spec);
    }

    @Override
    public RowShaper shaper(IotQuery q) {
        return canonical -> new IotCqlShaper(q, canonical);
    }

    @Override
    public Optional<String> render(DevopsQuery q, DevopsSpec spec) {
        return CpuCql.render(q);
    }

    /** Rows come hostname first (where the type has it), then the time in milliseconds and the values. */
    @Override
    public RowShaper shaper(DevopsQuery q) {
        return DevopsSql.shaper(q);
    }

    static Optional<String> selection(Aggregate fn) {
        return switch (fn) {
            case COUNT -> Optional.of("COUNT(*)");
            case AVG -> Optional.of("AVG(CAST(temperature AS double))");
            case SUM -> Optional.of("SUM(CAST(temperature AS bigint))");
            case MAX -> Optional.of("MAX(temperature)");
            case MIN -> Optional.of("MIN(temperature)");
            case SPREAD -> Optional.of("MAX(temperature), MIN(temperature)");
            case STDDEV, FIRST, LAST, PERCENTILE -> Optional.empty();
        };
    }

    static String groupsBelow(int limit) {
        StringJoiner in = new StringJoiner(",", "(", ")");
        for (int g = 0; g < limit; g++) in.add(Integer.toString(g));
        return in.toString();
    }

    /**
     * A record is a row keyed by its own eight tags and time: two of one key are one row, an upsert that
     * writes no null (a null field is left unset), so the later's fields overwrite and the earlier's others
     * stay.
     */
    @Override
    public TagModel tagModel() {
        return TagModel.SERIES;
    }
}
