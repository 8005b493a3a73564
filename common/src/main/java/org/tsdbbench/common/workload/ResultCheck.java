package org.tsdbbench.common.workload;

import org.tsdbbench.common.query.ResultSink;

/** Collects the rows of one run of a query and says whether they are the expected answer. */
public interface ResultCheck extends ResultSink {

    /** null when the rows match the expected answer, else one line naming the query and what differs. */
    String mismatch();

    /** The rows received. */
    long rows();
}
