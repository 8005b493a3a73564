package org.tsdbbench.common.workload;

/** What one query must return, computed from the data set without a database. */
public interface ExpectedAnswer {

    /** A fresh check that collects one run's rows; one per run. */
    ResultCheck newCheck();
}
