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
     * How the database keeps the IoT records, which decides the expected answers where TSBS left a
     * tag of a record null and which of two records without a name sharing a key it keeps:
     * {@link TagModel#RECORD} (the default: its own tags, every record), {@link TagModel#SERIES}
     * (its own tags, one point per series and time) or {@link TagModel#TABLE} (tags per sub-table,
     * one row per name and time, as TDengine's layout of report C). The data set's answers hold
     * each ({@code IotCatalogAnswers}) and prepare the catalog against this one.
     */
    default TagModel tagModel() {
        return TagModel.RECORD;
    }
}
