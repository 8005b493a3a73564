package org.tsdbbench.clickhouse;

import org.tsdbbench.common.cli.BenchCli;
import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.clickhouse.bench.ClickHouseMixedLoad;
import org.tsdbbench.clickhouse.bench.ClickHouseQuery;
import org.tsdbbench.clickhouse.bench.ClickHouseRangeQuery;
import org.tsdbbench.clickhouse.bench.ClickHouseVolume;
import org.tsdbbench.clickhouse.bench.ClickHouseWrite;

/** {@code java -jar clickhouse-bench/target/clickhouse-bench.jar [write|load|query|disk] [options]}. */
public final class ClickHouseBenchMain {

    private ClickHouseBenchMain() {
    }

    public static BenchModule module() {
        return new BenchModule(new ClickHouseDatabase(), ClickHouseWrite.class, ClickHouseQuery.class,
                ClickHouseRangeQuery.class, ClickHouseVolume.class, ClickHouseMixedLoad.class);
    }

    public static void main(String[] args) {
        System.exit(BenchCli.run(module(), args));
    }
}
