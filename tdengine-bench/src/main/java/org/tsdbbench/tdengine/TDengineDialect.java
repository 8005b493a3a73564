package org.tsdbbench.tdengine;

import java.util.Optional;
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
import org.tsdbbench.common.query.QueryFamily;
import org.tsdbbench.common.query.RowShaper;
import org.tsdbbench.common.query.SqlDialect;

/**
 * TDengine's SQL for the catalog, the published query files' semantics: the super table
 * {@code devices} filtered on its devgroup tag; SPREAD and STDDEV (population) are built in;
 * {@code INTERVAL(1m)} windows align to the epoch. 3.x names the window start {@code _wstart};
 * 2.x returns it as the first column by itself and puts the GROUP BY tag last. One device's
 * queries (q5, q6) read its own table {@code dev<devid>}, where FIRST, LAST and PERCENTILE (which a
 * super table does not take) are built in; q2's FIRST and LAST read the super table. The IoT catalog ({@link IotSql}) is said on 3.x only,
 * over the IoT database of the devices database {@code database} names ({@link IotLayout}); so is TSBS's DevOps
 * catalog ({@link CpuSql}), over the DevOps database ({@link CpuLayout}).
 */
public final class TDengineDialect extends SqlDialect implements IotDialect, DevopsDialect {

    private final int majorVersion;
    private final IotSql iot;
    private final CpuSql cpu;

    /** The dialect of a server major, its IoT queries over the default database's IoT database. */
    public TDengineDialect(int majorVersion) {
        this(majorVersion, "bench");
    }

    public TDengineDialect(int majorVersion, String database) {
        this.majorVersion = majorVersion;
        this.iot = new IotSql(new IotLayout(database));
        this.cpu = new CpuSql(new CpuLayout(database));
    }

    /** Every IoT query on 3.x, in report C's layout; 2.x takes no IoT (absent). */
    @Override
    public Optional<String> render(IotQuery query, IotSpec spec) {
        return majorVersion >= 3 ? Optional.of(iot.render(query, spec)) : Optional.empty();
    }

    /** The IoT rows (texts first, then values) as the check takes them: values and texts apart. */
    @Override
    public RowShaper shaper(IotQuery query) {
        return IotRowShaper.textsFirst(query);
    }

    /** Every DevOps query on 3.x, in TSBS's layout; 2.x takes no DevOps (absent), as no IoT. */
    @Override
    public Optional<String> render(DevopsQuery query, DevopsSpec spec) {
        return majorVersion >= 3 ? Optional.of(cpu.render(query)) : Optional.empty();
    }

    /** The DevOps rows come hostname first, then the time and the values. */
    @Override
    public RowShaper shaper(DevopsQuery query) {
        return DevopsSql.shaper(query);
    }

    public int majorVersion() {
        return majorVersion;
    }

    @Override
    protected Optional<String> function(Aggregate fn) {
        return switch (fn) {
            case SPREAD -> Optional.of("SPREAD(temperature)");
            case STDDEV -> Optional.of("STDDEV(temperature)");
            default -> super.function(fn);
        };
    }

    /** q2's first and last: FIRST and LAST over the super table, report A's multi-sensor functions. */
    @Override
    protected Optional<String> firstOrLast(Aggregate fn, String where) {
        return Optional.of("SELECT " + fn.name() + "(temperature) FROM " + table() + where);
    }

    @Override
    protected Optional<String> deviceFunction(Aggregate fn, int devid) {
        String f = switch (fn) {
            case FIRST -> "FIRST(temperature)";
            case LAST -> "LAST(temperature)";
            case PERCENTILE -> "PERCENTILE(temperature, " + Aggregate.PERCENTILE_LEVEL + ")";
            default -> function(fn).orElseThrow();
        };
        return Optional.of("SELECT " + f + " FROM dev" + devid);
    }

    @Override
    protected String range(LogicalQuery q) {
        return "SELECT ts, devid, temperature, humidity FROM " + (q.device() == 0 ? "devices" : "dev" + q.device())
                + " WHERE ts >= " + q.fromTs() + " AND ts < " + q.toTs();
    }

    @Override
    protected String groupByMinute(String function, String where) {
        return majorVersion >= 3
                ? "SELECT _wstart, " + function + " FROM devices" + where + " INTERVAL(1m)"
                : "SELECT " + function + " FROM devices" + where + " INTERVAL(1m)";
    }

    /** 2.x puts the GROUP BY tag after the aggregate: q3's two columns are swapped to the catalog's (devgroup, value). */
    @Override
    public RowShaper shaper(LogicalQuery q) {
        if (majorVersion >= 3 || q.family() != QueryFamily.Q3_GROUP_BY_TAG) return RowShaper.AS_IS;
        return canonical -> {
            double[] swapped = new double[2];
            return row -> {
                swapped[0] = row[1];
                swapped[1] = row[0];
                canonical.row(swapped);
            };
        };
    }

    @Override
    protected String groupByTag(String function, String where) {
        return majorVersion >= 3
                ? "SELECT devgroup, " + function + " FROM devices" + where + " PARTITION BY devgroup"
                : "SELECT " + function + " FROM devices" + where + " GROUP BY devgroup";
    }

    /** The trucks' tags are each sub-table's (report C's layout): a record answers to its truck's tags, not its own. */
    @Override
    public TagModel tagModel() {
        return TagModel.TABLE;
    }
}
