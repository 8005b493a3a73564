package org.tsdbbench.timescaledb;

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
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.query.RowShaper;
import org.tsdbbench.common.query.SqlDialect;

/**
 * TimescaleDB's SQL for the catalog: ts is a {@code timestamptz}, so a minute is TimescaleDB's
 * {@code time_bucket('1 minute', ts)} (minutes are aligned to the epoch whatever the bucket's
 * origin) and a time range compares with timestamp literals, which let the planner exclude chunks
 * before it runs. The percentile is PostgreSQL's ordered-set aggregate {@code percentile_disc}
 * (the nearest rank, a value the column holds); stddev is {@code stddev_pop}, avg a numeric.
 * The IoT queries are {@link IotSql}'s, every one of them; the DevOps queries {@link TimescaleDevopsSql}'s,
 * every one of them too.
 */
public final class TimescaleDialect extends SqlDialect implements IotDialect, DevopsDialect {

    private final TimescaleDevopsSql devops = new TimescaleDevopsSql();

    @Override
    protected String minuteBucket() {
        return "time_bucket('1 minute', ts)";
    }

    @Override
    protected Optional<String> percentile() {
        return Optional.of("percentile_disc(" + Aggregate.PERCENTILE_LEVEL / 100.0 + ") WITHIN GROUP (ORDER BY temperature)");
    }

    @Override
    protected String range(LogicalQuery q) {
        return "SELECT ts, devid, temperature, humidity FROM " + table() + " WHERE " + (q.device() == 0 ? "" : "devid = " + q.device() + " AND ")
                + "ts >= '" + TimestampText.of(q.fromTs()) + "' AND ts < '" + TimestampText.of(q.toTs()) + "'";
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
        return Optional.of(devops.render(query));
    }

    @Override
    public RowShaper shaper(DevopsQuery query) {
        return DevopsSql.shaper(query);
    }
}
