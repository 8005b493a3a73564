package org.tsdbbench.common.query;

import java.util.Optional;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.TagModel;

/**
 * How one database says each query of the workloads it takes, and how to read what it answers:
 * an overload of {@code render} and {@code shaper} per workload's query type (a workload's
 * {@link org.tsdbbench.common.workload.Answers} calls the one for its type). The rows reach the
 * answer check in the catalog's canonical shape; for the devices: q1 and q6 {@code ts, devid,
 * temperature, humidity}; q2 and q5 {@code value}; q3 {@code devgroup, value}; q4
 * {@code bucketStartMs, value}. A database whose answer has another shape says so in its shaper.
 */
public interface Dialect {

    /** The devices' query text, or empty when the database has no such function (reported as absent, never faked). */
    Optional<String> render(LogicalQuery query, WorkloadSpec spec);

    /** What turns the database's rows for this devices query (from {@link #render} or a query file) into the catalog's. */
    default RowShaper shaper(LogicalQuery query) {
        return RowShaper.AS_IS;
    }

    /** The IoT query in this database's language for this data set; empty when the database cannot say it (absent, never faked). */
    default Optional<String> render(IotQuery query, IotSpec spec) {
        return Optional.empty();
    }

    /** Reorders or converts the database's rows of an IoT query into the catalog's columns. */
    default RowShaper shaper(IotQuery query) {
        return RowShaper.AS_IS;
    }

    /**
     * Which tags a stored IoT record answers to, which decides the expected answers where TSBS left
     * a tag of a record null: {@link TagModel#RECORD} (the default) for a database that keeps each
     * record's own tags (a series per tag set, tag columns per row); {@link TagModel#TABLE} for one
     * that keeps them per sub-table, as TDengine's layout of report C does. The data set's answers
     * hold both ({@code IotCatalogAnswers}) and prepare the catalog against this one.
     */
    default TagModel tagModel() {
        return TagModel.RECORD;
    }
}
