package org.tsdbbench.cnosdb;

import java.util.Optional;
import java.util.StringJoiner;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.devops.DevopsDialect;
import org.tsdbbench.common.devops.DevopsQuery;
import org.tsdbbench.common.devops.DevopsSpec;
import org.tsdbbench.common.devops.DevopsSql;
import org.tsdbbench.common.iot.IotDialect;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotRowShaper;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.TagModel;
import org.tsdbbench.common.query.Aggregate;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.query.RowShaper;
import org.tsdbbench.common.query.SqlDialect;

/**
 * The devices catalog in CnosDB's SQL (DataFusion's, with CnosDB's functions). Tags are strings:
 * {@code devgroup < 10} compares text ("10" sorts before "9") and silently selects other groups,
 * so q2..q4 list the groups, {@code devgroup IN ('0', '1', ..)}, which CnosDB also pushes down to
 * its tag index; devices are {@code devid = '7'}. The time column is {@code time}, compared with
 * epoch milliseconds (the database's precision) and read back as {@code CAST(time AS BIGINT)};
 * a minute is {@code date_bin(INTERVAL '1 minute', time)}, aligned to the epoch.
 *
 * <p>Functions CnosDB lacks, and what stands in: no SPREAD ({@code MAX - MIN}); no exact
 * percentile (only {@code approx_percentile_cont}, a t-digest estimate): the 90th percentile is
 * written by its definition, the smallest temperature whose cumulative distribution reaches 0.9
 * ({@code CUME_DIST}, what PERCENTILE_DISC returns). FIRST and LAST are CnosDB's own
 * {@code first(time, x)} and {@code last(time, x)}, over one device (q5) or many (q2); STDDEV is {@code STDDEV_POP}.
 *
 * <p>The IoT trucks' catalog, every query of it, is {@link IotSql}'s; TSBS's DevOps queries, all
 * fifteen and report D's minute-max-first-10, are {@link DevopsCnosSql}'s.
 */
public final class CnosDialect extends SqlDialect implements IotDialect, DevopsDialect {

    /** The row's time as epoch milliseconds: the database is created WITH PRECISION 'ms'. */
    static final String TS = "CAST(time AS BIGINT)";

    private final DevopsCnosSql devops = new DevopsCnosSql();

    @Override
    protected String table() {
        return DevicesLayout.TABLE;
    }

    @Override
    public Optional<String> render(LogicalQuery q, WorkloadSpec spec) {
        switch (q.family()) {
            case Q1_FULL_READ, Q5_DEVICE_FUNCTION, Q6_RANGE -> {
                return super.render(q, spec);
            }
            default -> { }
        }
        String where = q.allDevices() ? "" : " WHERE devgroup IN " + groupsBelow(q.groupLimit());
        if (isFirstOrLast(q)) return firstOrLast(q.function(), where);
        return function(q.function()).map(fn -> switch (q.family()) {
            case Q2_AGGREGATE -> "SELECT " + fn + " FROM " + table() + where;
            case Q3_GROUP_BY_TAG -> groupByTag(fn, where);
            default -> groupByMinute(fn, where);
        });
    }

    @Override
    public Optional<String> render(IotQuery q, IotSpec spec) {
        return Optional.of(IotSql.render(q, spec));
    }

    @Override
    public RowShaper shaper(IotQuery q) {
        return IotRowShaper.textsFirst(q);
    }

    /** Every DevOps query has one: none is absent. */
    @Override
    public Optional<String> render(DevopsQuery q, DevopsSpec spec) {
        return Optional.of(devops.render(q));
    }

    /** The rows come hostname first (where the type has it), then the time and the values. */
    @Override
    public RowShaper shaper(DevopsQuery q) {
        return DevopsSql.shaper(q);
    }

    /** The tag values of groups 0 .. limit-1: {@code ('0', '1', .., '9')}. */
    static String groupsBelow(int limit) {
        StringJoiner groups = new StringJoiner(", ", "(", ")");
        for (int g = 0; g < limit; g++) groups.add("'" + g + "'");
        return groups.toString();
    }

    @Override
    protected String fullRead(int group) {
        return "SELECT " + TS + " AS ts, devid, temperature, humidity FROM " + table() + " WHERE devgroup = '" + group + "'";
    }

    @Override
    protected String range(LogicalQuery q) {
        return "SELECT " + TS + " AS ts, devid, temperature, humidity FROM " + table() + " WHERE "
                + (q.device() == 0 ? "" : "devid = '" + q.device() + "' AND ") + "time >= " + q.fromTs() + " AND time < " + q.toTs();
    }

    @Override
    protected String minuteBucket() {
        return "CAST(date_bin(INTERVAL '1 minute', time) AS BIGINT)";
    }

    /** q2's first and last: CnosDB's {@code first(time, x)} and {@code last(time, x)} over the devices selected. */
    @Override
    protected Optional<String> firstOrLast(Aggregate fn, String where) {
        return Optional.of("SELECT " + fn.id() + "(time, temperature) FROM " + table() + where);
    }

    @Override
    protected Optional<String> deviceFunction(Aggregate fn, int devid) {
        String device = " FROM " + table() + " WHERE devid = '" + devid + "'";
        return switch (fn) {
            case FIRST -> Optional.of("SELECT first(time, temperature)" + device);
            case LAST -> Optional.of("SELECT last(time, temperature)" + device);
            case PERCENTILE -> Optional.of("SELECT MIN(temperature) FROM (SELECT temperature, CUME_DIST() OVER (ORDER BY temperature) AS cd"
                    + device + ") WHERE cd >= " + Aggregate.PERCENTILE_LEVEL / 100.0);
            default -> function(fn).map(f -> "SELECT " + f + device);
        };
    }

    /**
     * A record is a row of its series (its own tags): two records of one series and time are one row, the
     * later's fields over the earlier's.
     */
    @Override
    public TagModel tagModel() {
        return TagModel.SERIES;
    }
}
