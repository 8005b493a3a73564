package org.tsdbbench.tdengine;

import java.util.Optional;
import org.tsdbbench.common.query.Aggregate;
import org.tsdbbench.common.query.SqlDialect;

/**
 * TDengine's SQL for the catalog, the published query files' semantics: the super table
 * {@code devices} filtered on its devgroup tag; SPREAD and STDDEV (population) are built in;
 * {@code INTERVAL(1m)} windows align to the epoch. 3.x names the window start {@code _wstart};
 * 2.x returns it as the first column by itself and puts the GROUP BY tag last.
 */
public final class TDengineDialect extends SqlDialect {

    private final int majorVersion;

    public TDengineDialect(int majorVersion) {
        this.majorVersion = majorVersion;
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

    @Override
    protected String groupByMinute(String function, String where) {
        return majorVersion >= 3
                ? "SELECT _wstart, " + function + " FROM devices" + where + " INTERVAL(1m)"
                : "SELECT " + function + " FROM devices" + where + " INTERVAL(1m)";
    }

    @Override
    protected String groupByTag(String function, String where) {
        return majorVersion >= 3
                ? "SELECT devgroup, " + function + " FROM devices" + where + " PARTITION BY devgroup"
                : "SELECT " + function + " FROM devices" + where + " GROUP BY devgroup";
    }
}
