package org.tsdbbench.common.cli;

import org.tsdbbench.common.bench.QueryBenchmarkBase;
import org.tsdbbench.common.bench.WriteBenchmarkBase;
import org.tsdbbench.common.db.Database;

/** What a database module hands the shared CLI: its binding and its two JMH classes. */
public record BenchModule(Database database, Class<? extends WriteBenchmarkBase> writeBenchmark,
                          Class<? extends QueryBenchmarkBase> queryBenchmark) {
}
