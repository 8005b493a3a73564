package org.tsdbbench.common.query;

import java.util.Optional;
import org.tsdbbench.common.data.WorkloadSpec;

/**
 * How one database says each logical query. The rendered text must return rows in the canonical
 * shape the answer check reads: q1 {@code ts, devid, temperature, humidity}; q2 {@code value};
 * q3 {@code devgroup, value}; q4 {@code bucketStartMs, value}.
 */
public interface Dialect {

    /** The query text, or empty when the database has no such function (reported as absent, never faked). */
    Optional<String> render(LogicalQuery query, WorkloadSpec spec);
}
