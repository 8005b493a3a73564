package org.tsdbbench.tdengine;

import org.tsdbbench.common.cli.BenchCli;
import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.tdengine.bench.TDengineQuery;
import org.tsdbbench.tdengine.bench.TDengineWrite;

/** {@code java -jar tdengine-bench/target/tdengine-bench.jar [write|load|query|disk] [options]}. */
public final class TDengineBenchMain {

    private TDengineBenchMain() {
    }

    public static BenchModule module() {
        return new BenchModule(new TDengineDatabase(), TDengineWrite.class, TDengineQuery.class);
    }

    public static void main(String[] args) {
        System.exit(BenchCli.run(module(), args));
    }
}
