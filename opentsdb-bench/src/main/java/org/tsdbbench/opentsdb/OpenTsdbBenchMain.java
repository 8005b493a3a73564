package org.tsdbbench.opentsdb;

import org.tsdbbench.common.cli.BenchCli;
import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.opentsdb.bench.OpenTsdbMixedLoad;
import org.tsdbbench.opentsdb.bench.OpenTsdbQuery;
import org.tsdbbench.opentsdb.bench.OpenTsdbRangeQuery;
import org.tsdbbench.opentsdb.bench.OpenTsdbVolume;
import org.tsdbbench.opentsdb.bench.OpenTsdbWrite;

/** {@code java -jar opentsdb-bench/target/opentsdb-bench.jar [write|load|query|disk] [options]}. */
public final class OpenTsdbBenchMain {

    private OpenTsdbBenchMain() {
    }

    public static BenchModule module() {
        return new BenchModule(new OpenTsdbDatabase(), OpenTsdbWrite.class, OpenTsdbQuery.class,
                OpenTsdbRangeQuery.class, OpenTsdbVolume.class, OpenTsdbMixedLoad.class);
    }

    public static void main(String[] args) {
        System.exit(BenchCli.run(module(), args));
    }
}
