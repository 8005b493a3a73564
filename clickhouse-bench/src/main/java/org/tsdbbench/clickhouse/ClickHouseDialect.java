package org.tsdbbench.clickhouse;

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
 * ClickHouse's SQL for the catalog: ts is an Int64 of epoch ms, a minute is {@code intDiv(ts, 60000)};
 * the percentile is {@code quantileExact} (the value at rank floor(level x n), no interpolation).
 * The IoT queries are {@link IotSql}'s, every one of the catalog (texts first, then values); the DevOps
 * queries {@link ClickHouseDevopsSql}'s, all sixteen (hostname first, then values).
 */
public final class ClickHouseDialect extends SqlDialect implements IotDialect, DevopsDialect {

    @Override
    protected String minuteBucket() {
        return "intDiv(ts, 60000) * 60000";
    }

    @Override
    protected Optional<String> function(Aggregate fn) {
        return switch (fn) {
            case COUNT -> Optional.of("count()");
            case STDDEV -> Optional.of("stddevPop(temperature)");
            default -> super.function(fn);
        };
    }

    @Override
    protected Optional<String> percentile() {
        return Optional.of("quantileExact(" + Aggregate.PERCENTILE_LEVEL / 100.0 + ")(temperature)");
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
        return Optional.of(ClickHouseDevopsSql.render(query));
    }

    @Override
    public RowShaper shaper(DevopsQuery query) {
        return DevopsSql.shaper(query);
    }
}
