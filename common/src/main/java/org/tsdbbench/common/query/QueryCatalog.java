package org.tsdbbench.common.query;

import java.util.ArrayList;
import java.util.List;

/**
 * The query tests as data: q1 reads groups 0, 10 .. 90; q2 applies each aggregate, first and last
 * (report A's multi-sensor functions) to 10%, 20% .. 100% of the devices; q3 and q4 apply count, sum and avg per group and per minute; q5 applies
 * each single-device function to device {@link #DEVICE}. (q6's ranges are drawn per run, not
 * listed here.)
 */
public final class QueryCatalog {

    public static final List<Integer> PERCENTS = List.of(10, 20, 30, 40, 50, 60, 70, 80, 90, 100);
    /** The functions q2 applies over many devices, in the catalog's order; also the ones a q2 id may name. */
    public static final List<Aggregate> Q2_FUNCTIONS = List.of(Aggregate.COUNT, Aggregate.AVG, Aggregate.SUM, Aggregate.MAX,
            Aggregate.MIN, Aggregate.SPREAD, Aggregate.STDDEV, Aggregate.FIRST, Aggregate.LAST);
    public static final List<Aggregate> GROUPED_FUNCTIONS = List.of(Aggregate.COUNT, Aggregate.SUM, Aggregate.AVG);

    /** The device q5 reads: device 1 exists at every scale. */
    public static final int DEVICE = 1;

    private QueryCatalog() {
    }

    public static List<LogicalQuery> family(QueryFamily family) {
        List<LogicalQuery> queries = new ArrayList<>();
        switch (family) {
            case Q1_FULL_READ -> {
                for (int g = 0; g < 100; g += 10) queries.add(LogicalQuery.fullRead(g));
            }
            case Q2_AGGREGATE -> addAll(queries, family, Q2_FUNCTIONS);
            case Q3_GROUP_BY_TAG, Q4_GROUP_BY_MINUTE -> addAll(queries, family, GROUPED_FUNCTIONS);
            case Q5_DEVICE_FUNCTION -> {
                for (Aggregate fn : LogicalQuery.DEVICE_FUNCTIONS) queries.add(LogicalQuery.deviceFunction(fn, DEVICE));
            }
            case Q6_RANGE -> { }
        }
        return queries;
    }

    public static List<LogicalQuery> all() {
        List<LogicalQuery> queries = new ArrayList<>();
        for (QueryFamily f : QueryFamily.values()) queries.addAll(family(f));
        return queries;
    }

    private static void addAll(List<LogicalQuery> out, QueryFamily family, List<Aggregate> functions) {
        for (Aggregate fn : functions) for (int p : PERCENTS) out.add(LogicalQuery.of(family, fn, p));
    }
}
