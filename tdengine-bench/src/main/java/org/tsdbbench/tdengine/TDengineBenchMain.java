package org.tsdbbench.tdengine;

import org.tsdbbench.common.cli.BenchCli;
import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.tdengine.bench.TDengineMixedLoad;
import org.tsdbbench.tdengine.bench.TDengineQuery;
import org.tsdbbench.tdengine.bench.TDengineRangeQuery;
import org.tsdbbench.tdengine.bench.TDengineVolume;
import org.tsdbbench.tdengine.bench.TDengineWrite;

/** {@code java -jar tdengine-bench/target/tdengine-bench.jar [write|load|query|disk] [options]}. */
public final class TDengineBenchMain {

    private TDengineBenchMain() {
    }

    public static BenchModule module() {
        return new BenchModule(new TDengineDatabase(), TDengineWrite.class, TDengineQuery.class,
                TDengineRangeQuery.class, TDengineVolume.class, TDengineMixedLoad.class);
    }

    public static void main(String[] args) {
        System.exit(BenchCli.run(module(), args));
    }
}
