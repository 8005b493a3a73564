package org.tsdbbench.common.cli;

import org.tsdbbench.common.bench.MixedLoadBenchmarkBase;
import org.tsdbbench.common.bench.QueryBenchmarkBase;
import org.tsdbbench.common.bench.RangeQueryBenchmarkBase;
import org.tsdbbench.common.bench.VolumeBenchmarkBase;
import org.tsdbbench.common.bench.WriteBenchmarkBase;
import org.tsdbbench.common.db.Database;

/** What a database module hands the shared CLI: its binding and its JMH classes, one per test. */
public record BenchModule(Database database, Class<? extends WriteBenchmarkBase> writeBenchmark,
                          Class<? extends QueryBenchmarkBase> queryBenchmark,
                          Class<? extends RangeQueryBenchmarkBase> rangeQueryBenchmark,
                          Class<? extends VolumeBenchmarkBase> volumeBenchmark,
                          Class<? extends MixedLoadBenchmarkBase> mixedLoadBenchmark) {
}
