package org.tsdbbench.common.query;

import java.util.Optional;
import org.tsdbbench.common.data.WorkloadSpec;

/**
 * The catalog in SQL, for the databases that speak it (MySQL, ClickHouse, TDengine): each
 * subclass overrides only what its SQL says differently, so the same logical query selects the
 * same devices and buckets in every dialect.
 */
public abstract class SqlDialect implements Dialect {

    /** The table (or super table) holding every row. */
    protected String table() {
        return "devices";
    }

    /** The expression of an aggregate over temperature; empty when the database lacks it. */
    protected Optional<String> function(Aggregate fn) {
        return Optional.of(switch (fn) {
            case COUNT -> "COUNT(*)";
            case AVG -> "AVG(temperature)";
            case SUM -> "SUM(temperature)";
            case MAX -> "MAX(temperature)";
            case MIN -> "MIN(temperature)";
            case SPREAD -> "MAX(temperature) - MIN(temperature)";
            case STDDEV -> "STDDEV_POP(temperature)";
        });
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
        if (q.family() == QueryFamily.Q1_FULL_READ) return Optional.of(fullRead(q.group()));
        String where = q.allDevices() ? "" : " WHERE devgroup < " + q.groupLimit();
        return function(q.function()).map(fn -> switch (q.family()) {
            case Q2_AGGREGATE -> "SELECT " + fn + " FROM " + table() + where;
            case Q3_GROUP_BY_TAG -> groupByTag(fn, where);
            case Q4_GROUP_BY_MINUTE -> groupByMinute(fn, where);
            case Q1_FULL_READ -> throw new IllegalStateException();
        });
    }
}
