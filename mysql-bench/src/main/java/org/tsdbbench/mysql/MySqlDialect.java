package org.tsdbbench.mysql;

import java.util.Optional;
import org.tsdbbench.common.devops.DevopsDialect;
import org.tsdbbench.common.devops.DevopsQuery;
import org.tsdbbench.common.devops.DevopsSpec;
import org.tsdbbench.common.devops.DevopsSql;
import org.tsdbbench.common.iot.IotDialect;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotRowShaper;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.query.Aggregate;
import org.tsdbbench.common.query.RowShaper;
import org.tsdbbench.common.query.SqlDialect;

/**
 * MySQL's SQL for the catalog: ts is a BIGINT of epoch ms, so a minute is {@code ts DIV 60000}.
 * The percentile is MariaDB's {@code PERCENTILE_DISC}, a window function (one row per input row,
 * hence DISTINCT); MySQL itself has none, and there it fails rather than answers.
 * The IoT queries are {@link IotSql}'s, every one of them (texts first, then values); the DevOps
 * queries {@link CpuSql}'s, all sixteen (hostname first, then the time and the values).
 */
public final class MySqlDialect extends SqlDialect implements IotDialect, DevopsDialect {

    private final CpuSql cpuSql = new CpuSql();

    @Override
    protected String minuteBucket() {
        return "ts DIV 60000 * 60000";
    }

    @Override
    protected Optional<String> deviceFunction(Aggregate fn, int devid) {
        if (fn != Aggregate.PERCENTILE) return super.deviceFunction(fn, devid);
        return Optional.of("SELECT DISTINCT PERCENTILE_DISC(" + Aggregate.PERCENTILE_LEVEL / 100.0
                + ") WITHIN GROUP (ORDER BY temperature) OVER () FROM devices WHERE devid = " + devid);
    }

    @Override
    public Optional<String> render(IotQuery query, IotSpec spec) {
        return Optional.of(IotSql.render(query, spec));
    }

    @Override
    public RowShaper shaper(IotQuery query) {
        return IotRowShaper.textsFirst(query);
    }

    @Override
    public Optional<String> render(DevopsQuery query, DevopsSpec spec) {
        return Optional.of(cpuSql.render(query));
    }

    @Override
    public RowShaper shaper(DevopsQuery query) {
        return DevopsSql.shaper(query);
    }
}
