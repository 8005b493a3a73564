package org.tsdbbench.common.query;

import java.util.Optional;
import org.tsdbbench.common.data.WorkloadSpec;

/**
 * How one database says each logical query, and how to read what it answers. The rows reach the
 * answer check in the catalog's canonical shape: q1 and q6 {@code ts, devid, temperature,
 * humidity}; q2 and q5 {@code value}; q3 {@code devgroup, value}; q4 {@code bucketStartMs, value}.
 * A database whose answer has another shape says so in its {@link #shaper}.
 */
public interface Dialect {

    /** The query text, or empty when the database has no such function (reported as absent, never faked). */
    Optional<String> render(LogicalQuery query, WorkloadSpec spec);

    /** What turns the database's rows for this query (from {@link #render} or a query file) into the catalog's. */
    default RowShaper shaper(LogicalQuery query) {
        return RowShaper.AS_IS;
    }
}
