package org.tsdbbench.common.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.tsdbbench.results.StepFlags;

/**
 * The JMH parameters the steps set and the report reads back by their {@link StepFlags} names are
 * the benchmarks' own {@code @Param} fields: a field renamed without its name would leave JMH
 * refusing the step's parameter, or the report finding no cell.
 */
class BenchmarkParamsTest {

    private record Declared(Class<?> benchmark, String param) {
    }

    @Test
    void everyParameterNameIsAParamFieldOfItsBenchmark() throws Exception {
        for (Declared d : List.of(new Declared(WriteBenchmark.class, StepFlags.PARAM_ROWS_PER_REQUEST),
                new Declared(WriteBenchmark.class, StepFlags.PARAM_TARGET_ROWS_PER_SECOND),
                new Declared(VolumeBenchmark.class, StepFlags.PARAM_BLOCK_ROWS), new Declared(VolumeBenchmark.class, StepFlags.PARAM_ROWS_PER_REQUEST),
                new Declared(MixedLoadBenchmark.class, StepFlags.PARAM_ROWS_PER_REQUEST), new Declared(MixedLoadBenchmark.class, StepFlags.PARAM_RESULT_ROWS),
                new Declared(RangeQueryBenchmark.class, StepFlags.PARAM_RESULT_ROWS), new Declared(QueryBenchmark.class, StepFlags.PARAM_QUERY_ID))) {
            assertNotNull(d.benchmark().getField(d.param()).getAnnotation(Param.class), d.benchmark().getSimpleName() + "." + d.param() + " is no @Param");
        }
    }

    @Test
    void theWriteBenchmarkFromAnIdeCountsTheRowsOfItsDefaultRequest() throws Exception {
        // Run as it is, the score reads as rows/s only when operations per invocation equal the rows of one request.
        String[] rows = {StepFlags.DEFAULT_ROWS_PER_REQUEST_PARAM};
        assertArrayEquals(rows, WriteBenchmark.class.getField(StepFlags.PARAM_ROWS_PER_REQUEST).getAnnotation(Param.class).value());
        assertEquals(StepFlags.DEFAULT_ROWS_PER_REQUEST, WriteBenchmark.class.getMethod("write", WriteBenchmark.Trial.class, WriteBenchmark.Acked.class,
                WriteBenchmark.Failed.class, org.openjdk.jmh.infra.Control.class).getAnnotation(OperationsPerInvocation.class).value());
        assertEquals("1000", StepFlags.DEFAULT_ROWS_PER_REQUEST_PARAM);
    }
}
