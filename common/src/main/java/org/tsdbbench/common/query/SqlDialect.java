package org.tsdbbench.common.query;

import java.util.Optional;
import org.tsdbbench.common.data.WorkloadSpec;

/**
 * The catalog in SQL, for the databases that speak it (MySQL, ClickHouse, TDengine): each
 * subclass overrides only what its SQL says differently, so the same logical query selects the
 * same devices and buckets in every dialect.
 */
public abstract class SqlDialect implements DeviceDialect {

    /** The table (or super table) holding every row. */
    protected String table() {
        return "devices";
    }

    /** The expression of an aggregate over temperature; empty when the database lacks it. */
    protected Optional<String> function(Aggregate fn) {
        return Optional.ofNullable(switch (fn) {
            case COUNT -> "COUNT(*)";
            case AVG -> "AVG(temperature)";
            case SUM -> "SUM(temperature)";
            case MAX -> "MAX(temperature)";
            case MIN -> "MIN(temperature)";
            case SPREAD -> "MAX(temperature) - MIN(temperature)";
            case STDDEV -> "STDDEV_POP(temperature)";
            case FIRST, LAST, PERCENTILE -> null;
        });
    }

    /**
     * q5's statement: the aggregates over the device's rows; first and last as the temperature of
     * its earliest and latest row; the percentile only where {@link #percentile()} says it.
     */
    protected Optional<String> deviceFunction(Aggregate fn, int devid) {
        String where = " WHERE devid = " + devid;
        return switch (fn) {
            case FIRST -> Optional.of("SELECT temperature FROM " + table() + where + " ORDER BY ts LIMIT 1");
            case LAST -> Optional.of("SELECT temperature FROM " + table() + where + " ORDER BY ts DESC LIMIT 1");
            case PERCENTILE -> percentile().map(p -> "SELECT " + p + " FROM " + table() + where);
            default -> function(fn).map(f -> "SELECT " + f + " FROM " + table() + where);
        };
    }

    /**
     * q2's first and last over many devices ({@code where} selects them, or is empty): the
     * temperature of the earliest (latest) row, by standard SQL's ORDER BY ts .. LIMIT 1; a database
     * with FIRST and LAST functions says them instead.
     */
    protected Optional<String> firstOrLast(Aggregate fn, String where) {
        return Optional.of("SELECT temperature FROM " + table() + where + " ORDER BY ts" + (fn == Aggregate.LAST ? " DESC" : "")
                + " LIMIT 1");
    }

    /** Whether the query is q2's first or last ({@link #firstOrLast}). */
    protected static boolean isFirstOrLast(LogicalQuery q) {
        return q.family() == QueryFamily.Q2_AGGREGATE && (q.function() == Aggregate.FIRST || q.function() == Aggregate.LAST);
    }

    /** The {@link Aggregate#PERCENTILE_LEVEL}th percentile of temperature as a select expression; empty when the SQL lacks it. */
    protected Optional<String> percentile() {
        return Optional.empty();
    }

    /** q6: the rows of one device (or all) in a time range; ts compares as epoch milliseconds. */
    protected String range(LogicalQuery q) {
        return "SELECT ts, devid, temperature, humidity FROM " + table() + " WHERE " + (q.device() == 0 ? "" : "devid = " + q.device() + " AND ")
                + "ts >= " + q.fromTs() + " AND ts < " + q.toTs();
    }

    /** The start of the row's minute in epoch milliseconds, aligned to the epoch (ts is epoch ms). */
    protected String minuteBucket() {
        return "ts - ts % 60000";
    }

    /** q4's whole statement, for databases whose time bucketing is not an expression (TDengine's interval). */
    protected String groupByMinute(String function, String where) {
        return "SELECT " + minuteBucket() + " AS minute, " + function + " FROM " + table() + where + " GROUP BY minute";
    }

    /** q3's whole statement. */
    protected String groupByTag(String function, String where) {
        return "SELECT devgroup, " + function + " FROM " + table() + where + " GROUP BY devgroup";
    }

    protected String fullRead(int group) {
        return "SELECT ts, devid, temperature, humidity FROM " + table() + " WHERE devgroup = " + group;
    }

    @Override
    public Optional<String> render(LogicalQuery q, WorkloadSpec spec) {
        switch (q.family()) {
            case Q1_FULL_READ -> {
                return Optional.of(fullRead(q.group()));
            }
            case Q5_DEVICE_FUNCTION -> {
                return deviceFunction(q.function(), q.device());
            }
            case Q6_RANGE -> {
                return Optional.of(range(q));
            }
            default -> { }
        }
        String where = q.allDevices() ? "" : " WHERE devgroup < " + q.groupLimit();
        if (isFirstOrLast(q)) return firstOrLast(q.function(), where);
        return function(q.function()).map(fn -> switch (q.family()) {
            case Q2_AGGREGATE -> "SELECT " + fn + " FROM " + table() + where;
            case Q3_GROUP_BY_TAG -> groupByTag(fn, where);
            case Q4_GROUP_BY_MINUTE -> groupByMinute(fn, where);
            default -> throw new IllegalStateException(q.id());
        });
    }
}
