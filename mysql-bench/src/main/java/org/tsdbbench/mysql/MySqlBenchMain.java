package org.tsdbbench.mysql;

import org.tsdbbench.common.cli.BenchCli;
import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.mysql.bench.MySqlMixedLoad;
import org.tsdbbench.mysql.bench.MySqlQuery;
import org.tsdbbench.mysql.bench.MySqlRangeQuery;
import org.tsdbbench.mysql.bench.MySqlVolume;
import org.tsdbbench.mysql.bench.MySqlWrite;

/** {@code java -jar mysql-bench/target/mysql-bench.jar [write|load|query|disk] [options]}. */
public final class MySqlBenchMain {

    private MySqlBenchMain() {
    }

    public static BenchModule module() {
        return new BenchModule(new MySqlDatabase(), MySqlWrite.class, MySqlQuery.class,
                MySqlRangeQuery.class, MySqlVolume.class, MySqlMixedLoad.class);
    }

    public static void main(String[] args) {
        System.exit(BenchCli.run(module(), args));
    }
}
