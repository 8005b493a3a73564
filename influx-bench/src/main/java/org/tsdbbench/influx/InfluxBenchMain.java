package org.tsdbbench.influx;

import org.tsdbbench.common.cli.BenchCli;
import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.influx.bench.InfluxMixedLoad;
import org.tsdbbench.influx.bench.InfluxQuery;
import org.tsdbbench.influx.bench.InfluxRangeQuery;
import org.tsdbbench.influx.bench.InfluxVolume;
import org.tsdbbench.influx.bench.InfluxWrite;

/** {@code java -jar influx-bench/target/influx-bench.jar [write|load|query|disk] [options]}. */
public final class InfluxBenchMain {

    private InfluxBenchMain() {
    }

    public static BenchModule module() {
        return new BenchModule(new InfluxDatabase(), InfluxWrite.class, InfluxQuery.class,
                InfluxRangeQuery.class, InfluxVolume.class, InfluxMixedLoad.class);
    }

    public static void main(String[] args) {
        System.exit(BenchCli.run(module(), args));
    }
}
